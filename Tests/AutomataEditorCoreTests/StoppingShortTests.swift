import Foundation
import StrokeModel
import Testing
@testable import AutomataEditorCore

/// People stop short of the state they mean: a head drawn just before a state, pointing at
/// it, connects to it; a line starting just off a state, leading away from it, comes from it.
@Suite struct StoppingShortTests {
    private let interpreter = ShippedModel.interpreter
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    /// q0 at (100, 200) and q1 at (400, 200), radius 40: their edges face each other at x 140 and 360.
    private func twoStates() -> Editor {
        let editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(400, 200)])
        #expect(editor.document.states.count == 2)
        return editor
    }

    @Test func aLineThatOnlyGoesOutFromAStateIsNoSelfLoop() {
        // FC_A writer25_7, arrow _8 (`automata bench ink`): a connector drawn from inside its
        // box (radius 56) down and along towards another, 19 points. Its second half stays
        // within the box's reach, but it never comes back in: it was read as a self-loop.
        let connector = [p(-9.3, 22.3), p(-9.3, 22.3), p(-9.0, 24.8), p(-8.7, 26.9), p(-8.5, 29.5), p(-8.7, 32.1), p(-8.7, 34.7), p(-10.6, 50.6), p(-11.6, 54.5), p(-11.4, 57.2), p(-11.3, 57.2), p(-9.8, 57.2), p(19.2, 58.5), p(49.9, 60.6), p(72.0, 59.8), p(91.5, 60.9), p(92.4, 60.6), p(95.8, 59.9), p(95.7, 59.8)]
        var editor = HandDrawn.editor(withStatesAt: [p(200, 200), p(401, 257)], radius: 56)
        let message = editor.perform(.stroke(connector.map { p($0.x + 200, $0.y + 200) }), with: interpreter)
        #expect(editor.document.transitions.filter(\.isSelfLoop).isEmpty, "\(message)")
        // The same line drawn out and back in to the rim is a loop the model doubts, hanging on it.
        let back = connector + connector.reversed().prefix(12).map { p($0.x + 8, $0.y - 6) }
        var again = HandDrawn.editor(withStatesAt: [p(200, 200), p(401, 257)], radius: 56)
        let loop = again.perform(.stroke(back.map { p($0.x + 200, $0.y + 200) }), with: interpreter)
        #expect(!again.document.transitions.filter(\.isSelfLoop).isEmpty, "\(loop)")
    }

    @Test func aHeadDrawnAtTheRimAheadOfWhereItsShaftStoppedDirectsIt() throws {
        // FC_A writer15_9b, arrow _2: the shaft stopped 19 points short of the state it meant,
        // and its head was drawn after it at that state's rim, on the line carried on: its
        // point 22 points ahead of the shaft's end, beyond the 20 a head at an end may be.
        var editor = twoStates()
        let shaft = editor.perform(.stroke(HandDrawn.line(from: p(159, 200), to: p(360, 200), count: 24)), with: interpreter)
        #expect(editor.document.transitions.first?.head == .awaited, "\(shaft)")
        let vee = HandDrawn.line(from: p(147, 191), to: p(137, 200), count: 6) + HandDrawn.line(from: p(137, 200), to: p(147, 209), count: 6).dropFirst()
        let message = editor.perform(.stroke(vee), with: interpreter)
        let t = try #require(editor.document.transitions.first)
        #expect(editor.document.transitions.count == 1 && (t.from, t.to, t.head) == (1, 0, .drawn), "\(shaft) \(message)")
    }

    @Test func aHeadStoppingShortOfAStateItPointsAtConnectsToIt() throws {
        var editor = twoStates()
        // Its tip 32 points before q1's edge: beyond the 20 points that touch it.
        let message = editor.perform(.stroke(HandDrawn.arrow(from: p(140, 200), to: p(328, 200))), with: interpreter)
        #expect(message.contains("its head points at q1, just ahead: connected"), "\(message)")
        let t = try #require(editor.document.transitions.first)
        #expect((t.from, t.to, t.head) == (0, 1, .drawn))
    }

    @Test func aBarbDrawnOnTheWayToTheTipDoesNotBendTheShaftAwayFromTheStateAhead() throws {
        // q1 28 points ahead of the tip, q2 below and ahead. The pen reaches the tip, draws
        // the upper barb out and back, goes on to the tip and draws the lower barb: the shaft
        // stays straight and points at q1 (bent by the barb, its end may turn towards q2).
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(330, 200), p(320, 290)])
        let shaft = HandDrawn.line(from: p(140, 200), to: p(258, 200), count: 24)
        let upper = HandDrawn.line(from: p(258, 200), to: p(248, 189), count: 5).dropFirst() + HandDrawn.line(from: p(248, 189), to: p(259, 200), count: 5).dropFirst()
        let tip = [p(262, 201)] + HandDrawn.line(from: p(262, 201), to: p(251, 209), count: 5).dropFirst()
        let message = editor.perform(.stroke(shaft + upper + tip), with: interpreter)
        let t = try #require(editor.document.transitions.first)
        #expect(editor.document.transitions.count == 1 && (t.from, t.to, t.head) == (0, 1, .drawn), "\(message)")
        #expect(!t.isCurved, "\(t)")
    }

    @Test func aShortArrowOutOfAStateWithItsTipStillInItsSlackPointsOnAtTheStateAhead() throws {
        // The head 15 points off q0's rim, within its slack, leading straight away from it;
        // q1 55 points ahead: the arrow leaves q0 for q1, not back onto q0.
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(250, 200)])
        let message = editor.perform(.stroke(HandDrawn.arrow(from: p(118, 200), to: p(155, 200))), with: interpreter)
        let t = try #require(editor.document.transitions.first, "\(message)")
        #expect(editor.document.transitions.count == 1 && (t.from, t.to, t.head) == (0, 1, .drawn), "\(message)")
    }

    @Test func anArrowStoppingShortOfBothStatesJoinsThoseItPointsAt() throws {
        let rules = RecognitionRules()
        let document = twoStates().document
        let floating = rules.interpret(.arrow, stroke: HandDrawn.arrow(from: p(180, 200), to: p(320, 200)), in: document)
        #expect(floating.message.contains("touching neither, pointing at both"), "\(floating.message)")
        let t = try #require(document.applying(floating.actions).transitions.first)
        #expect((t.from, t.to, t.head) == (0, 1, .drawn))
        // Pointing past q1, or a dash spanning under a fifth of the 220 points between the edges: nothing.
        let past = rules.interpret(.arrow, stroke: HandDrawn.arrow(from: p(180, 200), to: p(320, 260)), in: document)
        #expect(!past.changesElements, "\(past.message)")
        let dash = rules.interpret(.arrow, stroke: HandDrawn.arrow(from: p(240, 200), to: p(270, 200)), in: document)
        #expect(!dash.changesElements, "\(dash.message)")
    }

    @Test func aShaftStoppingShortOfBothStatesTakesTheHeadDrawnBeforeIt() throws {
        var editor = twoStates()
        // The head first, at the far end from q1, pointing at q0: the shaft runs q1 to q0.
        let head = editor.perform(.stroke([p(196, 188), p(182, 200), p(196, 212)]), with: interpreter)
        #expect(head.contains("waits for its shaft"), "\(head)")
        let shaft = editor.perform(.stroke(HandDrawn.arrow(from: p(182, 200), to: p(320, 200), head: false)), with: interpreter)
        let t = try #require(editor.document.transitions.first, "\(shaft)")
        #expect((t.from, t.to, t.head) == (1, 0, .drawn), "\(shaft)")
    }

    @Test func aHeadPointingPastAStateKeepsItsFreeEnd() throws {
        var editor = twoStates()
        let message = editor.perform(.stroke(HandDrawn.arrow(from: p(140, 200), to: p(328, 290))), with: interpreter)
        #expect(message.contains("free end"), "\(message)")
        #expect(editor.document.transitions.first?.to == nil)
    }

    @Test func aHeadWithNoRoomForAStateBeforeTheStateItPointsAtConnectsToIt() throws {
        var editor = twoStates()
        // 60 points before q1's edge: more than its radius, but a state 80 across would not fit between.
        let message = editor.perform(.stroke(HandDrawn.arrow(from: p(140, 200), to: p(300, 200))), with: interpreter)
        #expect(message.contains("its head points at q1, just ahead: connected"), "\(message)")
        #expect(editor.document.transitions.first?.to == 1)
    }

    @Test func aShortArrowWhoseHeadPointsAtAStateJustAheadIsNoWriting() throws {
        // q0's edge at x 140, q1's at 220: the arrow reaches 36 points out of q0, less than its
        // radius (alone, a letter's stem), but its head points at q1 44 points ahead.
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(260, 200)])
        let message = editor.perform(.stroke(HandDrawn.arrow(from: p(140, 200), to: p(176, 200))), with: interpreter)
        #expect(message.contains("its head points at q1, just ahead: connected"), "\(message)")
        let t = try #require(editor.document.transitions.first)
        #expect((t.from, t.to, t.head) == (0, 1, .drawn))
    }

    @Test func aHeadFarShortOfAStateKeepsItsFreeEnd() throws {
        var editor = twoStates()
        // 100 points before q1's edge: room for a new state there.
        editor.perform(.stroke(HandDrawn.arrow(from: p(140, 200), to: p(260, 200))), with: interpreter)
        #expect(editor.document.transitions.first?.to == nil)
    }

    @Test func aHeadAtTheFarStartOfAnInitialArrowTurnsItIntoATransitionLeavingTheState() throws {
        var editor = twoStates()
        // Drawn from empty canvas into q0, from above: q0's initial arrow.
        editor.perform(.stroke(HandDrawn.arrow(from: p(100, 60), to: p(100, 158), head: false)), with: interpreter)
        #expect(editor.document.states[0].isInitial)
        // Then a head at the pen's start, pointing away from q0.
        let message = editor.perform(.stroke(MultiStrokeSymbolTests.head(at: p(100, 60), pointing: (0, -1))), with: interpreter)
        #expect(message.contains("turns the initial arrow of q0 round: transition q0 → ?"), "\(message)")
        #expect(!editor.document.states[0].isInitial)
        let t = try #require(editor.document.transitions.first)
        #expect((t.from, t.to, t.head) == (0, nil, .drawn))
    }

    @Test func aLineStartingJustOffAStateComesFromIt() throws {
        var editor = twoStates()
        // It starts 30 points off q0's edge, so alone it would be q1's initial arrow.
        let message = editor.perform(.stroke(HandDrawn.arrow(from: p(170, 200), to: p(358, 200))), with: interpreter)
        #expect(message.contains("it starts just off q0, leading away from it: transition q0 — q1"), "\(message)")
        let t = try #require(editor.document.transitions.first)
        #expect((t.from, t.to) == (0, 1))
        #expect(!editor.document.states.contains { $0.isInitial })
    }

    @Test func aConnectorWhoseFirstLegLeavesAStateComesFromItThoughItTurns() throws {
        var editor = twoStates()
        // It starts 30 points below q0's edge, heads down away from it, turns right and then
        // up into q1: the line from its start to q1 leads away from no state, its first leg
        // from q0.
        let down = HandDrawn.line(from: p(100, 270), to: p(100, 330))
        let across = HandDrawn.line(from: p(100, 330), to: p(400, 330), count: 20).dropFirst()
        let up = HandDrawn.line(from: p(400, 330), to: p(400, 242)).dropFirst()
        // Read as q1's initial arrow, it is a transition from q0.
        let initial = Interpretation(actions: [.drawInitialArrow(state: 1, from: p(100, 270))], message: "arrow from empty canvas → q1 initial")
        let aimed = RecognitionRules().aiming(initial, stroke: down + across + up, in: editor.document)
        #expect(aimed.message.contains("it starts just off q0, leading away from it: transition q0 — q1"), "\(aimed.message)")
        // Its legs run along the page's axes, square: the editor reads it as a connector first
        // (`ConnectorTests`), to the same end.
        let message = editor.perform(.stroke(down + across + up), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]], "\(message)")
        #expect(!editor.document.states.contains { $0.isInitial })
    }

    @Test func aLineStartingUnderOneAndAHalfRadiiOffAStateComesFromItFartherOffItIsInitial() throws {
        // 55 points off q0's edge (radius 40): more than its radius, under 1.5 of it.
        var near = twoStates()
        let message = near.perform(.stroke(HandDrawn.arrow(from: p(195, 200), to: p(358, 200))), with: interpreter)
        #expect(near.document.transitions.map { [$0.from, $0.to] } == [[0, 1]], "\(message)")
        // 70 points off: room for most of a state between, so an initial arrow.
        var far = twoStates()
        let initial = far.perform(.stroke(HandDrawn.arrow(from: p(210, 200), to: p(358, 200))), with: interpreter)
        #expect(far.document.transitions.isEmpty && far.document.states[1].isInitial, "\(initial)")
    }

    @Test func aHeadDrawnFirstAtTheStartOfSuchALineTurnsItRound() throws {
        var editor = twoStates()
        editor.perform(.stroke(MultiStrokeSymbolTests.head(at: p(170, 200), pointing: (-1, 0))), with: interpreter)
        #expect(editor.document.pending.heads.count == 1)
        let message = editor.perform(.stroke(HandDrawn.arrow(from: p(170, 200), to: p(358, 200), head: false)), with: interpreter)
        #expect(message.contains("where the head drawn before it is: transition q1 → q0"), "\(message)")
        let t = try #require(editor.document.transitions.first)
        #expect((t.from, t.to, t.head) == (1, 0, .drawn))
        #expect(editor.document.pending.heads.isEmpty && !editor.document.states.contains { $0.isInitial })
    }

    @Test func anInitialArrowDrawnFromFarOffStaysTheInitialArrow() {
        var editor = twoStates()
        // It starts 110 points off q0's edge, farther than q0's radius.
        editor.perform(.stroke(HandDrawn.arrow(from: p(250, 200), to: p(358, 200))), with: interpreter)
        #expect(editor.document.transitions.isEmpty)
        #expect(editor.document.states.map(\.isInitial) == [false, true])
    }
}

