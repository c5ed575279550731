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
