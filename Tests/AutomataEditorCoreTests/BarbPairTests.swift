import Foundation
import Testing
@testable import AutomataEditorCore

/// A head drawn as its two barbs, one stroke each, after its shaft (FC_A writers do): the
/// two are one head at the shaft's end, even where the first alone is no head (beside the
/// state the shaft left, whose direction a hook at its tip set); a later stroke that is no
/// second barb settles the shaft as it was.
@Suite struct BarbPairTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    /// q0 at (100, 200) above q1 at (100, 315), radius 40, and a short shaft from q0 down to
    /// q1 whose pen lifted in a little hook: that reads as its head at q1, tentatively
    /// (`PendingInk.tentativeHead`), as in FC_A's writer17_13 arrow _6.
    private func shaftWithAHookAtQ1(with interpreter: StrokeInterpreter) -> Editor {
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(100, 315)])
        let shaft = HandDrawn.line(from: p(100, 231), to: p(100, 282), count: 17) + HandDrawn.line(from: p(100, 282), to: p(100, 274), count: 3).dropFirst()
        editor.perform(.stroke(shaft), with: interpreter)
        let t = editor.document.transitions
        #expect(t.count == 1 && t[0].from == 0 && t[0].to == 1 && t[0].head == .drawn)
        return editor
    }

    /// The two barbs of a head pointing up into q0 at (101, 231), each drawn out from the point.
    private let barbs = [HandDrawn.line(from: CanvasPoint(x: 101, y: 232), to: CanvasPoint(x: 90, y: 247), count: 3),
                         HandDrawn.line(from: CanvasPoint(x: 101, y: 230), to: CanvasPoint(x: 112, y: 243), count: 3)]

    @Test(arguments: [false, true])
    func twoBarbsAtTheShaftsEndDirectItThere(readingHandwriting: Bool) {
        let interpreter = readingHandwriting ? Handwriting.interpreter : ShippedModel.interpreter
        var editor = shaftWithAHookAtQ1(with: interpreter)
        let messages = editor.perform(barbs.map { .stroke($0) }, with: interpreter)
        let t = editor.document.transitions
        #expect(t.count == 1 && t[0].from == 1 && t[0].to == 0 && t[0].head == .drawn, "\(messages)")
        #expect(editor.document.states.map(\.name) == ["q0", "q1"], "\(messages)")
        #expect(messages.last?.contains("second barb") == true, "\(messages)")
    }

    @Test func theSecondBarbDrawnIntoThePointJoinsToo() {
        var editor = shaftWithAHookAtQ1(with: ShippedModel.interpreter)
        let messages = editor.perform([.stroke(barbs[0]), .stroke(barbs[1].reversed())], with: ShippedModel.interpreter)
        let t = editor.document.transitions
        #expect(t.count == 1 && t[0].from == 1 && t[0].to == 0 && t[0].head == .drawn, "\(messages)")
    }

    @Test func aFirstBarbWhoseStartJittersWhereThePenLandedIsABarbStill() {
        // As FC_A writer32_12b's arrow _8: the pen dwells on the point, wandering a point or two
        // about it, before drawing the barb (its ink half again as long as the barb).
        var editor = shaftWithAHookAtQ1(with: ShippedModel.interpreter)
        let jitter = [(0, 0), (0, 0), (-1, -1), (0, -1), (-1, -2), (0, -1), (0, -2), (0, -1), (-1, -1), (0, 0)].map { p(101 + $0, 232 + $1) }
        let messages = editor.perform([.stroke(jitter + barbs[0].dropFirst()), .stroke(barbs[1])], with: ShippedModel.interpreter)
        let t = editor.document.transitions
        #expect(t.count == 1 && t[0].from == 1 && t[0].to == 0 && t[0].head == .drawn, "\(messages)")
    }

    @Test func oneBarbAloneIsNoHeadAndTheNextStrokeSettlesTheShaftAsDrawn() {
        var editor = shaftWithAHookAtQ1(with: ShippedModel.interpreter)
        editor.perform(.stroke(barbs[0]), with: ShippedModel.interpreter)
        #expect(editor.document.pending.barb != nil && editor.document.pending.tentativeHead == editor.document.transitions[0].id,
                "the first barb keeps the shaft's direction open for the second")
        // A line away from the barb's point: no second barb.
        let messages = editor.perform([.stroke(HandDrawn.line(from: p(190, 120), to: p(205, 100)))], with: ShippedModel.interpreter)
        let t = editor.document.transitions
        #expect(t.count == 1 && t[0].from == 0 && t[0].to == 1, "\(messages)")
        #expect(editor.document.pending.barb == nil && editor.document.pending.tentativeHead == nil)
    }

    @Test func twoShortLinesMeetingAwayFromEveryLineEndAreNoHead() {
        var editor = shaftWithAHookAtQ1(with: ShippedModel.interpreter)
        // An "L" written beside the shaft's middle.
        let l = [HandDrawn.line(from: p(165, 245), to: p(165, 265)), HandDrawn.line(from: p(165, 265), to: p(177, 265))]
        let messages = editor.perform(l.map { .stroke($0) }, with: ShippedModel.interpreter)
        let t = editor.document.transitions
        #expect(t.count == 1 && t[0].from == 0 && t[0].to == 1, "\(messages)")
    }

    @Test func undoTakesBackTheHeadThenTheFirstBarb() {
        var editor = shaftWithAHookAtQ1(with: ShippedModel.interpreter)
        editor.perform(barbs.map { .stroke($0) }, with: ShippedModel.interpreter)
        #expect(editor.document.transitions[0].from == 1)
        #expect(editor.undo() && editor.document.transitions[0].from == 0 && editor.document.pending.barb != nil)
        #expect(editor.redo() && editor.document.transitions[0].from == 1 && editor.document.pending.barb == nil)
    }
}
