import Testing
@testable import AutomataEditorCore

/// Gestures people know from paper and pen apps: a second initial arrow moves the mark, and
/// rubbing out a final state's ring takes the ring alone.
@Suite struct PenGestureTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }
    private let interpreter = ShippedModel.interpreter

    @Test func aSecondInitialArrowMovesTheMarkInOneStep() throws {
        var editor = HandDrawn.editor(withStatesAt: [p(200, 300), p(500, 300)])
        editor.perform(.stroke(HandDrawn.arrow(from: p(60, 300), to: p(158, 300))), with: interpreter)
        #expect(editor.document.states.map(\.isInitial) == [true, false])
        let message = editor.perform(.stroke(HandDrawn.arrow(from: p(500, 160), to: p(500, 258))), with: interpreter)
        #expect(message.hasSuffix("; q0 is no longer initial (an automaton starts in one state)"), "\(message)")
        #expect(editor.document.states.map(\.isInitial) == [false, true])
        #expect(editor.document.states[0].initialArrowStart == nil, "q0's arrow goes with its mark")
        #expect(editor.undo() && editor.document.states.map(\.isInitial) == [true, false], "one step: undo gives q0 its mark back")
    }

    @Test func aStrokeShorterThanMostOfTheStatesRadiusDoesNotMoveTheStart() {
        // `automata bench drawings --handwriting`, seed 27, drawing 45: a label's first stroke,
        // 23 points long, written above q1 (radius 38) and pointing into it, moved the start
        // from q0 to q1. Points relative to q1's centre.
        let stroke = [p(-9.9, -70.2), p(-10.2, -69.6), p(-10.5, -69.1), p(-10.8, -68.6), p(-11.1, -68.1), p(-11.4, -67.6), p(-11.6, -67.1), p(-11.9, -66.7), p(-12.1, -66.3), p(-12.3, -65.9), p(-12.5, -65.5), p(-12.7, -65.2), p(-12.9, -64.9), p(-13.0, -64.5), p(-13.2, -64.2), p(-13.3, -63.9), p(-13.5, -63.7), p(-13.6, -63.4), p(-13.8, -63.2), p(-13.9, -62.9), p(-14.0, -62.7), p(-14.1, -62.4), p(-14.3, -62.1), p(-14.4, -61.9), p(-14.6, -61.6), p(-14.7, -61.3), p(-14.9, -61.0), p(-15.1, -60.7), p(-15.3, -60.3), p(-15.5, -59.9), p(-15.7, -59.6), p(-15.9, -59.2), p(-16.1, -58.7), p(-16.4, -58.2), p(-16.6, -57.8), p(-16.9, -57.3), p(-17.2, -56.7), p(-17.5, -56.2), p(-17.8, -55.7), p(-18.1, -55.1), p(-18.4, -54.5), p(-18.8, -53.9), p(-19.1, -53.3), p(-19.4, -52.7), p(-19.7, -52.1), p(-20.0, -51.5), p(-20.3, -50.9), p(-20.6, -50.4), p(-21.0, -49.8)]
        var editor = HandDrawn.editor(withStatesAt: [p(200, 300), p(500, 300)], radius: 38)
        editor.perform(.stroke(HandDrawn.arrow(from: p(60, 300), to: p(158, 300))), with: interpreter)
        #expect(editor.document.states.map(\.isInitial) == [true, false])
        let message = editor.perform(.stroke(stroke.map { p($0.x + 500, $0.y + 300) }), with: interpreter)
        #expect(editor.document.states.map(\.isInitial) == [true, false], "\(message)")
        // Where no state is initial yet, it is q1's initial arrow (stubby, but an arrow).
        var fresh = HandDrawn.editor(withStatesAt: [p(200, 300), p(500, 300)], radius: 38)
        fresh.perform(.stroke(stroke.map { p($0.x + 500, $0.y + 300) }), with: interpreter)
        #expect(fresh.document.states.map(\.isInitial) == [false, true])
    }

    @Test func aLineWithoutAHeadDoesNotMoveTheStartUntilItsHeadComes() throws {
        var editor = HandDrawn.editor(withStatesAt: [p(200, 300), p(500, 300)])
        editor.perform(.stroke(HandDrawn.arrow(from: p(60, 300), to: p(158, 300))), with: interpreter)
        // A tall 1 written above q1, 50 long and stopping 20 short of its edge (`automata bench
        // drawings --handwriting --seed 127`, drawing 0: a label's 1 moved the start).
        let line = editor.perform(.stroke(HandDrawn.arrow(from: p(505, 190), to: p(500, 240), head: false)), with: interpreter)
        #expect(editor.document.states.map(\.isInitial) == [true, false], "\(line)")
        // The same line drawn as a shaft whose head comes next, apart: the start moves.
        var shaft = HandDrawn.editor(withStatesAt: [p(200, 300), p(500, 300)])
        shaft.perform(.stroke(HandDrawn.arrow(from: p(60, 300), to: p(158, 300))), with: interpreter)
        shaft.perform(.stroke(HandDrawn.arrow(from: p(500, 160), to: p(500, 256), head: false)), with: interpreter)
        let head = shaft.perform(.stroke(MultiStrokeSymbolTests.head(at: p(500, 257), pointing: (0, 1))), with: interpreter)
        #expect(shaft.document.states.map(\.isInitial) == [false, true] && head.contains("q0 is no longer initial"), "\(head)")
    }

    @Test func aCurlIntoAStateDoesNotMoveTheStartFromAnother() throws {
        // `automata bench drawings --handwriting --seed 147`, drawing 33: five states in a
        // column, q0 initial; the label a written beside q3 → q4's head, which the model sees
        // as a cycle ending in q4, moved the start there.
        let actions: [EditAction] = [
            .addState(center: p(310.7, 264.4), radius: 46.3), .addState(center: p(282.5, 523.2), radius: 35.7),
            .addState(center: p(264.6, 792.6), radius: 58.8), .addState(center: p(295.4, 1037.0), radius: 34.1),
            .addState(center: p(273.6, 1283.9), radius: 27.0),
            .addTransition(from: 3, to: 4, start: p(291.1, 1071.7), end: p(275.1, 1255.3), head: .drawn)]
        var editor = Editor(document: AutomatonDocument().applying(actions + [.setInitial(id: 0, isInitial: true)]))
        let read = editor.perform(.stroke(Self.curl), with: interpreter)
        #expect(editor.document.states.map(\.isInitial) == [true, false, false, false, false], "\(read)")
        #expect(editor.document.transitions.count == 1, "\(read)")
        // With no state initial yet, the same curl is q4's initial arrow.
        var fresh = Editor(document: AutomatonDocument().applying(actions))
        let arrow = fresh.perform(.stroke(Self.curl), with: interpreter)
        #expect(fresh.document.states.map(\.isInitial) == [false, false, false, false, true], "\(arrow)")
    }

    private static let curl = [
        (321.7, 1235.7), (321.3, 1235.2), (320.9, 1234.6), (320.6, 1234.1), (320.2, 1233.5), (319.9, 1232.9), (319.7, 1232.4), (319.3, 1231.8),
        (319.1, 1231.2), (318.8, 1230.7), (318.5, 1230.2), (318.2, 1229.7), (318.0, 1229.1), (317.7, 1228.7), (317.4, 1228.2), (317.1, 1227.7),
        (316.8, 1227.3), (316.4, 1226.9), (316.1, 1226.5), (315.7, 1226.1), (315.3, 1225.8), (314.9, 1225.6), (314.4, 1225.4), (314.0, 1225.2),
        (313.5, 1225.1), (313.1, 1225.1), (312.6, 1225.1), (312.2, 1225.2), (311.7, 1225.3), (311.3, 1225.4), (311.0, 1225.5), (310.6, 1225.7),
        (310.2, 1225.8), (309.8, 1225.9), (309.5, 1226.1), (309.1, 1226.2), (308.8, 1226.4), (308.4, 1226.6), (308.1, 1226.7), (307.8, 1226.9),
        (307.5, 1227.1), (307.2, 1227.2), (306.9, 1227.4), (306.6, 1227.6), (306.3, 1227.8), (306.0, 1227.9), (305.7, 1228.1), (305.4, 1228.3),
        (305.1, 1228.4), (304.9, 1228.6), (304.6, 1228.9), (304.3, 1229.0), (304.0, 1229.2), (303.7, 1229.4), (303.4, 1229.6), (303.2, 1229.9),
        (302.9, 1230.1), (302.6, 1230.3), (302.3, 1230.5), (302.0, 1230.7), (301.7, 1231.0), (301.4, 1231.2), (301.1, 1231.5), (300.8, 1231.7),
        (300.5, 1232.0), (300.2, 1232.2), (299.9, 1232.5), (299.6, 1232.8), (299.2, 1233.1), (298.9, 1233.4), (298.6, 1233.7), (298.3, 1234.0),
        (298.0, 1234.4), (297.7, 1234.7), (297.4, 1235.1), (297.0, 1235.5), (296.8, 1235.9), (296.5, 1236.4), (296.3, 1236.8), (296.1, 1237.3),
        (295.9, 1237.8), (295.8, 1238.4), (295.7, 1238.9), (295.7, 1239.5), (295.7, 1240.1), (295.8, 1240.7), (295.8, 1241.3), (295.9, 1241.9),
        (296.0, 1242.5), (296.2, 1243.1), (296.3, 1243.7), (296.5, 1244.3), (296.7, 1244.9), (296.9, 1245.5), (297.2, 1246.1), (297.4, 1246.8),
        (297.7, 1247.4), (298.1, 1248.0), (298.3, 1248.6), (298.7, 1249.2), (299.0, 1249.8), (299.4, 1250.4), (299.9, 1250.9), (300.4, 1251.4),
        (300.9, 1251.9), (301.6, 1252.1), (302.3, 1251.9), (303.0, 1251.6), (303.6, 1251.2), (304.1, 1250.8), (304.7, 1250.3), (305.2, 1249.8),
        (305.7, 1249.3), (306.2, 1248.8), (306.6, 1248.3), (307.2, 1247.7), (307.6, 1247.2), (308.1, 1246.7), (308.6, 1246.2), (309.0, 1245.7),
        (309.5, 1245.2), (310.0, 1244.8), (310.6, 1244.3)].map { CanvasPoint(x: $0.0, y: $0.1) }

    @Test func rubbingAFinalRingTakesTheRingAlone() throws {
        var editor = HandDrawn.editor(withStatesAt: [p(200, 300)])
        editor.apply(.toggleFinal(id: 0))
        // Down through the band between the rings, 36 from the centre: the name's middle untouched.
        let message = editor.perform(.erase((0...20).map { p(236, 250 + 5 * Double($0)) }), with: interpreter)
        #expect(message.contains("the final ring of q0 (no longer final)"), "\(message)")
        #expect(editor.document.states.count == 1 && !editor.document.states[0].isFinal)
    }

    @Test func rubbingAcrossAFinalStatesMiddleRemovesIt() {
        var editor = HandDrawn.editor(withStatesAt: [p(200, 300)])
        editor.apply(.toggleFinal(id: 0))
        editor.perform(.erase((0...20).map { p(205, 250 + 5 * Double($0)) }), with: interpreter)
        #expect(editor.document.states.isEmpty)
    }

    @Test func rubbingANonFinalStatesEdgeRemovesIt() {
        var editor = HandDrawn.editor(withStatesAt: [p(200, 300)])
        editor.perform(.erase((0...20).map { p(236, 250 + 5 * Double($0)) }), with: interpreter)
        #expect(editor.document.states.isEmpty)
    }

    /// A zigzag of `legs` legs, `width` wide and `height` high, centred on `centre`.
    private func zigzag(_ centre: CanvasPoint, width: Double, height: Double, legs: Int = 6) -> [CanvasPoint] {
        (0...legs).flatMap { leg -> [CanvasPoint] in
            let x0 = centre.x + (leg % 2 == 0 ? -width / 2 : width / 2), x1 = centre.x + (leg % 2 == 0 ? width / 2 : -width / 2)
            let y = centre.y - height / 2 + height * Double(leg) / Double(legs)
            return (0..<8).map { i in p(x0 + (x1 - x0) * Double(i) / 8, y + height / Double(legs) * Double(i) / 8) }
        }
    }

    @Test func aZigzagOverAStateCrossesItOutInOneStep() {
        var editor = HandDrawn.editor(withStatesAt: [p(200, 300), p(500, 300)])
        let message = editor.perform(.stroke(zigzag(p(200, 300), width: 60, height: 50)), with: interpreter)
        #expect(message == "a zigzag over q0, crossed out: removed state q0", "\(message)")
        #expect(editor.document.states.map(\.name) == ["q1"])
        #expect(editor.undo() && editor.document.states.count == 2)
    }

    @Test func aZigzagAcrossATransitionsMiddleCrossesItOut() {
        var editor = HandDrawn.editor(withStatesAt: [p(200, 300), p(500, 300)])
        editor.perform(.stroke(HandDrawn.arrow(from: p(242, 300), to: p(458, 300))), with: interpreter)
        #expect(editor.document.transitions.count == 1)
        // Up and down across the line: the zigzag turned a quarter.
        let across = zigzag(p(0, 0), width: 60, height: 40).map { p(350 + $0.y, 301 + $0.x) }
        let message = editor.perform(.stroke(across), with: interpreter)
        #expect(message.hasPrefix("a zigzag across transition q0 → q1, crossed out"), "\(message)")
        #expect(editor.document.transitions.isEmpty && editor.document.states.count == 2)
    }

    @Test func aSmallZigzagInAStateIsWritingAndARingIsNoZigzag() {
        var editor = HandDrawn.editor(withStatesAt: [p(200, 300)])
        // A cursive "m" inside the state: smaller than its radius.
        editor.perform(.stroke(zigzag(p(200, 300), width: 24, height: 16)), with: interpreter)
        #expect(editor.document.states.count == 1)
        #expect(!RecognitionRules.isZigzag(HandDrawn.circle(p(0, 0), radius: 40, turns: 2.1)), "a double ring turns smoothly")
    }

    @Test func aZigzagHeadAtATransitionsEndIsNoCrossingOut() {
        var editor = HandDrawn.editor(withStatesAt: [p(200, 300), p(500, 300)])
        editor.perform(.stroke(HandDrawn.arrow(from: p(242, 300), to: p(458, 300), head: false)), with: interpreter)
        editor.perform(.stroke(zigzag(p(445, 300), width: 14, height: 24)), with: interpreter)
        #expect(editor.document.transitions.count == 1)
    }
}
