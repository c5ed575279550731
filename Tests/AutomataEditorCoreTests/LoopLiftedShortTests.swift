import Testing
@testable import AutomataEditorCore

/// A self-loop whose pen lifts before it comes back to its state (its head drawn apart) is
/// small beside the states and was read as a letter labelling the next transition ("w", "c",
/// "u"): it leaves the state's edge and goes most of a turn round a centre outside it.
@Suite struct LoopLiftedShortTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    /// `automata bench drawings --handwriting --seed 163`, drawing 76: q1 between q0 and q2,
    /// with its arrows drawn and labelled.
    private func states() -> Editor {
        Editor(document: AutomatonDocument().applying([
            .addState(center: p(248.6, 565.4), radius: 47.4),
            .addState(center: p(663.6, 556.1), radius: 35.4),
            .addState(center: p(799.4, 277.3), radius: 65.2),
            .addTransition(from: 0, to: 1, start: p(291.2, 537.6), end: p(634.9, 539.0), symbols: [.epsilon], head: .drawn),
            .addTransition(from: 1, to: 2, start: p(682.6, 525.9), end: p(776.6, 340.0), symbols: [.text("c")], head: .drawn),
            .addTransition(from: 1, to: 0, start: p(637.4, 577.3), end: p(281.9, 589.3), symbols: [.text("a")], head: .drawn)]))
    }

    /// The loop, drawn from q1's lower right edge, lifted at 1.3 radii from its centre.
    private let loop = [(694.8, 574.2), (696.5, 602.4), (683.8, 589.5), (684.1, 589.1), (676.0, 591.5),
                        (677.2, 591.2), (683.0, 589.8), (684.2, 589.5), (682.4, 599.0)].map { CanvasPoint(x: $0.0, y: $0.1) }

    @Test func aLoopLiftedShortOfItsStateIsItsSelfLoop() throws {
        var editor = states()
        let read = editor.perform(.stroke(loop), with: Handwriting.interpreter)
        let t = try #require(editor.document.transitions.last, "\(read)")
        #expect(editor.document.transitions.count == 4 && t.isSelfLoop && t.from == 1, "\(read)")
        #expect(editor.document.transitions[2].symbols == [.text("a")], "no letter on q1 → q0: \(read)")
    }

    @Test func theSameStrokeOffTheEdgeIsNoLoop() {
        // Moved 12 points out from q1: a letter beside the state does not start on its edge.
        var editor = states()
        let read = editor.perform(.stroke(loop.map { CanvasPoint(x: $0.x + 6, y: $0.y + 10) }), with: Handwriting.interpreter)
        #expect(editor.document.transitions.count == 3, "\(read)")
    }
}
