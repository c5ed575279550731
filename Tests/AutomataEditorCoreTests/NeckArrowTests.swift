import StrokeModel
import Testing
@testable import AutomataEditorCore

/// A short arrow drawn in the narrow gap between two nearly touching states, its shaft and
/// head run over a rim into one circle, where a short stroke alone is writing.
@Suite struct NeckArrowTests {
    private let interpreter = ShippedModel.interpreter
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    /// q0 at (200, 200) and q1 below it, radius 40, `gap` points between their rims.
    private func twoStates(gap: Double = 10) -> Editor {
        HandDrawn.editor(withStatesAt: [p(200, 200), p(200, 280 + gap)])
    }

    /// The shaft from `start` to `end`, then its head pointing `direction` at `apex`.
    private func drawn(on editor: inout Editor, shaft start: CanvasPoint, _ end: CanvasPoint, head apex: CanvasPoint,
                       pointing direction: (x: Double, y: Double)) -> String {
        editor.perform(.stroke(HandDrawn.arrow(from: start, to: end, head: false)), with: interpreter)
        return editor.perform(.stroke(MultiStrokeSymbolTests.head(at: apex, pointing: direction, size: 9)), with: interpreter)
    }

    @Test func aShaftAndHeadInsideOneOfTwoNearlyTouchingStatesJoinThem() throws {
        var down = twoStates()
        let message = drawn(on: &down, shaft: p(200, 251), p(200, 265), head: p(200, 271), pointing: (0, 1))
        #expect(message.hasSuffix("transition q0 → q1"), "\(message)")
        let t = try #require(down.document.transitions.first)
        #expect((t.from, t.to, t.head) == (0, 1, .drawn) && down.document.transitions.count == 1)
        #expect(down.document.pending.writing == nil, "the shaft is no writing any more")
        // Drawn up, inside q0: q1 → q0.
        var up = twoStates()
        drawn(on: &up, shaft: p(200, 236), p(200, 222), head: p(200, 216), pointing: (0, -1))
        #expect(up.document.transitions.map { [$0.from, $0.to] } == [[1, 0]])
    }

    @Test func writingInTheGapOrAWideGapIsNoNeckArrow() {
        // The head pointing across the gap, not along it.
        var across = twoStates()
        drawn(on: &across, shaft: p(200, 251), p(200, 265), head: p(206, 265), pointing: (1, 0))
        // Two strokes side by side, as a word's letters are.
        var aside = twoStates()
        drawn(on: &aside, shaft: p(192, 251), p(192, 265), head: p(204, 271), pointing: (0, 1))
        // States a radius apart leave room for an arrow between their rims.
        var apart = twoStates(gap: 40)
        drawn(on: &apart, shaft: p(200, 281), p(200, 295), head: p(200, 301), pointing: (0, 1))
        for (name, editor) in [("across", across), ("aside", aside), ("apart", apart)] {
            #expect(editor.document.transitions.isEmpty, "\(name)")
        }
    }
}
