import Testing
@testable import AutomataEditorCore

/// A small self-loop that a sparse pen keeps as a triangle hangs on its state's rim by both
/// ends with its corner out: the shape of a closed head drawn before its shaft. Reaching half
/// a radius out or more, it is the loop; a head is smaller.
@Suite struct SharpLoopTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    /// `automata bench drawings --handwriting --seed 109`, drawing 1: four states in a column
    /// with their transitions; q3, radius 20.7, at the bottom.
    private func states() -> Editor {
        Editor(document: AutomatonDocument().applying([
            .addState(center: p(230.7, 217.2), radius: 19.8),
            .addState(center: p(250.9, 358.0), radius: 26.5),
            .addState(center: p(255.5, 512.1), radius: 23.5),
            .addState(center: p(224.8, 643.1), radius: 20.7),
            .addTransition(from: 0, to: 1, start: p(232.3, 238.2), end: p(244.9, 329.5), head: .drawn),
            .addTransition(from: 1, to: 2, start: p(254.0, 385.8), end: p(256.6, 489.3), head: .drawn),
            .addTransition(from: 2, to: 3, start: p(259.9, 533.0), end: p(238.0, 626.4), head: .drawn),
            .addTransition(from: 3, to: 2, start: p(220.2, 625.6), end: p(240.5, 529.1), head: .drawn)]))
    }

    /// q3's loop as the pen kept it: four points, from the rim out 0.59 of the radius and back.
    private let loop = [(217.9, 660.5), (207.5, 671.2), (220.0, 674.1), (217.4, 661.0)].map { CanvasPoint(x: $0.0, y: $0.1) }

    @Test func aTriangleHangingHalfARadiusOutIsASelfLoop() throws {
        var editor = states()
        let read = editor.perform(.stroke(loop), with: ShippedModel.interpreter)
        let t = try #require(editor.document.transitions.last)
        #expect(editor.document.transitions.count == 5 && t.isSelfLoop && t.from == 3, "\(read)")
        #expect(editor.document.pending.heads.isEmpty, "no head waiting: \(read)")
    }

    @Test func theSameTriangleHalfAsBigIsAHeadWaitingForItsShaft() {
        // Shrunk towards where it leaves the rim: 0.3 of the radius out, a head's size.
        var editor = states()
        let corner = loop[0]
        let small = loop.map { p(corner.x + ($0.x - corner.x) / 2, corner.y + ($0.y - corner.y) / 2) }
        let read = editor.perform(.stroke(small), with: ShippedModel.interpreter)
        #expect(editor.document.transitions.count == 4, "\(read)")
    }
}