/// An arch drawn high over the states between its ends has its farthest point from the pen's
/// start at the top: it still ends on the state it comes down on.
@Suite struct HighArchTests {
    private let interpreter = ShippedModel.interpreter
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    /// From q1's top up high and down onto q0's top: a half-ellipse `height` high, ending in a head.
    private func arch(height: Double) -> [CanvasPoint] {
        let curve = (0...40).map { i -> CanvasPoint in
            let angle = Double.pi * Double(i) / 40
            return p(160 + 60 * cos(angle), 170 - height * sin(angle))
        }
        let tip = curve[curve.count - 1]
        return curve + [p(tip.x - 10, tip.y - 14), tip, p(tip.x + 10, tip.y - 14)]
    }

    @Test func aLetterInTheGapBetweenCloseStatesJoinsNeither() {
        let rules = RecognitionRules()
        // q0 above q1, their edges at y 140 and 190: 50 points apart. The "(" touches both
        // (within 20 points of each edge) but spans 24 of the 50 points between them.
        let editor = HandDrawn.editor(withStatesAt: [p(200, 100), p(200, 230)])
        let letter = [p(196, 152), p(190, 160), p(190, 168), p(196, 176)]
        #expect(rules.state(at: letter[0], in: editor.document)?.id == 0 && rules.state(at: letter[3], in: editor.document)?.id == 1)
        #expect(rules.states(joinedBy: letter, in: editor.document) == nil)
        let line = [p(200, 143), p(200, 165), p(200, 187)]
        #expect(rules.states(joinedBy: line, in: editor.document).map { [$0.from.id, $0.to.id] } == [0, 1])
    }

