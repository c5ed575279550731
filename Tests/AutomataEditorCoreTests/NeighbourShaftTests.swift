import Foundation
import StrokeModel
import Testing
@testable import AutomataEditorCore

/// A short straight line leaving one state and pointing at the next is a shaft, whatever
/// the model makes of it magnified, and however far short of the next state it stops (within
/// reach); its head may come apart. A barb or a line pointing nowhere is no such shaft.
@Suite struct NeighbourShaftTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    private func line(from a: CanvasPoint, to b: CanvasPoint, count: Int = 10) -> [CanvasPoint] {
        HandDrawn.line(from: a, to: b, count: count)
    }

    @Test func aShortLineStoppingShortOfTheNextStateIsItsShaftAndTakesTheHeadDrawnAfter() throws {
        // q0's edge at x 140, q1's at 220: the line stops 35 points short, beyond the 20 that touch q1.
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(260, 200)])
        let message = editor.perform(.stroke(line(from: p(141, 200), to: p(185, 200))), with: ShippedModel.interpreter)
        #expect(message.contains("read as a shaft") && message.contains("q0 — q1"), "\(message)")
        editor.perform(.stroke(MultiStrokeSymbolTests.head(at: p(186, 200), pointing: (1, 0), size: 12)), with: ShippedModel.interpreter)
        let t = try #require(editor.document.transitions.first)
        #expect(editor.document.transitions.count == 1)
        #expect((t.from, t.to, t.head) == (0, 1, .drawn))
        #expect(editor.document.pending.heads.isEmpty)
    }

    @Test func aLinePointingPastTheNextStateIsNoShaft() {
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(260, 200)])
        let message = editor.perform(.stroke(line(from: p(138, 185), to: p(170, 130))), with: ShippedModel.interpreter)
        #expect(!message.contains("read as a shaft"), "\(message)")
        #expect(!editor.document.transitions.contains { $0.to == 1 })
    }

    @Test func aLineStoppingFarShortOfTheNextStateIsNoShaft() {
        // q1's edge at x 300: 100 points ahead of the line's end, more than its length or q1's radius.
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(340, 200)])
        let message = editor.perform(.stroke(line(from: p(141, 200), to: p(200, 200))), with: ShippedModel.interpreter)
        #expect(!message.contains("read as a shaft"), "\(message)")
        #expect(!editor.document.transitions.contains { $0.to == 1 })
    }

    @Test func aBendingStrokeIsNoShaft() {
        let rules = RecognitionRules()
        let bent = line(from: p(141, 200), to: p(165, 170), count: 5) + line(from: p(165, 170), to: p(190, 200), count: 5).dropFirst()
        #expect(!rules.isStraight(bent))
        #expect(rules.isStraight(line(from: p(141, 200), to: p(190, 200))))
        // Too short to be more than a dot or a tick.
        #expect(!rules.isStraight(line(from: p(141, 200), to: p(150, 200))))
    }

    @Test func theBarbOfAHeadDrawnStrokeByStrokeIsNoShaftBack() throws {
        // Close states: q0's edge at x 140, q1's at 165.
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(205, 200)])
        editor.perform(.stroke(line(from: p(140, 200), to: p(165, 200))), with: ShippedModel.interpreter)
        #expect(editor.document.transitions.count == 1)
        // A barb from the tip, back along the line towards q0 and pointing at it.
        let message = editor.perform(.stroke(line(from: p(165, 200), to: p(151, 196))), with: ShippedModel.interpreter)
        #expect(!message.contains("read as a shaft"), "\(message)")
        #expect(editor.document.transitions.count == 1)
        let t = try #require(editor.document.transitions.first)
        #expect((t.from, t.to) == (0, 1))
    }

    @Test func aRetracedMarkAsBigAsTheShortShaftBetweenCloseStatesIsItsHead() throws {
        // q0 above q1, 20 points between their edges: the shaft spans the gap.
        var editor = HandDrawn.editor(withStatesAt: [p(100, 100), p(100, 200)])
        editor.perform(.stroke(line(from: p(100, 140), to: p(100, 161))), with: ShippedModel.interpreter)
        #expect(editor.document.transitions.count == 1)
        // A head drawn over twice at the shaft's lower end, 18 points across: more than 0.6 of the shaft.
        let corners = [p(91, 149), p(100, 161), p(109, 149), p(100, 158), p(92, 151), p(100, 161), p(108, 151)]
        let mark = zip(corners, corners.dropFirst()).flatMap { a, b in line(from: a, to: b, count: 6).dropLast() } + [corners.last!]
        editor.perform(.stroke(mark), with: ShippedModel.interpreter)
        #expect(editor.document.transitions.count == 1)
        let t = try #require(editor.document.transitions.first)
        #expect((t.from, t.to, t.head) == (0, 1, .drawn))
    }

    @Test func withHandwritingReadAShortShaftBetweenCloseStatesIsNoLetter() throws {
        // q0 above q1, 20 points between their edges: a vertical line across the gap reads as a 1.
        var editor = HandDrawn.editor(withStatesAt: [p(200, 100), p(200, 200)])
        let message = editor.perform(.stroke(line(from: p(200, 138), to: p(201, 170))), with: Handwriting.interpreter)
        #expect(!message.contains("read \"1\"") && !message.contains("letter"), "\(message)")
        #expect(editor.document.states.map(\.name) == ["q0", "q1"])
        let t = try #require(editor.document.transitions.first)
        #expect((t.from, t.to) == (0, 1))
    }
}
