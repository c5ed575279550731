import StrokeModel
import Testing
@testable import AutomataEditorCore

/// A flowchart connector: straight legs turning at right angles, from one state to where it
/// stops short of another, aimed at it (FC_A: 22 such one-stroke connectors were none of the
/// shapes, and nothing).
@Suite struct ConnectorTests {
    private let rules = RecognitionRules()
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    /// q0 at (100, 200) and q1 at (300, 300), radius 40: q1's left edge is at x 260.
    private func twoStates() -> AutomatonDocument {
        let document = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 300)]).document
        #expect(document.states.count == 2)
        return document
    }

    /// Down out of q0 and across towards q1, stopping `short` points before its edge.
    private func ell(stoppingShort short: Double, cornerAt corner: CanvasPoint = CanvasPoint(x: 100, y: 300)) -> [CanvasPoint] {
        HandDrawn.line(from: p(100, 225), to: corner, count: 16) + HandDrawn.line(from: corner, to: p(260 - short, 300), count: 24).dropFirst()
    }

    @Test func aConnectorStoppingShortOfAStateJoinsTheStateItLeavesToIt() throws {
        let document = twoStates()
        // 30 points short: beyond the 20 points of slack that make an end touch q1.
        let joined = try #require(rules.states(joinedByConnector: ell(stoppingShort: 30), in: document))
        #expect((joined.from.id, joined.to.id) == (0, 1))
        // Drawn the other way, out of q1 and up into q0's reach, it joins them the other way.
        let back = [p(300 - 25, 300), p(200, 300), p(100, 300), p(100, 260)]
        let up = zip(back, back.dropFirst()).flatMap { HandDrawn.line(from: $0, to: $1, count: 10).dropLast() } + [back[3]]
        let reversed = try #require(rules.states(joinedByConnector: up, in: document))
        #expect((reversed.from.id, reversed.to.id) == (1, 0))
    }

    @Test func aConnectorAsLongAsManyStatesIsNoHeadThoughItsTwoLegsMakeAV() throws {
        // q0 at (100, 100) and q1 at (500, 500), radius 30: down from 40 below q0 to (100, 500),
        // then across to 50 short of q1. Its two legs meet at 90°, as a V's do, but each is over
        // ten radii long.
        var editor = Editor()
        for centre in [p(100, 100), p(500, 500)] { editor.perform(.stroke(HandDrawn.circle(centre, radius: 30)), with: ShippedModel.interpreter) }
        let ell = HandDrawn.line(from: p(100, 170), to: p(100, 500), count: 36) + HandDrawn.line(from: p(100, 500), to: p(420, 500), count: 36).dropFirst()
        #expect(rules.head(drawnAs: ell, in: editor.document) == nil)
        let message = editor.perform(.stroke(ell), with: ShippedModel.interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]], "\(message)")
        #expect(editor.document.pending.heads.isEmpty, "\(message)")
    }

    @Test func aConnectorWhoseCornerLiesByAThirdStateIsNoHeadThere() throws {
        // q0 at (100, 200), q1 at (300, 300), q2 at (300, 145), radius 40: from 30 off q0's
        // edge across to just below q2, then down to q1's rim. Its legs (130 and 60, at 90°)
        // make a V at the states' size, its point within q2's slack, opening away from q2.
        let states = [p(100, 200), p(300, 300), p(300, 145)].map { EditAction.addState(center: $0, radius: 40, name: nil) }
        var editor = Editor(document: AutomatonDocument().applying(states))
        let ell = HandDrawn.line(from: p(170, 200), to: p(300, 200), count: 26) + HandDrawn.line(from: p(300, 200), to: p(300, 260), count: 12).dropFirst()
        #expect(rules.head(drawnAs: ell, in: editor.document) != nil)
        let message = editor.perform(.stroke(ell), with: ShippedModel.interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]], "\(message)")
        #expect(editor.document.pending.heads.isEmpty, "\(message)")
    }

    @Test func aShortLastLegTurningSquareIntoAStateIsALegNotAHook() throws {
        let document = twoStates()
        // Out of q0's right side past q1's top, then down 30 points towards it (under a fifth of
        // the connector's size, as a hook is), stopping 30 points short of its edge.
        let over = HandDrawn.line(from: p(140, 200), to: p(330, 200), count: 30) + HandDrawn.line(from: p(330, 200), to: p(330, 230), count: 6).dropFirst()
        let joined = try #require(rules.states(joinedByConnector: over, in: document))
        #expect((joined.from.id, joined.to.id) == (0, 1))
        // A hook folding back where the pen lifted is no leg: the line ends at the corner,
        // aimed past q1.
        let hooked = HandDrawn.line(from: p(140, 200), to: p(330, 200), count: 30) + HandDrawn.line(from: p(330, 200), to: p(310, 215), count: 6).dropFirst()
        #expect(rules.states(joinedByConnector: hooked, in: document) == nil)
    }

    @Test func aConnectorTouchingNeitherStateJoinsTheTwoItsEndsAreAimedAt() throws {
        let document = twoStates()
        // Out from 25 points right of q0, across and down to 25 points above q1: beyond the
        // 20 points that touch a state at both ends.
        let across = HandDrawn.line(from: p(165, 200), to: p(300, 200), count: 24) + HandDrawn.line(from: p(300, 200), to: p(300, 235), count: 8).dropFirst()
        let joined = try #require(rules.states(joinedByConnector: across, in: document))
        #expect((joined.from.id, joined.to.id) == (0, 1))
    }

    @Test func aConnectorWithItsHeadInTheSameStrokeEndsWhereTheHeadIs() throws {
        let document = twoStates()
        // Barbs 35 points long, over a fifth of its size: tip, barb, tip, barb.
        let tip = p(230, 300)
        let headed = ell(stoppingShort: 30) + [p(200, 282), tip, p(200, 318)].flatMap { HandDrawn.line(from: tip, to: $0, count: 4).dropFirst() }
        let joined = try #require(rules.states(joinedByConnector: headed, in: document))
        #expect((joined.from.id, joined.to.id) == (0, 1))
        let reading = rules.connector(headed, from: joined.from, to: joined.to, corners: joined.corners)
        let t = try #require(document.applying(reading.actions).transitions.first)
        #expect(t.head == .drawn && t.end.distance(to: tip) < 1, "\(reading.message)")
    }

    @Test func anEllTooSmallSlantedRetracedOrAimedAtNothingIsNoConnector() {
        let document = twoStates()
        // The size of a letter (an L written under q0): under the states' radius across.
        let letter = HandDrawn.line(from: p(95, 235), to: p(95, 260), count: 8) + HandDrawn.line(from: p(95, 260), to: p(112, 260), count: 8).dropFirst()
        #expect(rules.states(joinedByConnector: letter, in: document) == nil)
        // Slanted legs: a check mark written at q0's rim, square, its long leg aimed at q1; or a corner of 45°.
        let check = HandDrawn.line(from: p(123, 234), to: p(138, 208), count: 8) + HandDrawn.line(from: p(138, 208), to: p(218, 253), count: 16).dropFirst()
        #expect(rules.states(joinedByConnector: check, in: document) == nil)
        #expect(rules.states(joinedByConnector: ell(stoppingShort: 30, cornerAt: p(160, 300)), in: document) == nil)
        // A line drawn back over itself out of a state towards the next: a leg folds back.
        let inARow = HandDrawn.editor(withStatesAt: [p(100, 200), p(400, 200)]).document
        let retraced = [p(140, 195), p(280, 195), p(200, 213), p(310, 213)]
        let scribble = zip(retraced, retraced.dropFirst()).flatMap { HandDrawn.line(from: $0, to: $1, count: 12).dropLast() } + [retraced[3]]
        #expect(rules.states(joinedByConnector: scribble, in: inARow) == nil)
        // Aimed past q1: its last leg runs below it.
        let past = HandDrawn.line(from: p(100, 225), to: p(100, 380), count: 16) + HandDrawn.line(from: p(100, 380), to: p(230, 380), count: 24).dropFirst()
        #expect(rules.states(joinedByConnector: past, in: document) == nil)
        // Stopping short by more than room for a state between (80 points: the states' diameter).
        #expect(rules.states(joinedByConnector: ell(stoppingShort: 85), in: document) == nil)
        #expect(rules.states(joinedByConnector: ell(stoppingShort: 75), in: document) != nil)
    }

    @Test func anArrowBentSquareThatStopsShortIsAConnectorButOneReachingBothStatesStaysAnArrow() throws {
        let document = twoStates()
        // Read as an arrow, it would reach out under a radius from q0 into empty canvas: writing.
        let short = rules.interpret(.arrow, stroke: ell(stoppingShort: 30), in: document)
        let t = try #require(document.applying(short.actions).transitions.first, "\(short.message)")
        #expect((t.from, t.to) == (0, 1) && short.message.contains("connector"), "\(short.message)")
        // Reaching q1's edge, it is the arrow it is.
        let reaching = rules.interpret(.arrow, stroke: ell(stoppingShort: 0), in: document)
        #expect(!reaching.message.contains("connector") && document.applying(reaching.actions).transitions.count == 1, "\(reaching.message)")
    }

    @Test func theEditorReadsARejectedConnectorAsATransitionWaitingForItsHead() throws {
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 300)])
        let message = editor.perform(.stroke(ell(stoppingShort: 30)), with: ShippedModel.interpreter)
        let t = try #require(editor.document.transitions.first, "\(message)")
        #expect((t.from, t.to, t.head) == (0, 1, .awaited), "\(message)")
    }
}
