import Foundation
import StrokeModel
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

/// A straight stroke along the line just drawn, or carried on from its tip into the state
/// there, is more of that line, never a mark on its end; a barb lies back along the shaft and
/// out of the state. And a line gone over again may run on inside its states.
@Suite struct LinePieceIsNoMarkTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    private func line(from a: CanvasPoint, to b: CanvasPoint, count: Int = 12) -> [CanvasPoint] {
        HandDrawn.line(from: a, to: b, count: count)
    }

    private func draw(_ strokes: [[CanvasPoint]], on editor: inout Editor) -> [String] {
        strokes.map { editor.perform(.stroke($0), with: ShippedModel.interpreter) }
    }

    /// The document's one transition runs `from` → `to` with its head drawn.
    private func expectOneHeadedTransition(in editor: Editor, from: Int, to: Int, _ messages: [String]) throws {
        let t = try #require(editor.document.transitions.first, "\(messages)")
        #expect(editor.document.transitions.count == 1)
        #expect((t.from, t.to, t.head) == (from, to, .drawn), "\(messages)")
    }

    @Test func aLegFromTheTipIntoTheStateThereIsNoHeadThere() throws {
        // q0 at (100, 200), q1 above and right at (300, 100): its bottom edge at y 140. The shaft
        // leaves q0 and stops 16 below q1; the leg up from there into q1 is drawn next, and the
        // head last, at q0.
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 100)])
        let shaft = line(from: p(140, 200), to: p(300, 200), count: 12) + line(from: p(300, 200), to: p(300, 156), count: 6).dropFirst()
        let leg = line(from: p(300, 141), to: p(300, 156), count: 6)
        let messages = draw([shaft, leg, MultiStrokeSymbolTests.head(at: p(142, 200), pointing: (-1, 0), size: 14)], on: &editor)
        try expectOneHeadedTransition(in: editor, from: 1, to: 0, messages)
    }

    @Test func aLineGoneOverAndCarriedOnIntoItsStateIsNoHeadThere() throws {
        // q0 at (100, 200), q1 at (300, 200): the shaft stops 15 short of q1's edge at x 260; the
        // second stroke goes back over its last stretch and on into q1; the head is at q0.
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 200)])
        let messages = draw([line(from: p(140, 200), to: p(245, 200), count: 20), line(from: p(228, 200), to: p(268, 200), count: 8),
                             MultiStrokeSymbolTests.head(at: p(142, 200), pointing: (-1, 0), size: 14)], on: &editor)
        try expectOneHeadedTransition(in: editor, from: 1, to: 0, messages)
    }

    @Test func aLineGoneOverAgainRunningOnInsideItsStatesIsNoSecondTransition() throws {
        // q0 above q1: the shaft starts inside q0 and stops 10 short of q1's top edge at y 260;
        // the second stroke goes over all of it, from inside q0 into q1. Its head is drawn last.
        var editor = HandDrawn.editor(withStatesAt: [p(100, 100), p(100, 300)])
        let messages = draw([line(from: p(100, 125), to: p(100, 250), count: 20), line(from: p(100, 122), to: p(100, 268), count: 24),
                             MultiStrokeSymbolTests.head(at: p(100, 262), pointing: (0, 1), size: 14)], on: &editor)
        #expect(messages[1].contains("drawn over again"), "\(messages)")
        try expectOneHeadedTransition(in: editor, from: 0, to: 1, messages)
    }

    @Test func aBarbFromTheTipIsNoPieceOfTheLine() throws {
        let rules = RecognitionRules()
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 200)])
        editor.perform(.stroke(line(from: p(140, 200), to: p(258, 200), count: 20)), with: ShippedModel.interpreter)
        let t = try #require(editor.document.transitions.first)
        // Back from the tip at 30° off the shaft: a barb. Along the shaft and on past the tip: a piece.
        #expect(!rules.isStraightPiece(line(from: p(258, 200), to: p(241, 190), count: 6), of: t, in: editor.document))
        #expect(rules.isStraightPiece(line(from: p(240, 200), to: p(275, 201), count: 6), of: t, in: editor.document))
    }

    @Test func aStrokeFromTheLineIntoAStateMarksNotThatEnd() throws {
        // A shaft from q0 stopping 15 short of q1 (edge at x 260). A stroke from its middle on
        // into q1 (a shaft drawn over a head drawn first, or the line gone over) marks no head at
        // q1; it runs away from q0's middle, so it may still mark that end.
        let rules = RecognitionRules()
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 200)])
        editor.perform(.stroke(line(from: p(140, 200), to: p(245, 200), count: 20)), with: ShippedModel.interpreter)
        let t = try #require(editor.document.transitions.first)
        let (q0, q1) = (editor.document.states[0], editor.document.states[1])
        let stroke = line(from: p(190, 201), to: p(275, 199), count: 12)
        #expect(rules.runsInto(q1, stroke, from: t.linePoints(), at: t.end))
        #expect(!rules.runsInto(q0, stroke, from: t.linePoints(), at: t.start))
        // A barb back from the tip, 30° off the shaft, still marks it.
        let barb = line(from: p(245, 200), to: p(228, 190), count: 6)
        #expect(!rules.runsInto(q1, barb, from: t.linePoints(), at: t.end))
    }

    @Test func aShaftDrawnOverACheckDrawnFirstIsNoHeadAtTheStateItRunsInto() throws {
        // As a real check drawn first at B (real-gestures/check/s04-fast-03, head at B before
        // the shaft): its short stroke up to the point on B's edge, its long one back towards
        // A, read as a line from B awaiting its head. The shaft then runs from A's edge over
        // that line into B: no head at A, so the check is B's head.
        var editor = HandDrawn.editor(withStatesAt: [p(100, 100), p(200, 100)], radius: 30)
        let corners = [p(169, 106), p(170, 100), p(158, 101), p(145, 94)]
        let check = zip(corners, corners.dropFirst()).flatMap { line(from: $0, to: $1, count: 8).dropLast() } + [corners[3]]
        let messages = draw([check, line(from: p(130, 100), to: p(170, 100), count: 21)], on: &editor)
        try expectOneHeadedTransition(in: editor, from: 0, to: 1, messages)
    }

    @Test func aLegCarriedOnFromTheTipIntoItsStateMovesTheLinesEndThere() throws {
        // The shaft stops at q1's rim (x 260); its last leg, drawn apart from 30 points inside
        // q1 out to the tip, is more of it: the line now ends where that leg reaches in, and the
        // head drawn there next is its head.
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 200)])
        let messages = draw([line(from: p(140, 200), to: p(262, 200), count: 20), line(from: p(292, 200), to: p(263, 200), count: 8)], on: &editor)
        #expect(messages[1].contains("the line ends where it does"), "\(messages)")
        let t = try #require(editor.document.transitions.first, "\(messages)")
        #expect(editor.document.transitions.count == 1 && (t.from, t.to) == (0, 1), "\(messages)")
        #expect(t.end.distance(to: p(292, 200)) < 1e-9, "\(t.end)")
        let head = editor.perform(.stroke(MultiStrokeSymbolTests.head(at: p(293, 200), pointing: (1, 0), size: 12)), with: ShippedModel.interpreter)
        let headed = try #require(editor.document.transitions.first)
        #expect(editor.document.transitions.count == 1 && (headed.from, headed.to, headed.head) == (0, 1, .drawn), "\(head)")
    }
}
