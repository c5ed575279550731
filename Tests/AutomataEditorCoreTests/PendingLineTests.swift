import Foundation
import StrokeModel
import Testing
@testable import AutomataEditorCore

/// A connector nothing was made of (bent round a corner, unsure, stopping short) and a head
/// drawn apart at one of its ends are an arrow together, in either order.
@Suite struct PendingLineTests {
    /// Rejects every stroke, so the connector is read by its place alone (as an unsure one is).
    private let strict = StrokeInterpreter(classifier: StrokeClassifier(model: ShippedModel.classifier.model, rejectionThreshold: 1.01))
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    /// q0 at (100, 200) and q1 at (400, 200), radius 40.
    private func twoStates() -> Editor { HandDrawn.editor(withStatesAt: [p(100, 200), p(400, 200)]) }

    private func polyline(_ corners: [CanvasPoint], steps: Int = 10) -> [CanvasPoint] {
        [corners[0]] + zip(corners, corners.dropFirst()).flatMap { a, b in
            (1...steps).map { CanvasPoint(x: a.x + (b.x - a.x) * Double($0) / Double(steps), y: a.y + (b.y - a.y) * Double($0) / Double(steps)) }
        }
    }

    /// Up from q0's top, across, and down to 40 points above q1's edge: its farthest point
    /// from its start is the far corner, on no state, and its last leg, under 8 % of its size,
    /// is too short to aim it at q1 as a connector's (a hook where the pen lifted may be as long).
    private var connector: [CanvasPoint] { polyline([p(100, 160), p(100, 100), p(400, 100), p(400, 120)]) }
    /// A head whose apex is just below the connector's end, pointing down into q1.
    private var head: [CanvasPoint] { MultiStrokeSymbolTests.head(at: p(400, 124), pointing: (0, 1), size: 14) }

