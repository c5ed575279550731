import Testing
@testable import AutomataEditorCore

/// A head drawn before its shaft as marks the shape model does not read as a V (filled
/// in) is left alone as writing at the rim of its state; the shaft drawn next from
/// there points into that state (FC_A: connectors drawn from their head outwards came out
/// backwards). A name in the middle of a state directs nothing.
@Suite struct MarkedStartTests {
    private let interpreter = ShippedModel.interpreter
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    /// q0 at (100, 200), q1 at (300, 200), radius 40.
    private func twoStates() -> Editor {
        let editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 200)])
        #expect(editor.document.states.count == 2)
        return editor
    }

    /// A filled-in head with its point at `apex`, `size` long, opening along `opening`: the
    /// pen goes back and forth across it from its back to its point.
    private func filledHead(at apex: CanvasPoint, opening: (x: Double, y: Double), size: Double = 14) -> [CanvasPoint] {
        (0...8).map { i in
            let along = size * (1 - Double(i) / 8)
            let across = (i % 2 == 0 ? 1.0 : -1.0) * along / 2
            return p(apex.x + opening.x * along - opening.y * across, apex.y + opening.y * along + opening.x * across)
        }
    }

    private func line(_ a: CanvasPoint, _ b: CanvasPoint) -> [CanvasPoint] { HandDrawn.arrow(from: a, to: b, head: false) }

    @Test func aShaftDrawnOutOfTheHeadDrawnBeforeItPointsIntoThatState() throws {
        var editor = twoStates()
        let head = editor.perform(.stroke(filledHead(at: p(275, 200), opening: (-1, 0))), with: interpreter)
        #expect(editor.document.transitions.isEmpty && editor.document.pending.heads.isEmpty, "no V: \(head)")
        let shaft = editor.perform(.stroke(line(p(274, 200), p(142, 200))), with: interpreter)
        #expect(shaft.contains("directed by the marks drawn before it at q1"), "\(shaft)")
        let t = try #require(editor.document.transitions.first)
        #expect(editor.document.transitions.count == 1)
        #expect((t.from, t.to, t.head) == (0, 1, .drawn))
        editor.undo()
        #expect(editor.document.transitions.isEmpty, "the shaft and its direction are one step")
    }

    @Test func aHeadDrawnNextAtTheOtherEndTurnsItBack() throws {
        var editor = twoStates()
        editor.perform(.stroke(filledHead(at: p(275, 200), opening: (-1, 0))), with: interpreter)
        editor.perform(.stroke(line(p(274, 200), p(142, 200))), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]], "directed by the marks")
        // The marks were no head: the clear one comes at q0, where the shaft was drawn to.
        let head = editor.perform(.stroke(filledHead(at: p(125, 200), opening: (1, 0))), with: interpreter)
        let t = try #require(editor.document.transitions.first)
        #expect(editor.document.transitions.count == 1)
        #expect((t.from, t.to, t.head) == (1, 0, .drawn), "\(head)")
    }

    @Test func aMarkInTheMiddleOfAStateDirectsNothing() throws {
        var editor = twoStates()
        // A short upright stroke in q1's middle: a name, not a head.
        editor.perform(.stroke((0...12).map { p(300, 192 + Double($0)) }), with: interpreter)
        let shaft = editor.perform(.stroke(line(p(262, 200), p(142, 200))), with: interpreter)
        #expect(!shaft.contains("marks"), "\(shaft)")
        let t = try #require(editor.document.transitions.first)
        #expect((t.from, t.to) == (1, 0), "as drawn: \(shaft)")
    }

    @Test func aHeadInsideTheStateWhereAShaftStartsDirectsIt() throws {
        var editor = twoStates()
        let shaft = editor.perform(.stroke(line(p(142, 200), p(258, 200))), with: interpreter)
        #expect(editor.document.transitions.first?.head == .awaited, "\(shaft)")
        // Filled in, 22 points long (over half q0's radius), inside q0 past the shaft's start
        // (a flowchart's head inside the circle standing in for its box).
        let head = editor.perform(.stroke(filledHead(at: p(118, 200), opening: (1, 0), size: 22)), with: interpreter)
        let t = try #require(editor.document.transitions.first)
        #expect(editor.document.transitions.count == 1)
        #expect((t.from, t.to, t.head) == (1, 0, .drawn), "\(head)")
    }

    @Test func aLineStartingOffTheStateWithTheMarksOnItsWayInPointsIntoIt() throws {
        // The marks inside q1 at its rim (a box's edge inside the circle standing in for it);
        // the line starts 15 points off q1, its first leg drawn apart: the way from its start to
        // q1's middle runs through the marks.
        var editor = twoStates()
        editor.perform(.stroke(filledHead(at: p(275, 200), opening: (-1, 0))), with: interpreter)
        let shaft = editor.perform(.stroke(line(p(245, 200), p(142, 200))), with: interpreter)
        #expect(shaft.contains("directed by the marks drawn before it at q1"), "\(shaft)")
        let t = try #require(editor.document.transitions.first)
        #expect(editor.document.transitions.count == 1)
        #expect((t.from, t.to, t.head) == (0, 1, .drawn))
    }

    @Test func aLineOutOfTheMarksToEmptyCanvasIsTheStatesInitialArrow() throws {
        // The marks at q1's rim, then a line from them up and away to no state: drawn from its
        // head, it points from empty canvas into q1 (FC_A: the rest of the connector, carried
        // on from its far end, then reaches the state it comes from).
        var editor = twoStates()
        editor.perform(.stroke(filledHead(at: p(300, 175), opening: (0, -1))), with: interpreter)
        let shaft = editor.perform(.stroke(line(p(300, 160), p(300, 60))), with: interpreter)
        #expect(editor.document.transitions.isEmpty, "\(shaft)")
        #expect(editor.document.states.map(\.isInitial) == [false, true], "\(shaft)")
    }
}
