import Foundation
import StrokeModel
import Testing
@testable import AutomataEditorCore

/// A line drawn in pieces (a connector bent round a corner, the pen lifted and set down
/// where it stopped) is one transition; a letter written beside a state is no self-loop, and
/// one written among the states is no state.
@Suite struct LinesInPiecesTests {
    private let interpreter = ShippedModel.interpreter
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    /// q0 at (100, 200) and q1 at (400, 400), radius 40: a line between them bends at (400, 200).
    private func twoStatesApart() -> Editor {
        let editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(400, 400)])
        #expect(editor.document.states.count == 2)
        return editor
    }

    private func line(_ a: CanvasPoint, _ b: CanvasPoint) -> [CanvasPoint] { HandDrawn.arrow(from: a, to: b, head: false) }
    /// A line through `corners`, 8 points to each straight piece.
    private func polyline(_ corners: [CanvasPoint]) -> [CanvasPoint] {
        var points = [corners[0]]
        for (a, b) in zip(corners, corners.dropFirst()) {
            for i in 1...8 {
                let t = Double(i) / 8
                points.append(p(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t))
            }
        }
        return points
    }

    @Test func aSecondPieceFromTheFreeEndCarriesTheLineOnToItsState() throws {
        var editor = twoStatesApart()
        let first = editor.perform(.stroke(line(p(140, 200), p(400, 200))), with: interpreter)
        #expect(first.contains("free end"), "\(first)")
        let second = editor.perform(.stroke(line(p(402, 203), p(400, 358))), with: interpreter)
        #expect(second.contains("a line carried on from where transition q0 → ? stopped at (400, 200)"), "\(second)")
        let t = try #require(editor.document.transitions.first)
        #expect(editor.document.transitions.count == 1)
        #expect((t.from, t.to, t.head) == (0, 1, .awaited))
        #expect(t.isCurved, "the line keeps its bend")
        // Its head, drawn last at q1, directs it; undo takes back the head, then the join.
        editor.perform(.stroke(MultiStrokeSymbolTests.head(at: p(400, 360), pointing: (0, 1))), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]])
        #expect(editor.document.transitions.first?.head == .drawn)
        editor.undo()
        editor.undo()
        #expect(editor.document.transitions.count == 1 && editor.document.transitions[0].to == nil, "back to the first piece alone")
    }

    @Test func aCornerBesideAThirdStateWithinItsSlackCarriesTheLineOnPastIt() throws {
        // As FC_A writer24_7b's arrow _14: q2 (radius 40) at (458, 195) lies just beyond the
        // corner (400, 200), 18 points off its edge: the first piece lands on q2 within its
        // slack only, and the next, from the corner down into q1, carries the line on.
        var editor = twoStatesApart()
        editor.perform(.stroke(HandDrawn.circle(p(458, 195), radius: 40)), with: interpreter)
        let first = editor.perform(.stroke(line(p(140, 200), p(400, 200))), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 2]], "\(first)")
        let second = editor.perform(.stroke(line(p(402, 203), p(400, 358))), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]], "\(second)")
        // A shaft ending at q2's rim is q2's: the next piece from there is a transition of its own.
        var atRim = twoStatesApart()
        atRim.perform(.stroke(HandDrawn.circle(p(458, 195), radius: 40)), with: interpreter)
        atRim.perform([.stroke(line(p(140, 200), p(414, 199))), .stroke(line(p(416, 203), p(400, 358)))], with: interpreter)
        #expect(atRim.document.transitions.count == 2, "\(atRim.document.transitions)")
    }

    @Test func aSecondPieceStoppingShortOfTheStateItRunsIntoJoinsItAsALegALetterStrokeDoesNot() throws {
        // A connector drawn from its corner: the leg into q0 first (its initial arrow, for now),
        // then the leg down towards q1, stopping 70 points (under two radii) short of it.
        var editor = twoStatesApart()
        editor.perform(.stroke(line(p(400, 200), p(142, 200))), with: interpreter)
        let second = editor.perform(.stroke(line(p(401, 203), p(400, 290))), with: interpreter)
        #expect(second.contains("the initial arrow of q0"), "\(second)")
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[1, 0]], "\(second)")
        #expect(!editor.document.states.contains { $0.isInitial })
        // A piece under a radius long, though it stops as short of q1, is no leg.
        var short = twoStatesApart()
        short.perform(.stroke(line(p(400, 250), p(140, 205))), with: interpreter)
        #expect(short.document.states[0].isInitial)
        let letter = short.perform(.stroke(line(p(401, 252), p(400, 285))), with: interpreter)
        #expect(short.document.transitions.isEmpty && short.document.states[0].isInitial, "\(letter)")
    }

    @Test func aPieceWhoseLastLegTurnsSquareIntoItsStateEndsThereNotAtTheCorner() throws {
        // q0 at (100, 250), q1 at (400, 140). The leg from the corner (100, 60) down into q0
        // first (its initial arrow, for now), then from the corner across, overshooting the next
        // corner a little, and down into q1's top: the far corner is the ink's farthest point
        // from the piece's start, but the last leg does not fold back, as a head's barbs do.
        var editor = HandDrawn.editor(withStatesAt: [p(100, 250), p(400, 140)])
        editor.perform(.stroke(line(p(100, 60), p(100, 208))), with: interpreter)
        let across = HandDrawn.line(from: p(101, 58), to: p(406, 60), count: 30) + HandDrawn.line(from: p(406, 60), to: p(400, 102), count: 8).dropFirst()
        #expect(RecognitionRules.foldsBackAfterTip(across) == false && StrokeGeometry.headEnd(of: across) == .tip)
        let message = editor.perform(.stroke(across), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[1, 0]], "\(message)")
        #expect(!editor.document.states.contains { $0.isInitial }, "\(message)")
        // A head's barbs after the tip do fold back.
        #expect(RecognitionRules.foldsBackAfterTip(HandDrawn.arrow(from: p(100, 100), to: p(300, 100))))
    }

    @Test func aPieceRoundTwoSquareCornersFromAFreeEndJoinsIt() throws {
        // q0 at (100, 330), q1 at (420, 230). A shaft out of q0 to a free end, then the rest of
        // the connector from there: down, right and up into q1's bottom. Its end is barely
        // farther from its start than its middle, so it does not run away from where it began,
        // as a piece otherwise must; its square legs along the axes make it one.
        var editor = HandDrawn.editor(withStatesAt: [p(100, 330), p(420, 230)])
        let first = editor.perform(.stroke(line(p(140, 330), p(250, 330))), with: interpreter)
        #expect(first.contains("free end"), "\(first)")
        let round = HandDrawn.line(from: p(250, 332), to: p(250, 380), count: 8) + HandDrawn.line(from: p(250, 380), to: p(420, 380), count: 24).dropFirst()
            + HandDrawn.line(from: p(420, 380), to: p(420, 268), count: 16).dropFirst()
        #expect(!interpreter.rules.isPiece(round))
        let second = editor.perform(.stroke(round), with: interpreter)
        #expect(second.contains("a line carried on"), "\(second)")
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]], "\(second)")
    }

    @Test func anInitialArrowStartingJustBeyondTheLineLeftAloneBeforeCarriesItOn() throws {
        // q0 at (100, 200), q1 at (450, 200), radius 50. A shaft out of q1 to a free end at
        // (226, 200); then a short line out of q0, 48 beyond its edge (too short to leave it
        // alone), stopping 28 short of that free end (the pen set down again a little off);
        // then a head at q1 makes the shaft q1's initial arrow, starting where that line stopped.
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(450, 200)], radius: 50)
        editor.perform(.stroke(line(p(400, 200), p(226, 200))), with: interpreter)
        let short = editor.perform(.stroke(HandDrawn.line(from: p(150, 200), to: p(198, 200))), with: interpreter)
        #expect(editor.document.pending.line != nil, "\(short)")
        let head = editor.perform(.stroke(MultiStrokeSymbolTests.head(at: p(398, 200), pointing: (1, 0), size: 14)), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]], "\(head)")
        #expect(!editor.document.states.contains { $0.isInitial }, "\(head)")
    }

    @Test func threePiecesRoundTwoCornersAreOneTransition() throws {
        var editor = twoStatesApart()
        editor.perform(.stroke(line(p(100, 160), p(100, 60))), with: interpreter)
        editor.perform(.stroke(line(p(101, 58), p(560, 60))), with: interpreter)
        editor.perform(.stroke(line(p(560, 62), p(560, 400))), with: interpreter)
        let last = editor.perform(.stroke(line(p(558, 400), p(445, 400))), with: interpreter)
        #expect(last.contains("q0 — q1"), "\(last)")
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]])
    }

    @Test func twoPiecesDrawnOutwardsFromTheCornerAreOneTransitionNotTwoInitialArrows() throws {
        var editor = twoStatesApart()
        let first = editor.perform(.stroke(line(p(400, 200), p(142, 200))), with: interpreter)
        #expect(first.contains("q0 initial"), "\(first)")
        let second = editor.perform(.stroke(line(p(401, 203), p(400, 358))), with: interpreter)
        #expect(second.contains("the initial arrow of q0"), "\(second)")
        #expect(!editor.document.states.contains { $0.isInitial })
        let t = try #require(editor.document.transitions.first)
        #expect(editor.document.transitions.count == 1)
        // Kept as its first piece was drawn (into q0) until a head says otherwise.
        #expect((t.from, t.to, t.head) == (1, 0, .awaited))
        let head = editor.perform(.stroke(MultiStrokeSymbolTests.head(at: p(400, 360), pointing: (0, 1))), with: interpreter)
        #expect(head.contains("q0 → q1"), "\(head)")
    }

    @Test func aFirstPieceTooShortToReadAloneIsCarriedOnIntoTheNextState() throws {
        var editor = twoStatesApart()
        // 30 points out of q0 (radius 40): too short for a transition waiting for its state.
        let first = editor.perform(.stroke(line(p(100, 240), p(100, 270))), with: interpreter)
        #expect(editor.document.transitions.isEmpty, "\(first)")
        let second = editor.perform(.stroke(line(p(101, 272), p(100, 400))), with: interpreter)
        #expect(editor.document.transitions.isEmpty, "still in empty canvas: \(second)")
        let third = editor.perform(.stroke(line(p(102, 401), p(358, 400))), with: interpreter)
        #expect(third.contains("a line carried on from where the line just before stopped"), "\(third)")
        let t = try #require(editor.document.transitions.first)
        #expect(editor.document.transitions.count == 1)
        #expect((t.from, t.to, t.head) == (0, 1, .awaited))
        #expect(t.isCurved, "the line keeps its corner")
        editor.perform(.stroke(MultiStrokeSymbolTests.head(at: p(360, 400), pointing: (1, 0))), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]])
        #expect(editor.document.transitions.first?.head == .drawn)
    }

    @Test func aFirstPieceWaitsThroughAHeadDrawnAsMarksAtItsStateForTheLegFromItsFreeEnd() throws {
        var editor = twoStatesApart()
        // A leg into q1 from 25 points off its edge, too short for an initial arrow ...
        let first = editor.perform(.stroke(line(p(400, 335), p(400, 368))), with: interpreter)
        #expect(editor.document.states.allSatisfy { !$0.isInitial }, "\(first)")
        // ... its head at its tip as two barbs inside q1, each writing alone ...
        for barb in [[p(392, 356), p(396, 362), p(400, 368)], [p(408, 356), p(404, 362), p(400, 368)]] {
            editor.perform(.stroke(barb), with: interpreter)
        }
        #expect(editor.document.transitions.isEmpty)
        // ... then the rest, round the corner from the leg's free end to q0.
        let rest = polyline([p(400, 333), p(400, 200), p(142, 200)])
        let reading = editor.perform(.stroke(rest), with: interpreter)
        #expect(reading.contains("a line carried on from where the line just before stopped"), "\(reading)")
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]])
        #expect(editor.document.states.allSatisfy { !$0.isInitial })
    }

    @Test func marksLeftAtTheFarStateBetweenTwoPiecesDirectTheLineIntoIt() throws {
        var editor = twoStatesApart()
        // A leg drawn into q0 from 28 points below its edge, too short for an initial arrow ...
        editor.perform(.stroke(line(p(100, 268), p(100, 238))), with: interpreter)
        // ... a head drawn as two barbs inside q1's left rim, each writing alone ...
        for barb in [[p(352, 392), p(358, 396), p(364, 400)], [p(352, 408), p(358, 404), p(364, 400)]] {
            editor.perform(.stroke(barb), with: interpreter)
        }
        // ... then the line on from the leg's free end to q1: it points where the head is,
        // not the way its first leg was drawn.
        let reading = editor.perform(.stroke(polyline([p(100, 270), p(100, 400), p(356, 400)])), with: interpreter)
        #expect(reading.contains("a line carried on"), "\(reading)")
        let t = try #require(editor.document.transitions.first)
        #expect(editor.document.transitions.count == 1)
        #expect((t.from, t.to, t.head) == (0, 1, .drawn), "\(reading)")
    }

    @Test func aHeadAtTheFirstPiecesStartLetsTheNextStopShortOfTheStateItIsAimedAt() throws {
        var editor = twoStatesApart()
        // A first leg from 30 points off q0 to the corner, touching no state, and a head at
        // its start pointing into q0 ...
        editor.perform(.stroke(line(p(170, 200), p(400, 200))), with: interpreter)
        let head = editor.perform(.stroke(MultiStrokeSymbolTests.head(at: p(168, 200), pointing: (-1, 0), size: 14)), with: interpreter)
        #expect(editor.document.transitions.isEmpty, "\(head)")
        // ... then the leg down from the corner, stopping 50 points short of q1, aimed at it.
        let leg = editor.perform(.stroke(line(p(401, 203), p(400, 310))), with: interpreter)
        #expect(leg.contains("a line carried on"), "\(leg)")
        let t = try #require(editor.document.transitions.first)
        #expect(editor.document.transitions.count == 1 && (t.from, t.to, t.head) == (1, 0, .drawn), "\(leg)")
    }

    @Test func aPieceFromAnInitialArrowsStartToTheLineLeftAloneJoinsThemIntoOneTransition() throws {
        var editor = twoStatesApart()
        // An arrow up into q0 from 50 points below it: its initial arrow ...
        editor.perform(.stroke(HandDrawn.arrow(from: p(100, 290), to: p(100, 242))), with: interpreter)
        #expect(editor.document.states.first?.isInitial == true)
        // ... a line along the bottom into q1, left alone (no head, and q0 is the start) ...
        let bottom = editor.perform(.stroke(line(p(103, 400), p(358, 400))), with: interpreter)
        #expect(editor.document.transitions.isEmpty, "\(bottom)")
        // ... then the piece joining the arrow's start to the line's, a hook where the pen
        // lifted at the meeting: one line from q1 to q0, the hook no head.
        let piece = editor.perform(.stroke(line(p(100, 292), p(100, 396)) + [p(97, 392), p(94, 388)]), with: interpreter)
        #expect(piece.contains("a line carried on from where the initial arrow of q0 stopped"), "\(piece)")
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[1, 0]], "\(piece)")
        #expect(editor.document.states.allSatisfy { !$0.isInitial })
    }

    @Test func marksLeftAtAStateBeforeTheFirstPieceOutOfItDirectTheLineIntoIt() throws {
        var editor = twoStatesApart()
        // A head drawn first as two barbs inside q1's left rim, each writing alone ...
        for barb in [[p(352, 392), p(358, 396), p(364, 400)], [p(352, 408), p(358, 404), p(364, 400)]] {
            editor.perform(.stroke(barb), with: interpreter)
        }
        // ... a first leg out of q1 from there, too short to leave it alone ...
        editor.perform(.stroke(line(p(358, 400), p(330, 400))), with: interpreter)
        #expect(editor.document.transitions.isEmpty)
        // ... then the rest, round the corner into q0: the line points where the head is.
        let reading = editor.perform(.stroke(polyline([p(328, 401), p(100, 400), p(100, 242)])), with: interpreter)
        #expect(reading.contains("a line carried on"), "\(reading)")
        let t = try #require(editor.document.transitions.first)
        #expect(editor.document.transitions.count == 1)
        #expect((t.from, t.to, t.head) == (0, 1, .drawn), "\(reading)")
    }

    @Test func aLineWithOneBarbDrawnOutAndBackAtItsTipIsAPiece() {
        // Down 65 points, a barb 25 long drawn out and back, and a flick: the barb's two
        // passes are no part of the line's length (counted, the line wanders like a letter).
        let stroke = (0...13).map { p(100, 100 + 5 * Double($0)) } + [p(94, 152), p(88, 145), p(94, 156), p(100, 166), p(102, 163)]
        #expect(RecognitionRules().isPiece(stroke))
    }

    @Test func aFirstPieceWaitsThroughATransitionDrawnFromTheOtherStateForThePieceMeetingBoth() throws {
        var editor = twoStatesApart()
        // A leg down out of q0, too short to leave it alone ...
        editor.perform(.stroke(line(p(100, 240), p(100, 275))), with: interpreter)
        // ... the connector's other half, from q1 out left to a free end ...
        let other = editor.perform(.stroke(line(p(360, 400), p(30, 400))), with: interpreter)
        #expect(editor.document.transitions.count == 1 && editor.document.transitions[0].to == nil, "\(other)")
        // ... then the piece from that free end round to the leg's end, arriving from the side.
        let piece = editor.perform(.stroke(polyline([p(30, 398), p(30, 275), p(98, 275)])), with: interpreter)
        #expect(piece.contains("a line carried on"), "\(piece)")
        let t = try #require(editor.document.transitions.first)
        #expect(editor.document.transitions.count == 1 && Set([t.from, t.to]) == [0, 1], "\(piece)")
    }

    @Test func aFirstPieceStartingJustOffItsStateIsCarriedOnIntoTheNextState() throws {
        var editor = twoStatesApart()
        // A connector's first leg starts 30 points off q0's edge, leading away from it, and
        // touches no state: alone it is nothing.
        let first = editor.perform(.stroke(line(p(170, 200), p(400, 200))), with: interpreter)
        #expect(editor.document.transitions.isEmpty && !editor.document.states.contains(where: \.isInitial), "\(first)")
        let second = editor.perform(.stroke(line(p(401, 203), p(400, 358))), with: interpreter)
        #expect(second.contains("a line carried on from where the line just before stopped"), "\(second)")
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]])
    }

    @Test func aFirstPieceStartingUnderAStatesWidthOffItIsCarriedOnFromItFartherOffItIsNot() {
        // 70 points off q0's edge (radius 40): too far to touch it, under its diameter (no room
        // for a state between), as a connector starts off a wide box's side (FC_A writer24_12
        // arrow _16). 90 points off, there is room: the leg comes from no state.
        for (start, joined) in [(210.0, true), (230.0, false)] {
            var editor = twoStatesApart()
            editor.perform(.stroke(line(p(start, 200), p(400, 200))), with: interpreter)
            let second = editor.perform(.stroke(line(p(401, 203), p(400, 358))), with: interpreter)
            #expect(editor.document.transitions.map { [$0.from, $0.to] } == (joined ? [[0, 1]] : []), "from \(start): \(second)")
        }
    }

    @Test func aPieceEndsAtItsHeadsTipNotWhereItsLastBarbStops() throws {
        var editor = twoStatesApart()
        editor.perform(.stroke(line(p(170, 200), p(400, 200))), with: interpreter)
        // Down to q1's edge, then one long barb back up, ending 44 points off q1.
        let piece = (0...10).map { p(400, 203 + 15.5 * Double($0)) } + [p(390, 338), p(380, 318)]
        let reading = editor.perform(.stroke(piece), with: interpreter)
        #expect(reading.contains("a line carried on"), "\(reading)")
        let t = try #require(editor.document.transitions.first)
        #expect(editor.document.transitions.count == 1)
        #expect((t.from, t.to, t.head) == (0, 1, .drawn), "\(reading)")
    }

    @Test func aShortLegFromTheFreeEndEndingInOneBarbCarriesTheLineOnItsOtherBarbDirectsIt() throws {
        // q1 a state's width below the free end: the leg down to it is as short as a head's legs.
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(400, 300)])
        editor.perform(.stroke(line(p(140, 200), p(400, 200))), with: interpreter)
        // From the free end down to just off q1's rim, then one short barb back up: alone, a
        // mark at the line's end (a head's point lies on the free end; this one, a leg away).
        let leg = (0...7).map { p(401 - 0.3 * Double($0), 203 + 7 * Double($0)) } + [p(394, 245), p(390, 241)]
        let reading = editor.perform(.stroke(leg), with: interpreter)
        #expect(reading.contains("a line carried on from where transition q0 → ? stopped at (400, 200)"), "\(reading)")
        editor.perform(.stroke([p(400, 251), p(404, 246), p(408, 242)]), with: interpreter)
        let t = try #require(editor.document.transitions.first)
        #expect(editor.document.transitions.count == 1, "\(editor.document.transitions)")
        #expect((t.from, t.to, t.head) == (0, 1, .drawn))
    }

    @Test func aFirstPieceLeadingPastAStateIsNotCarriedOnFromIt() {
        var editor = twoStatesApart()
        // The same leg 60 points lower: the way back from its start passes below q0.
        editor.perform(.stroke(line(p(170, 260), p(400, 260))), with: interpreter)
        editor.perform(.stroke(line(p(401, 263), p(400, 358))), with: interpreter)
        #expect(!editor.document.transitions.contains { $0.from == 0 }, "\(editor.document.transitions)")
    }

    @Test func aPieceEndingInABigHeadCarriesTheLineOnAndDirectsIt() throws {
        var editor = twoStatesApart()
        editor.perform(.stroke(line(p(140, 200), p(400, 200))), with: interpreter)
        // Down into q1, then the head's barbs: back, down to the tip again and back (its ends
        // are closer together than 0.6 of its ink).
        let piece = (0...10).map { p(400, 205 + 15.3 * Double($0)) } + [p(385, 330), p(400, 358), p(415, 330)]
        let reading = editor.perform(.stroke(piece), with: interpreter)
        #expect(reading.contains("a line carried on"), "\(reading)")
        let t = try #require(editor.document.transitions.first)
        #expect(editor.document.transitions.count == 1)
        #expect((t.from, t.to, t.head) == (0, 1, .drawn))
    }

    @Test func twoLinesDrawnFromEitherEndAreJoinedWhereTheyMeet() throws {
        var editor = twoStatesApart()
        // Out of q0 to the right, then out of q1 upwards, each ending on empty canvas; then the
        // piece from the second's free end to the first's.
        editor.perform(.stroke(line(p(140, 200), p(300, 200))), with: interpreter)
        editor.perform(.stroke(line(p(400, 358), p(400, 100))), with: interpreter)
        #expect(editor.document.transitions.count == 2 && editor.document.transitions.allSatisfy { $0.to == nil })
        let meeting = editor.perform(.stroke(line(p(399, 102), p(302, 199))), with: interpreter)
        #expect(meeting.contains("a line carried on"), "\(meeting)")
        let t = try #require(editor.document.transitions.first)
        #expect(editor.document.transitions.count == 1, "\(editor.document.transitions)")
        #expect(Set([t.from, t.to]) == Set([0, 1]))
        // Its head, drawn at q0, directs it.
        editor.perform(.stroke(MultiStrokeSymbolTests.head(at: p(140, 200), pointing: (-1, 0))), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[1, 0]])
        #expect(editor.document.transitions.first?.head == .drawn)
    }

    @Test func aLetterWrittenBesideAStateIsNoFirstPiece() {
        var editor = twoStatesApart()
        // A "c" written just off q0, from its top by q0's edge round to its foot, then a line
        // from its foot into q1: the letter curls, so it is no first piece of a line from q0.
        let c = (0...12).map { i in
            let angle = -Double.pi / 4 - Double(i) * 1.5 * .pi / 12
            return p(100 + 10 * cos(angle), 265 + 10 * sin(angle))
        }
        let first = editor.perform(.stroke(c), with: interpreter)
        #expect(editor.document.pending.line == c, "left alone and kept: \(first)")
        editor.perform(.stroke(line(p(108, 274), p(358, 400))), with: interpreter)
        #expect(!editor.document.transitions.contains { $0.from == 0 && $0.to == 1 }, "\(editor.document.transitions)")
    }

    @Test func aShaftStoppingShortOfItsStateIsCarriedIntoItNotLoopedOnIt() throws {
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(400, 200)])
        editor.perform(.stroke(line(p(140, 200), p(343, 200))), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]])
        editor.perform(.stroke(line(p(344, 201), p(375, 200))), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]], "no self-loop on q1")
    }

    @Test func aStateDrawnAtAFreeEndTakesItAndIsNoPiece() {
        var editor = twoStatesApart()
        editor.perform(.stroke(line(p(140, 200), p(400, 200))), with: interpreter)
        // The ring starts at the top, where the free end is.
        let ring = editor.perform(.stroke(HandDrawn.circle(p(400, 240), radius: 40)), with: interpreter)
        #expect(ring.contains("connecting"), "\(ring)")
        #expect(editor.document.states.count == 3)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, editor.document.states[2].id]])
    }

    @Test func aTransitionFromTheStateAnotherEndsOnIsNoContinuation() {
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 200), p(500, 200)])
        editor.perform(.stroke(line(p(140, 200), p(262, 200))), with: interpreter)
        editor.perform(.stroke(line(p(300, 242), p(490, 242))), with: interpreter)
        #expect(editor.document.transitions.count == 2)
    }

    @Test func aSmallRingAmongStatesIsWritingNotAState() {
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200)], radius: 40)
        // An "o" of radius 10 well away from q0: a quarter of its size.
        let letter = editor.perform(.stroke(HandDrawn.circle(p(300, 200), radius: 10)), with: interpreter)
        #expect(editor.document.states.count == 1, "\(letter)")
        #expect(letter.contains("writing, not a state"), "\(letter)")
        // A smaller state than q0, but not by that much, is a state.
        editor.perform(.stroke(HandDrawn.circle(p(300, 200), radius: 25)), with: interpreter)
        #expect(editor.document.states.count == 2)
    }

    @Test func aStrokeAlongAStatesEdgeIsNoSelfLoop() {
        var editor = HandDrawn.editor(withStatesAt: [p(300, 300)], radius: 60)
        // An arc hugging q0's top, 8 points off its edge: it never reaches out from the state.
        let arc = (0...30).map { i -> CanvasPoint in
            let angle = Double.pi * (1.2 + 0.6 * Double(i) / 30)
            return p(300 + 68 * cos(angle), 300 + 68 * sin(angle))
        }
        let read = editor.perform(.stroke(arc), with: interpreter)
        #expect(editor.document.transitions.isEmpty, "\(read)")
    }

    @Test func aSmallLoopBesideAStateIsWritingNotItsSelfLoop() {
        var editor = HandDrawn.editor(withStatesAt: [p(300, 300)], radius: 60)
        // An "o" 16 points across touching the state's edge, and a loop as big as the state.
        let letter = editor.perform(.stroke(HandDrawn.circle(p(300, 226), radius: 8)), with: interpreter)
        #expect(editor.document.transitions.isEmpty, "\(letter)")
        editor.perform(.stroke(HandDrawn.cycle(above: p(300, 240), size: 60)), with: interpreter)
        #expect(editor.document.transitions.count == 1 && editor.document.transitions[0].isSelfLoop)
    }

    @Test func aShortLegCarriedOnByAnotherBesideItsStateWaitsForTheHead() throws {
        // A leg out of q0's bottom, too short to read, then a leg carried on from its end
        // towards q1, both small beside q0 (as a head drawn there is): one line, not a mark
        // at q0 keeping the first leg alone.
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(200, 251)])
        editor.perform(.stroke(polyline([p(100, 222), p(100, 249)])), with: interpreter)
        editor.perform(.stroke(polyline([p(100, 251), p(134, 251)])), with: interpreter)
        #expect(editor.document.transitions.isEmpty)
        // A ball of ink at the second leg's end heads the whole line, at q1 just ahead.
        let head = editor.perform(.stroke(HandDrawn.circle(p(137, 251), radius: 4)), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]], "\(head)")
    }

    @Test func aShortPieceGoingStraightOnFromAFreeEndCarriesItIntoItsState() throws {
        // q1 small (a connection point), the shaft stopping well short of it.
        func drawn() -> Editor {
            var editor = HandDrawn.editor(withStatesAt: [p(100, 100)])
            editor.perform(.stroke(HandDrawn.circle(p(100, 400), radius: 18)), with: interpreter)
            editor.perform(.stroke(HandDrawn.arrow(from: p(100, 140), to: p(100, 353), head: false)), with: interpreter)
            return editor
        }
        var editor = drawn()
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, nil]])
        // The pen set down again at the free end, 17 points on towards q1: too short to be a
        // piece alone, but straight on the shaft's way.
        let piece = editor.perform(.stroke(line(p(100, 355), p(101, 372))), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]], "\(piece)")
        #expect(editor.document.states.allSatisfy { !$0.isInitial })
        // A barb drawn back from the free end is no such piece, but the head there.
        var barbed = drawn()
        let barb = barbed.perform(.stroke(line(p(100, 355), p(112, 343))), with: interpreter)
        #expect(barb.hasPrefix("the head at"), "\(barb)")
    }

    @Test func aStubBetweenCloseStatesIsTheFirstLegOfTheLineCarriedOnFromItsEnd() throws {
        // q0 and q1 nearly touching; a stub from q0 stops in the gap, short beside them: a
        // shaft q0 — q1 until the next stroke carries it on to q2.
        var editor = HandDrawn.editor(withStatesAt: [p(100, 100), p(100, 285), p(420, 190)], radius: 80)
        editor.perform(.stroke(line(p(100, 150), p(101, 192))), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]])
        let leg = editor.perform(.stroke(HandDrawn.arrow(from: p(103, 192), to: p(336, 190))), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 2]], "\(leg)")
    }

    @Test func aSettledLegEndingBesideAStateIsCarriedOnRoundTheCorner() throws {
        // A connector's first leg drawn from its corner, 16 points off q1's edge, to q0; a dot
        // elsewhere settles it as q1 — q0. The next leg, drawn from that corner to q2 with its
        // head, carries the line on: q0 → q2, no transition left at q1.
        var editor = HandDrawn.editor(withStatesAt: [p(400, 200), p(100, 200), p(100, 450)])
        editor.perform(.stroke(line(p(156, 200), p(362, 200))), with: interpreter)
        editor.perform(.stroke([p(600, 600), p(601, 600), p(601, 601)]), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[1, 0]])
        let leg = editor.perform(.stroke(HandDrawn.arrow(from: p(157, 203), to: p(115, 413))), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 2]], "\(leg)")
        // Drawn from q2 to the corner instead, it is another line into q1.
        var other = HandDrawn.editor(withStatesAt: [p(400, 200), p(100, 200), p(100, 450)])
        other.perform(.stroke(line(p(156, 200), p(362, 200))), with: interpreter)
        other.perform(.stroke([p(600, 600), p(601, 600), p(601, 601)]), with: interpreter)
        let into = other.perform(.stroke(line(p(115, 413), p(157, 203))), with: interpreter)
        #expect(other.document.transitions.count == 2, "\(into)")
    }

    @Test func aVFittingNoEndButMarkingTheNewestTipInItsStateIsItsHead() throws {
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 240)])
        // The shaft comes in along q1's top, drawn from q1.
        editor.perform(.stroke(line(p(290, 203), p(140, 203))), with: interpreter)
        // Just inside q1 at the shaft's end, pointing down into the state across the shaft's
        // way (as on a connector whose last leg was smoothed into a curve): its head all the same.
        let head = editor.perform(.stroke([p(286, 199), p(287, 203), p(288, 207), p(289, 211), p(291, 214), p(292, 215),
                                           p(293, 214), p(295, 211), p(296, 207), p(297, 203), p(298, 199)]), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]], "\(head)")
        #expect(editor.document.transitions.first?.head == .drawn, "\(head)")
    }

    @Test func aVBegunAtAFreeEndWithItsPointALegAwayIsTheNextLeg() throws {
        // q0's shaft stops on empty canvas, settled by a dot at its end; the next leg, begun at
        // its free end, turns a corner up (a V to the eye, its point at the corner, fitting the
        // settled shaft's end too badly for its head); the last leg goes on into q1, then the head.
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(266, 40)])
        editor.perform(.stroke(line(p(140, 200), p(240, 200))), with: interpreter)
        editor.perform(.stroke([p(239, 198), p(239, 198)]), with: interpreter)
        #expect(editor.document.transitions.map(\.head) == [.missing])
        let corner = editor.perform(.stroke(polyline([p(242, 200), p(266, 201), p(267, 160)])), with: interpreter)
        #expect(editor.document.pending.heads.isEmpty, "\(corner)")
        editor.perform(.stroke(polyline([p(267, 157), p(266, 90)])), with: interpreter)
        let head = editor.perform(.stroke(MultiStrokeSymbolTests.head(at: p(266, 86), pointing: (0, -1), size: 14)), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]], "\(head)")
        #expect(editor.document.transitions.first?.head == .drawn)
    }

    @Test func aHeadedLegBegunALittleOffAFreeEndCarriesTheLineIntoItsState() throws {
        // The first leg stops on empty canvas; the last, with its head, is begun 28 points
        // below where it stopped (further than a bare piece may start) and runs into q1.
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 360)])
        editor.perform(.stroke(line(p(140, 200), p(300, 200))), with: interpreter)
        let leg = editor.perform(.stroke(HandDrawn.arrow(from: p(300, 228), to: p(300, 318))), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]], "\(leg)")
        #expect(editor.document.states.allSatisfy { !$0.isInitial })
        // Without a head, so far off it is no piece of that line.
        var bare = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 360)])
        bare.perform(.stroke(line(p(140, 200), p(300, 200))), with: interpreter)
        bare.perform(.stroke(line(p(300, 228), p(300, 318))), with: interpreter)
        #expect(!bare.document.transitions.contains { $0.from == 0 && $0.to == 1 })
    }

    @Test func aDotAtALegsEndLeavesItWaitingForTheNextLeg() throws {
        // A leg from a corner down towards q1, too short to be its initial arrow; the pen taps
        // at the corner; the other leg, from q0 to the corner, joins them.
        var editor = HandDrawn.editor(withStatesAt: [p(100, 333), p(400, 400)])
        editor.perform(.stroke(line(p(400, 333), p(400, 362))), with: interpreter)
        #expect(editor.document.transitions.isEmpty && editor.document.states.allSatisfy { !$0.isInitial })
        editor.perform(.stroke([p(402, 331), p(403, 330), p(402, 329)]), with: interpreter)
        let leg = editor.perform(.stroke(line(p(142, 333), p(398, 333))), with: interpreter)
        let t = try #require(editor.document.transitions.first, "\(leg)")
        #expect(editor.document.transitions.count == 1 && Set([t.from, t.to]) == [0, 1], "\(leg)")
    }
}
