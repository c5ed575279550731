import Foundation
import Testing
@testable import AutomataEditorCore

/// With a symbol model, writing read surely inside a state names it only in a name's shape: a
/// mark under a fifth of the radius across (a head's barb) and a straight stroke out to the
/// rim (a connector's leg) are no name, while a "1" at a name's size in the middle is, and so
/// is a word reaching the rim. (Real FC_A arrows for this rule: `FlowchartArrowsWithHandwritingTests`.)
@Suite struct NameShapeTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    /// A "1" `height` tall with its top left at `start`, read as "1" by the symbol model.
    private func one(at start: CanvasPoint, height: Double) -> [CanvasPoint] {
        let stroke = Handwriting.word("1", at: start, height: height)[0]
        #expect(Handwriting.symbols.classify(stroke: stroke.map { .init(x: $0.x, y: $0.y) }).label == "1",
                "the stroke alone reads as a 1: the rule is what keeps it from naming the state")
        return stroke
    }

    /// q0 at (100, 200), radius 50, and what `stroke` did there.
    private func written(_ stroke: [CanvasPoint]) -> (name: String, messages: [String]) {
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200)], radius: 50)
        let messages = editor.perform([.stroke(stroke)], with: Handwriting.interpreter)
        return (editor.document.states[0].name, messages)
    }

    @Test func aOneWrittenInTheMiddleNamesTheState() {
        let (name, messages) = written(one(at: p(94, 186), height: 28))
        #expect(name == "1", "\(messages)")
    }

    @Test func aMarkUnderAFifthOfTheRadiusNamesNothing() {
        // 8 points tall in a state of radius 50, just inside its top.
        let (name, messages) = written(one(at: p(100, 160), height: 8))
        #expect(name == "q0", "\(messages)")
        #expect(messages.last?.contains("not its name") == true, "\(messages)")
    }

    @Test func aLineOutToTheRimNamesNothing() {
        // A name's size, but slanting from inside up across the rim, as a connector's leg
        // leaves a box (not along the radius, where it is a line piece anyway).
        let leg = HandDrawn.line(from: p(80, 190), to: p(100, 148), count: 14)
        #expect(Handwriting.symbols.classify(stroke: leg.map { .init(x: $0.x, y: $0.y) }).label != nil,
                "the line alone reads as a symbol: the rule is what keeps it from naming the state")
        let (name, messages) = written(leg)
        #expect(name == "q0", "\(messages)")
        #expect(messages.last?.contains("a line out to its rim") == true, "\(messages)")
    }

    @Test func aNameReachingTheRimStillNamesTheState() {
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200)], radius: 50)
        let messages = editor.perform(Handwriting.word("s1", at: p(52, 186), height: 28).map { .stroke($0) }, with: Handwriting.interpreter)
        #expect(editor.document.states[0].name == "s1", "\(messages)")
    }
}
