import Foundation
import StrokeModel
import Testing
@testable import AutomataEditorCore

/// A word is written stroke by stroke: once one small stroke is left alone as writing, the
/// next small one beside it is more of the word, even where it touches a state's edge or
/// bridges the gap between two states.
@Suite struct WritingGoesOnTests {
    private let interpreter = ShippedModel.interpreter
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    /// A small "c" 18 points across, its centre at `centre`.
    private func letterC(at centre: CanvasPoint) -> [CanvasPoint] {
        (0...20).map { i in
            let angle = 0.25 * Double.pi + 1.5 * Double.pi * Double(i) / 20
            return p(centre.x + 9 * cos(angle), centre.y - 9 * sin(angle))
        }
    }

    /// q0 at (100, 200) and q1 at (200, 200), radius 40: 20 points of canvas between their edges.
    private func closeStates() -> Editor { HandDrawn.editor(withStatesAt: [p(100, 200), p(200, 200)]) }

    /// A letter's stroke from q0's edge across the gap onto q1's.
    private let bridge = (0...10).map { i in CanvasPoint(x: 138 + 2.4 * Double(i), y: 192 + 0.8 * Double(i)) }

    @Test func aStrokeAcrossANarrowGapAfterALetterIsMoreOfTheWord() {
        var alone = closeStates()
        let read = alone.perform(.stroke(bridge), with: interpreter)
        #expect(alone.document.transitions.count == 1, "on its own it joins the states: \(read)")

        var word = closeStates()
        let letter = word.perform(.stroke(letterC(at: p(150, 216))), with: interpreter)
        #expect(word.document.transitions.isEmpty && word.document.pending.writing != nil, "\(letter)")
        let more = word.perform(.stroke(bridge), with: interpreter)
        #expect(word.document.transitions.isEmpty, "\(more)")
        #expect(more.contains("writing just before it"))
    }

    @Test func writingIsRememberedWithoutAStepOfItsOwnAndForgottenAfterAShape() {
        var editor = closeStates()
        editor.perform(.stroke(letterC(at: p(150, 216))), with: interpreter)
        #expect(editor.document.pending.writing != nil)
        // Undo takes back the second state, not the invisible memory of the letter.
        #expect(editor.undo() && editor.document.states.count == 1)
        #expect(editor.redo() && editor.document.states.count == 2)

        editor.perform(.stroke(letterC(at: p(150, 216))), with: interpreter)
        editor.perform(.stroke(HandDrawn.circle(p(400, 200), radius: 40)), with: interpreter)
        #expect(editor.document.states.count == 3 && editor.document.pending.writing == nil)
    }