    @Test func aLineAndItsHeadReachingOneStateWaitTogetherForTheLegFromTheLinesStart() throws {
        // q0 at (300, 200), q1 below left at (100, 400). A connector drawn from its corner
        // (100, 200): across towards q0, stopping 25 points short, its head there, and then
        // the leg from the corner down into q1.
        var editor = HandDrawn.editor(withStatesAt: [p(300, 200), p(100, 400)])
        editor.perform(.stroke(polyline([p(100, 200), p(235, 200)], steps: 24)), with: ShippedModel.interpreter)
        let waiting = editor.perform(.stroke(MultiStrokeSymbolTests.head(at: p(237, 200), pointing: (1, 0), size: 14)), with: ShippedModel.interpreter)
        #expect(editor.document.transitions.isEmpty && editor.document.pending.heads.count == 1, "\(waiting)")
        #expect(editor.document.pending.line != nil, "the line waits on with its head")
        let leg = editor.perform(.stroke(polyline([p(101, 202), p(100, 358)], steps: 24)), with: ShippedModel.interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[1, 0]], "\(leg)")
        #expect(editor.document.transitions.first?.head == .drawn && !editor.document.states.contains { $0.isInitial }, "\(leg)")
    }

    @Test func aConnectorStartingWithinTheSlackOfTheBigStateItsHeadEntersLeavesTheStateBehindItsStart() throws {
        // As FC_A writer17_14b's arrow _15: q0 (radius 40) at (285, 232), q1 (radius 100) at
        // (120, 340). The connector starts 25 points left of q0, beyond its slack but within
        // q1's, runs left and turns down deep into q1, where its head is drawn.
        var editor = Editor(document: AutomatonDocument().applying([.addState(center: p(285, 232), radius: 40),
                                                                     .addState(center: p(120, 340), radius: 100)]))
        let messages = editor.perform([.stroke(polyline([p(220, 230), p(140, 230), p(140, 310)], steps: 16)),
                                       .stroke(MultiStrokeSymbolTests.head(at: p(140, 312), pointing: (0, 1), size: 14))], with: strict)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]], "\(messages)")
    }

    @Test func aLinesDirectionFromItsStartFollowsAFirstLegUnderAFifthOfIt() {
        // As FC_A writer17_7b's arrow _22: legs of 40, 300 and 245 points. A fifth of the line
        // lies up the second leg; the direction out of its start is the first leg's.
        let connector = polyline([p(235, 400), p(195, 400), p(195, 100), p(440, 100)], steps: 20)
        let out = RecognitionRules.inward(connector)
        #expect(out.x < -0.99, "\(out)")
    }

    @Test func aHeadAtTheEndOfALineLeftAloneMakesThemAnArrow() throws {
        var editor = twoStates()
        let line = editor.perform(.stroke(connector), with: strict)
        #expect(editor.document.transitions.isEmpty && editor.document.pending.line != nil, "\(line)")
        #expect(SVGExport.layers(editor.document).contains("class=\"waiting-line\""), "the page shows it waiting, in grey")
        let message = editor.perform(.stroke(head), with: strict)
        #expect(message.hasPrefix("a head at the end of the line drawn just before it, read as an arrow: transition q0 → q1"), "\(message)")
        let t = try #require(editor.document.transitions.first)
        #expect((t.from, t.to, t.head) == (0, 1, .drawn))
        #expect(editor.document.pending.line == nil && editor.document.pending.heads.isEmpty)
        #expect(!SVGExport.layers(editor.document).contains("waiting-line"))
        // One step: undo takes the arrow back and leaves the states.
        let undone = editor.undo()
        #expect(undone && editor.document.transitions.isEmpty && editor.document.states.count == 2)
    }

    @Test func aSmallMarkAtTheEndOfALineLeftAloneIsItsHead() throws {
        // A ball of ink 8 points across where the connector stops, no V: its head all the same.
        var editor = twoStates()
        editor.perform(.stroke(connector), with: strict)
        let ball = [p(400, 121), p(404, 124), p(403, 128), p(398, 129), p(396, 125), p(399, 121), p(402, 123), p(401, 127)]
        let message = editor.perform(.stroke(ball), with: strict)
        #expect(message.hasPrefix("a mark at the end of the line drawn just before it, its head: transition q0 → q1"), "\(message)")
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]])
        #expect(editor.document.transitions.first?.head == .drawn)
        // The same mark beside the line's middle is no head.
        var beside = twoStates()
        beside.perform(.stroke(connector), with: strict)
        beside.perform(.stroke(ball.map { p($0.x - 150, $0.y - 35) }), with: strict)
        #expect(beside.document.transitions.isEmpty)
    }

    @Test func theHeadDirectsItWhicheverWayTheLineWasDrawn() throws {
        var editor = twoStates()
        // Drawn from above q1, its first leg long: read at once as a line from q1 awaiting its
        // head (it starts just off q1, leading away), which the head drawn at that start turns.
        let fromAboveQ1 = polyline([p(400, 120), p(400, 0), p(100, 0), p(100, 160)])
        let messages = editor.perform([.stroke(fromAboveQ1), .stroke(head)], with: strict)
        let t = try #require(editor.document.transitions.first)
        #expect((t.from, t.to) == (0, 1), "\(messages)")
    }

    @Test func aLineLeftAloneEndingAtAHeadDrawnBeforeItMakesThemAnArrow() throws {
        var editor = twoStates()
        let waiting = editor.perform(.stroke(head), with: strict)
        #expect(editor.document.pending.heads.count == 1, "\(waiting)")
        let message = editor.perform(.stroke(connector), with: strict)
        #expect(message.contains("a line ending at the head drawn before it, read as an arrow"), "\(message)")
        let t = try #require(editor.document.transitions.first)
        #expect((t.from, t.to, t.head) == (0, 1, .drawn))
    }

    @Test func aHeadAwayFromTheLinesEndsWaitsForItsOwnShaft() {
        var editor = twoStates()
        editor.perform(.stroke(connector), with: strict)
        let message = editor.perform(.stroke(MultiStrokeSymbolTests.head(at: p(250, 300), pointing: (1, 0), size: 14)), with: strict)
        #expect(message.contains("waits for its shaft"), "\(message)")
        #expect(editor.document.transitions.isEmpty)
    }

    @Test func aLineLeftAloneIsRememberedWithoutAStepAndForgottenAfterTheNextStroke() {
        var editor = twoStates()
        editor.perform(.stroke(connector), with: strict)
        #expect(editor.document.pending.line != nil)
        let undone = editor.undo()
        #expect(undone && editor.document.states.count == 1, "undo takes back the second state, not the line's memory")
        let redone = editor.redo()
        #expect(redone)
        editor.perform(.stroke(connector), with: strict)
        editor.perform(.stroke(HandDrawn.circle(p(250, 400), radius: 40)), with: ShippedModel.interpreter)
        #expect(editor.document.states.count == 3 && editor.document.pending.line == nil)
    }

    @Test func aShortLineBetweenCloseStatesWaitsForItsHead() throws {
        // Edges 5 apart: a line 14 long (0.35 of the radius) from one into the other is too
        // short to join them alone (a letter's stroke could do as much).
        var editor = Editor()
        editor.apply(.addState(center: p(100, 200), radius: 40, name: nil))
        editor.apply(.addState(center: p(185, 200), radius: 40, name: nil))
        let line = editor.perform(.stroke(polyline([p(134, 200), p(148, 200)])), with: strict)
        #expect(editor.document.transitions.isEmpty && editor.document.pending.line != nil, "\(line)")
        let message = editor.perform(.stroke(MultiStrokeSymbolTests.head(at: p(150, 200), pointing: (1, 0), size: 8)), with: strict)
        let t = try #require(editor.document.transitions.first, "\(message)")
        #expect((t.from, t.to, t.head) == (0, 1, .drawn))
    }

    @Test func aHeadFollowsTheLastLegOfALineTurningACorner() throws {
        // Along, then down a short last leg: the line's run overall slants, its last leg does not.
        // (A last leg too short to be a corner at 8 % of the line's size, or the run follows it.)
        let line = polyline([p(100, 100), p(300, 100), p(300, 116)])
        let head = HeadShape(DrawnHead(apex: p(300, 120), opening: p(0, -1), size: 8))
        let fit = RecognitionRules.fit(head, toStartOf: line.reversed(), reach: 15, alignment: 0.9)
        #expect(fit != nil)
        let slanting = RecognitionRules.inward(line.reversed())
        #expect(head.fit(toEnd: p(300, 116), inward: slanting, reach: 15, alignment: 0.9) == nil, "the run alone is too slanted to fit")
    }
}
