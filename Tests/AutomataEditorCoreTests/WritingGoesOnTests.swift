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

/// A label written after its arrow may reach the arrow's point: a letter there that looks
/// like a V is more of the label, not the head drawn again.
@Suite struct LabelAtTheArrowsPointTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    @Test func theSOfEpsByTheArrowsPointIsPartOfTheLabel() throws {
        // `automata bench drawings --handwriting --seed 124`, drawing 9: a → b with its head,
        // then "eps" above its end; the s, over the head, was the head drawn again ("ep").
        var editor = Editor(document: AutomatonDocument().applying([
            .addState(center: p(285.5, 289.4), radius: 66.6),
            .addState(center: p(502.3, 272.2), radius: 61.9),
            .addState(center: p(731.8, 264.5), radius: 36.7),
            .addState(center: p(616.2, 531.9), radius: 51.5),
            .addState(center: p(387.2, 537.8), radius: 40.3),
            .renameState(id: 0, name: "a"),
            .renameState(id: 1, name: "b"),
            .renameState(id: 2, name: "c"),
            .renameState(id: 3, name: "d"),
            .renameState(id: 4, name: "e"),
            .addTransition(from: 0, to: 1, start: p(351.6, 278.1), end: p(444.1, 271.6), symbols: [], head: .drawn)]))
        let s17 = [p(367.3, 252.8), p(368.2, 252.5), p(369.3, 252.3), p(370.7, 251.9), p(372.0, 251.5), p(373.6, 251.1), p(375.2, 250.6), p(376.8, 250.2), p(378.4, 249.8), p(379.9, 249.3), p(381.2, 248.9), p(382.5, 248.5), p(383.6, 248.2), p(384.6, 248.0), p(385.4, 247.7), p(386.1, 247.5), p(386.8, 247.3), p(387.4, 247.2), p(388.0, 247.0), p(388.8, 246.8), p(389.6, 246.5), p(389.1, 245.6), p(388.7, 244.8), p(388.3, 243.9), p(387.9, 243.0), p(387.5, 242.2), p(387.1, 241.3), p(386.6, 240.4), p(386.1, 239.6), p(385.6, 238.7), p(385.0, 237.9), p(384.4, 237.1), p(383.7, 236.3), p(383.0, 235.6), p(382.3, 234.8), p(381.5, 234.1), p(380.5, 233.7), p(379.3, 233.6), p(378.2, 233.8), p(377.2, 234.3), p(376.3, 235.0), p(375.3, 235.7), p(374.4, 236.3), p(373.5, 237.1), p(372.6, 237.9), p(371.7, 238.7), p(370.7, 239.6), p(369.9, 240.4), p(369.0, 241.3), p(368.1, 242.2), p(367.4, 243.2), p(366.6, 244.2), p(365.8, 245.3), p(365.2, 246.5), p(364.7, 247.6), p(364.4, 248.9), p(364.3, 250.2), p(364.4, 251.5), p(364.5, 252.8), p(364.7, 254.1), p(365.1, 255.3), p(365.4, 256.5), p(365.8, 257.7), p(366.3, 259.0), p(366.7, 260.1), p(367.2, 261.3), p(367.7, 262.3), p(368.4, 263.4), p(369.0, 264.5), p(369.6, 265.5), p(370.3, 266.4), p(371.0, 267.3), p(372.0, 267.9), p(373.0, 268.2), p(374.2, 268.2), p(375.2, 267.8), p(376.2, 267.4), p(377.1, 266.9), p(378.0, 266.3), p(378.9, 265.8), p(379.7, 265.2), p(380.5, 264.6), p(381.4, 264.1), p(382.2, 263.5), p(383.1, 263.0), p(383.9, 262.5), p(384.8, 262.0), p(385.7, 261.6)]
        let s18 = [p(407.6, 233.6), p(407.6, 234.0), p(407.5, 234.4), p(407.5, 234.8), p(407.4, 235.2), p(407.3, 235.6), p(407.2, 236.0), p(407.1, 236.4), p(407.0, 236.8), p(406.9, 237.2), p(406.9, 237.7), p(406.7, 238.1), p(406.6, 238.6), p(406.5, 239.0), p(406.4, 239.4), p(406.3, 239.9), p(406.2, 240.3), p(406.1, 240.8), p(405.9, 241.2), p(405.9, 241.6), p(405.8, 242.1), p(405.7, 242.6), p(405.6, 243.0), p(405.6, 243.5), p(405.5, 243.9), p(405.3, 244.3), p(405.2, 244.8), p(405.2, 245.2), p(405.1, 245.7), p(405.0, 246.1), p(404.9, 246.5), p(404.8, 246.9), p(404.7, 247.4), p(404.6, 247.8), p(404.5, 248.2), p(404.5, 248.6), p(404.4, 249.0), p(404.3, 249.4), p(404.2, 249.7), p(404.2, 250.1), p(404.1, 250.5), p(404.0, 250.9), p(403.9, 251.2), p(403.9, 251.5), p(403.7, 251.9), p(403.7, 252.2), p(403.6, 252.5), p(403.5, 252.8), p(403.5, 253.1), p(403.4, 253.4), p(403.3, 253.7), p(403.3, 254.0), p(403.2, 254.2), p(403.2, 254.5), p(403.1, 254.8), p(403.1, 255.0), p(403.0, 255.2), p(403.0, 255.4), p(403.0, 255.7), p(403.0, 255.9), p(402.9, 256.1), p(402.9, 256.3), p(402.8, 256.5), p(402.8, 256.6), p(402.8, 256.8), p(402.8, 257.0), p(402.8, 257.2), p(402.7, 257.3), p(402.7, 257.5), p(402.7, 257.6), p(402.7, 257.8), p(402.7, 257.9), p(402.7, 258.0), p(402.6, 258.2), p(402.6, 258.3), p(402.6, 258.4), p(402.6, 258.6), p(402.5, 258.7), p(402.5, 258.8), p(402.5, 258.9), p(402.5, 259.0), p(402.5, 259.2), p(402.4, 259.2), p(402.4, 259.3), p(402.3, 259.5), p(402.3, 259.6), p(402.2, 259.7), p(402.3, 259.9), p(402.2, 260.0), p(402.2, 260.1), p(402.1, 260.3), p(402.1, 260.4), p(402.1, 260.6), p(402.0, 260.7), p(402.0, 260.8), p(402.0, 261.0), p(401.9, 261.2), p(401.9, 261.3), p(401.9, 261.5), p(401.8, 261.7), p(401.8, 261.9), p(401.7, 262.1), p(401.7, 262.3), p(401.7, 262.5), p(401.6, 262.8), p(401.6, 263.0), p(401.6, 263.3), p(401.5, 263.5), p(401.4, 263.7), p(401.4, 264.0), p(401.3, 264.3), p(401.3, 264.6), p(401.2, 264.8), p(401.1, 265.1), p(401.0, 265.5), p(401.0, 265.8), p(400.9, 266.1), p(400.8, 266.4), p(400.7, 266.8), p(400.6, 267.1), p(400.5, 267.5), p(400.5, 267.8), p(400.4, 268.2)]
        let s19 = [p(406.1, 239.7), p(406.4, 239.5), p(406.7, 239.3), p(407.0, 239.0), p(407.2, 238.9), p(407.5, 238.6), p(407.8, 238.5), p(408.0, 238.3), p(408.3, 238.1), p(408.5, 237.9), p(408.7, 237.6), p(408.9, 237.4), p(409.2, 237.2), p(409.4, 237.1), p(409.7, 236.9), p(409.9, 236.6), p(410.1, 236.4), p(410.4, 236.2), p(410.6, 236.0), p(410.9, 235.8), p(411.2, 235.7), p(411.4, 235.4), p(411.7, 235.2), p(412.0, 235.0), p(412.3, 234.8), p(412.6, 234.7), p(412.9, 234.5), p(413.3, 234.4), p(413.7, 234.3), p(414.1, 234.3), p(414.5, 234.3), p(414.9, 234.3), p(415.3, 234.5), p(415.7, 234.6), p(416.1, 234.9), p(416.5, 235.2), p(416.9, 235.5), p(417.2, 235.8), p(417.6, 236.1), p(418.0, 236.5), p(418.3, 236.9), p(418.7, 237.2), p(419.1, 237.7), p(419.4, 238.1), p(419.8, 238.6), p(420.1, 239.0), p(420.5, 239.5), p(420.8, 239.9), p(421.1, 240.5), p(421.4, 241.0), p(421.8, 241.5), p(422.1, 242.1), p(422.3, 242.7), p(422.6, 243.2), p(422.8, 243.9), p(423.0, 244.5), p(423.1, 245.1), p(423.1, 245.8), p(423.0, 246.4), p(422.8, 247.0), p(422.5, 247.7), p(422.2, 248.2), p(421.8, 248.8), p(421.4, 249.4), p(421.0, 249.8), p(420.6, 250.3), p(420.2, 250.8), p(419.7, 251.2), p(419.2, 251.7), p(418.7, 252.1), p(418.3, 252.5), p(417.7, 252.8), p(417.2, 253.2), p(416.7, 253.5), p(416.1, 253.7), p(415.6, 253.9), p(415.0, 254.1), p(414.5, 254.2), p(413.9, 254.2), p(413.4, 254.1), p(412.8, 254.0), p(412.3, 253.9), p(411.8, 253.7), p(411.4, 253.6), p(410.9, 253.4), p(410.4, 253.2), p(410.0, 253.0), p(409.6, 252.7), p(409.2, 252.5), p(408.8, 252.4), p(408.4, 252.2), p(408.0, 252.0), p(407.6, 251.8), p(407.2, 251.7), p(406.9, 251.5), p(406.6, 251.4), p(406.2, 251.2), p(405.9, 251.1), p(405.5, 251.0)]
        let s20 = [p(466.2, 239.3), p(465.7, 239.0), p(465.3, 238.8), p(464.9, 238.5), p(464.5, 238.2), p(464.1, 238.0), p(463.6, 237.7), p(463.3, 237.4), p(462.9, 237.1), p(462.5, 236.8), p(462.1, 236.6), p(461.7, 236.3), p(461.3, 236.0), p(460.9, 235.7), p(460.5, 235.4), p(460.1, 235.2), p(459.7, 235.0), p(459.2, 234.7), p(458.8, 234.5), p(458.4, 234.3), p(458.0, 234.1), p(457.5, 234.0), p(457.0, 233.9), p(456.6, 233.7), p(456.1, 233.6), p(455.6, 233.6), p(455.2, 233.6), p(454.7, 233.6), p(454.2, 233.6), p(453.7, 233.7), p(453.3, 233.7), p(452.8, 233.8), p(452.3, 233.9), p(451.9, 234.0), p(451.4, 234.1), p(450.9, 234.2), p(450.5, 234.3), p(450.0, 234.5), p(449.6, 234.6), p(449.1, 234.7), p(448.7, 234.8), p(448.2, 235.0), p(447.8, 235.2), p(447.4, 235.4), p(446.9, 235.5), p(446.5, 235.7), p(446.1, 235.9), p(445.7, 236.1), p(445.3, 236.4), p(444.8, 236.6), p(444.5, 236.9), p(444.0, 237.1), p(443.7, 237.4), p(443.4, 237.8), p(443.1, 238.1), p(442.8, 238.5), p(442.6, 238.9), p(442.4, 239.4), p(442.4, 239.9), p(442.5, 240.3), p(442.6, 240.8), p(442.7, 241.3), p(442.9, 241.7), p(443.1, 242.1), p(443.3, 242.6), p(443.5, 242.9), p(443.8, 243.4), p(444.0, 243.8), p(444.3, 244.2), p(444.6, 244.6), p(444.9, 245.0), p(445.2, 245.4), p(445.4, 245.8), p(445.8, 246.2), p(446.0, 246.6), p(446.3, 246.9), p(446.6, 247.3), p(447.0, 247.7), p(447.3, 248.1), p(447.6, 248.5), p(447.9, 248.9), p(448.2, 249.3), p(448.5, 249.7), p(448.8, 250.1), p(449.2, 250.5), p(449.4, 250.9), p(449.8, 251.3), p(450.0, 251.7), p(450.4, 252.1), p(450.7, 252.5), p(451.0, 252.9), p(451.3, 253.3), p(451.6, 253.7), p(452.0, 254.1), p(452.3, 254.5), p(452.7, 254.8), p(453.0, 255.2), p(453.4, 255.6), p(453.8, 255.9), p(454.1, 256.3), p(454.5, 256.7), p(454.9, 257.0), p(455.2, 257.4), p(455.6, 257.7), p(456.0, 258.1), p(456.3, 258.5), p(456.7, 258.9), p(457.1, 259.3), p(457.4, 259.7), p(457.7, 260.1), p(458.1, 260.5), p(458.3, 261.0), p(458.6, 261.4), p(458.8, 261.9), p(458.9, 262.4), p(458.9, 263.0), p(458.7, 263.5), p(458.4, 263.9), p(458.1, 264.3), p(457.7, 264.7), p(457.2, 265.0), p(456.8, 265.3), p(456.3, 265.6), p(455.9, 265.8), p(455.4, 266.0), p(454.9, 266.3), p(454.4, 266.4), p(453.9, 266.6), p(453.4, 266.8), p(452.9, 267.0), p(452.4, 267.2), p(451.9, 267.2), p(451.4, 267.4), p(450.8, 267.5), p(450.3, 267.7), p(449.8, 267.8), p(449.3, 267.8), p(448.8, 267.9), p(448.2, 268.0), p(447.7, 268.1), p(447.2, 268.1), p(446.7, 268.1), p(446.1, 268.2), p(445.6, 268.2), p(445.1, 268.1), p(444.6, 268.1), p(444.0, 268.0), p(443.6, 267.9), p(443.1, 267.8), p(442.6, 267.6), p(442.0, 267.4), p(441.6, 267.3), p(441.1, 267.1), p(440.6, 266.9), p(440.1, 266.7), p(439.7, 266.5), p(439.2, 266.3), p(438.7, 266.0), p(438.3, 265.8), p(437.8, 265.6), p(437.4, 265.4), p(436.9, 265.1), p(436.5, 264.9), p(436.0, 264.6), p(435.6, 264.4), p(435.1, 264.2), p(434.7, 264.0), p(434.2, 263.8), p(433.8, 263.6), p(433.3, 263.3), p(432.9, 263.1), p(432.4, 263.0), p(431.9, 262.8)]
        for stroke in [s17, s18, s19] { editor.perform(.stroke(stroke), with: Handwriting.interpreter) }
        #expect(editor.document.transitions[0].symbols == [.text("ep")])
        let s = editor.perform(.stroke(s20), with: Handwriting.interpreter)
        #expect(editor.document.transitions[0].symbols == [.epsilon], "\(s)")
        #expect(editor.document.transitions[0].head == .drawn)
    }
}

private extension CanvasPoint {
    func moved(by dx: Double, _ dy: Double) -> CanvasPoint { CanvasPoint(x: x + dx, y: y + dy) }
}