    @Test func aHeadsSecondBarbIsMoreOfTheHead() {
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(400, 200)])
        editor.perform(.stroke(HandDrawn.arrow(from: p(140, 200), to: p(360, 200), head: false)), with: interpreter)
        // The head as two barbs: the first directs the shaft, the second is more of it.
        let first = editor.perform(.stroke([p(345, 188), p(352, 194), p(360, 200)]), with: interpreter)
        #expect(first == "the head at q1 turns q0 — q1 into q0 → q1", "\(first)")
        let second = editor.perform(.stroke([p(360, 200), p(352, 206), p(345, 212)]), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]], "\(second)")
        #expect(editor.document.transitions[0].head == .drawn && editor.document.pending.heads.isEmpty)
    }

    @Test func aHeadBiggerThanLetterShareOfASmallStateGoesOnToo() {
        // States of radius 20: letters stay under 16 points, this head is 20 across.
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(400, 200)], radius: 20)
        editor.perform(.stroke(HandDrawn.arrow(from: p(120, 200), to: p(380, 200), head: false)), with: interpreter)
        let head = MultiStrokeSymbolTests.head(at: p(380, 200), pointing: (1, 0), size: 20)
        let first = editor.perform(.stroke(head), with: interpreter)
        #expect(first == "the head at q1 turns q0 — q1 into q0 → q1", "\(first)")
        #expect(editor.document.pending.writing != nil, "a head is remembered whatever its size")
        // The outline's closing side, from barb to barb: both its ends touch q1.
        let (a, b) = (head[0], head[head.count - 1])
        let side = (0...8).map { i in p(a.x + 1.5 * Double(i % 2), a.y + (b.y - a.y) * Double(i) / 8) }
        let closing = editor.perform(.stroke(side), with: interpreter)
        #expect(editor.document.transitions.count == 1 && editor.document.transitions[0].head == .drawn, "\(closing)")
    }

    @Test func aTypedTextEndsTheWriting() {
        var editor = closeStates()
        editor.perform(.stroke(letterC(at: p(150, 216))), with: interpreter)
        #expect(editor.document.pending.writing != nil)
        editor.perform(.text("a", at: p(300, 300)), with: interpreter)
        #expect(editor.document.pending.writing == nil)
    }

    /// A "b" hanging over q0's right edge (q0 at (100, 200), radius 40): on its own, a self-loop.
    private let bOverTheEdge: [CanvasPoint] = (0...24).map { i in
        let angle = Double.pi * (0.8 - 1.6 * Double(i) / 24)
        return CanvasPoint(x: 148 + 12.5 * cos(angle), y: 200 - 12.5 * sin(angle))
    }

    @Test func aLetterAfterACommaMeasuresByTheLineNotTheComma() {
        var alone = closeStates()
        let read = alone.perform(.stroke(bOverTheEdge), with: interpreter)
        #expect(alone.document.transitions.count == 1, "on its own it hangs on q0: \(read)")

        var word = closeStates()
        for x in [96.0, 116] { word.perform(.stroke(letterC(at: p(x, 200))), with: interpreter) }
        let comma = word.perform(.stroke([p(128, 209), p(129, 213), p(127, 218)]), with: interpreter)
        #expect(word.document.pending.writing?.extent ?? 0 < 10, "\(comma)")
        #expect(word.document.pending.writingRun.map { $0.max.x - $0.min.x } ?? 0 > 40, "the run spans the word")
        let b = word.perform(.stroke(bOverTheEdge), with: interpreter)
        #expect(word.document.transitions.isEmpty, "\(b)")
        #expect(b.contains("writing just before it"), "\(b)")
    }

    @Test func aRunOfWritingEndsWithTheFirstStrokeAwayFromIt() {
        var editor = closeStates()
        editor.perform(.stroke(letterC(at: p(150, 216))), with: interpreter)
        editor.perform(.stroke(letterC(at: p(170, 216))), with: interpreter)
        #expect(editor.document.pending.writingRun.map { $0.max.x - $0.min.x } ?? 0 > 35)
        editor.perform(.stroke(letterC(at: p(150, 400))), with: interpreter)
        #expect(editor.document.pending.writingRun == editor.document.pending.writing, "a letter far away starts a new run")
    }

    @Test func onlyASmallStrokeCloseByGoesOn() {
        let rules = RecognitionRules()
        var document = closeStates().document
        document.pending.writing = InkBox(around: letterC(at: p(150, 216)))
        #expect(rules.continuesWriting(bridge, in: document))
        // Far from the letter, or three times its size, or as big as a state's radius: not writing.
        #expect(!rules.continuesWriting(bridge.map { $0.moved(by: 0, -200) }, in: document))
        let big = (0...10).map { i in p(120 + 6 * Double(i), 250) }
        #expect(!rules.continuesWriting(big, in: document))
        let loopSized = (0...10).map { i in p(150 + 3.4 * Double(i), 240) }
        #expect(!rules.continuesWriting(loopSized, in: document))
        document.pending.writing = nil
        #expect(!rules.continuesWriting(bridge, in: document))
    }
}

private extension CanvasPoint {
    func moved(by dx: Double, _ dy: Double) -> CanvasPoint { CanvasPoint(x: x + dx, y: y + dy) }
}
