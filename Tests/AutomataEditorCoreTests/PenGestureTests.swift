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
}
