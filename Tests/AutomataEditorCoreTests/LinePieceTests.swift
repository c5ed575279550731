import Foundation
import Testing
@testable import AutomataEditorCore

/// With a symbol model, a short straight stroke running out from inside a state to its edge is
/// the first piece of a line leaving it (FC_A connectors are drawn leg by leg), not a 1 naming
/// the state; a name written in the state, an upright stroke among its letters, still names it.
/// (Real FC_A arrows for these rules: `FlowchartArrowsWithHandwritingTests`.)
@Suite struct LinePieceTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    private func line(_ a: CanvasPoint, _ b: CanvasPoint) -> [CanvasPoint] { HandDrawn.line(from: a, to: b, count: 12) }

    @Test func aPieceLeavingAStateIsNoNameAndTheNextPieceCarriesTheLine() {
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 200)])
        // Up out of q0's top, then over and down into q1's top.
        let first = line(p(100, 188), p(100, 162))
        #expect(Handwriting.symbols.classify(stroke: first.map { .init(x: $0.x, y: $0.y) }).label != nil,
                "the piece alone reads as a symbol: the rule is what keeps it from naming q0")
        var messages = editor.perform([.stroke(first)], with: Handwriting.interpreter)
        #expect(editor.document.states.map(\.name) == ["q0", "q1"], "\(messages)")
        let rest = line(p(100, 162), p(100, 120)) + line(p(100, 120), p(300, 120)).dropFirst() + HandDrawn.arrow(from: p(300, 120), to: p(300, 158)).dropFirst()
        messages += editor.perform([.stroke(rest)], with: Handwriting.interpreter)
        #expect(editor.document.states.map(\.name) == ["q0", "q1"], "\(messages)")
        let t = editor.document.transitions
        #expect(t.count == 1 && t.first?.from == 0 && t.first?.to == 1, "\(messages)")
    }

    @Test func anUprightStrokeInANameStillNamesTheState() {
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 200)])
        let messages = editor.perform(Handwriting.word("s1", at: p(88, 190), height: 20).map { .stroke($0) }, with: Handwriting.interpreter)
        #expect(editor.document.states[0].name == "s1", "\(messages)")
    }
}