    @Test func aHighReturnArchIsATransitionNotASelfLoop() throws {
        let rules = RecognitionRules()
        for height in [140.0, 200] {
            var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(220, 200)], radius: 30)
            let stroke = arch(height: height)
            #expect(StrokeGeometry.arrowTipIndex(of: stroke) < stroke.count - 10, "the top is the farthest point")
            #expect(rules.states(joinedBy: stroke, in: editor.document).map { [$0.from.id, $0.to.id] } == [1, 0])
            let message = editor.perform(.stroke(stroke), with: interpreter)
            #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[1, 0]], "\(height): \(message)")
        }
    }
}

/// Strokes leaving a state: a line out of it is no loop however deep inside it starts, and a
/// dangling transition leaves room for the state it waits for.
@Suite struct LeavingAStateTests {
    private let interpreter = ShippedModel.interpreter
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    @Test func aLineFromDeepInsideAStateOutwardsIsNoSelfLoop() {
        let rules = RecognitionRules()
        let document = HandDrawn.editor(withStatesAt: [p(200, 200)], radius: 50).document
        // From near the centre straight up, 60 points past the edge: its second half is still within reach.
        let line = HandDrawn.arrow(from: p(200, 190), to: p(200, 90), head: false)
        #expect(!rules.comesBack(line, to: document.states[0], in: document))
        // Out and back down onto the state is a loop.
        let loop = (0...30).map { i -> CanvasPoint in
            let angle = Double.pi * Double(i) / 30
            return p(200 - 25 * cos(angle), 150 - 70 * sin(angle))
        }
        #expect(rules.comesBack(loop, to: document.states[0], in: document))
    }

