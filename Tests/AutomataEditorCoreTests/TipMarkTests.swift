import Foundation
import Testing
@testable import AutomataEditorCore

/// With a symbol model, a small mark inside a state at the tip of the arrow just drawn is
/// more of that arrow (its head, or a head's second stroke), not a letter naming the state
/// (FC_A: heads drawn inside their node's state renamed it); a name written in the state's
/// middle is still its name.
@Suite struct TipMarkTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    /// q0 at (100, 200), q1 at (300, 200), radius 40, and a shaft q0 → q1 ending inside q1 at (275, 200).
    private func shaftIntoQ1() -> Editor {
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 200)])
        editor.perform(.stroke(HandDrawn.arrow(from: p(145, 200), to: p(275, 200), head: false)), with: Handwriting.interpreter)
        #expect(editor.document.transitions.count == 1)
        return editor
    }

    /// A short upright stroke: what the symbol model reads as a 1.
    private func upright(x: Double, from top: Double, to bottom: Double) -> [CanvasPoint] {
        (0...12).map { p(x, top + (bottom - top) * Double($0) / 12) }
    }

    @Test func aStrokeClosingTheHeadAtTheTipIsNoName() {
        var editor = shaftIntoQ1()
        // The head as a V at the tip, then its base closed with a short upright stroke.
        let v = [p(263, 192), p(269, 196), p(275, 200), p(269, 204), p(263, 208)]
        editor.perform(.stroke(v), with: Handwriting.interpreter)
        let base = upright(x: 266, from: 193, to: 207)
        #expect(Handwriting.symbols.classify(stroke: base.map { .init(x: $0.x, y: $0.y) }).label != nil,
                "the base alone reads as a symbol: the rule is what keeps it from naming q1")
        let messages = editor.perform([.stroke(base)], with: Handwriting.interpreter)
        #expect(editor.document.states.map(\.name) == ["q0", "q1"], "\(messages)")
        let t = editor.document.transitions
        #expect(t.count == 1 && t[0].from == 0 && t[0].to == 1 && t[0].head == .drawn, "\(messages)")
    }

    @Test func aMarkAtTheTipOfAShaftAwaitingItsHeadDirectsIt() {
        var editor = shaftIntoQ1()
        let messages = editor.perform([.stroke(upright(x: 270, from: 193, to: 207))], with: Handwriting.interpreter)
        #expect(editor.document.states.map(\.name) == ["q0", "q1"], "\(messages)")
        let t = editor.document.transitions
        #expect(t.count == 1 && t[0].from == 0 && t[0].to == 1 && t[0].head == .drawn, "\(messages)")
    }

    @Test func aNameWrittenInTheMiddleAfterTheArrowStillNamesTheState() {
        var editor = shaftIntoQ1()
        let messages = editor.perform(Handwriting.word("s", at: p(294, 190), height: 18).map { .stroke($0) }, with: Handwriting.interpreter)
        #expect(editor.document.states[1].name == "s", "\(messages)")
    }
}