    @Test func aShortStrokeOutOfAStateIsWritingNotADanglingTransition() {
        var editor = HandDrawn.editor(withStatesAt: [p(200, 200)], radius: 50)
        // A letter's stem from the edge 30 points out: less than the radius, no room for a state.
        let stem = editor.perform(.stroke(HandDrawn.arrow(from: p(250, 200), to: p(280, 200), head: false)), with: interpreter)
        #expect(editor.document.transitions.isEmpty, "\(stem)")
        // An arrow reaching 120 points out is one.
        editor.perform(.stroke(HandDrawn.arrow(from: p(250, 200), to: p(370, 200))), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, nil]])
    }

    @Test func aShortStrokeIntoAStateIsWritingNotItsInitialArrow() {
        var editor = HandDrawn.editor(withStatesAt: [p(200, 200)], radius: 50)
        // An arrow from 30 points off the edge: a letter's stroke beside the state.
        let letter = editor.perform(.stroke(HandDrawn.arrow(from: p(282, 200), to: p(242, 200))), with: interpreter)
        #expect(!editor.document.states[0].isInitial, "\(letter)")
        // From 70 points out (beyond three quarters of the radius) it is the initial arrow.
        let arrow = editor.perform(.stroke(HandDrawn.arrow(from: p(320, 200), to: p(250, 200))), with: interpreter)
        #expect(editor.document.states[0].isInitial, "\(arrow)")
    }
}
