import Testing
@testable import AutomataEditorCore

/// With a symbol model, a head drawn first inside its state may read as a letter and name the
/// state; the shaft drawn next out of that ink takes it back as its head (FC_A: heads drawn
/// first renamed their node's state "1", "7" or "v"). A name in the middle stays a name.
@Suite struct WordAsHeadTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }
    private let interpreter = Handwriting.interpreter

    /// q0 at (100, 200), q1 at (300, 200), radius 40.
    private func twoStates() -> Editor {
        let editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 200)])
        #expect(editor.document.states.map(\.name) == ["q0", "q1"])
        return editor
    }

    /// A short upright stroke at q1's rim, where a line from q0 arrives: what the symbol model reads as a 1.
    private let upright = (0...12).map { CanvasPoint(x: 268, y: 193 + Double($0) * 14 / 12) }

    @Test func aShaftDrawnOutOfALetterAtTheRimTakesItBackAsItsHead() throws {
        var editor = twoStates()
        let letter = editor.perform(.stroke(upright), with: interpreter)
        #expect(editor.document.states[1].name != "q1", "the mark alone renames q1: \(letter)")
        let shaft = editor.perform(.stroke(HandDrawn.arrow(from: p(267, 200), to: p(142, 200), head: false)), with: interpreter)
        #expect(shaft.contains("was part of this arrow"), "\(shaft)")
        #expect(editor.document.states.map(\.name) == ["q0", "q1"], "\(shaft)")
        let t = try #require(editor.document.transitions.first)
        #expect(editor.document.transitions.count == 1)
        #expect((t.from, t.to, t.head) == (0, 1, .drawn), "\(shaft)")
        #expect(editor.document.words.isEmpty && editor.document.pending.word == nil, "the head is no word")
        editor.undo()
        #expect(editor.document.transitions.isEmpty && editor.document.states[1].name != "q1", "one step: back to the letter")
    }

    @Test func aNameInTheMiddleStaysWhenALineLeavesTheState() throws {
        var editor = twoStates()
        editor.perform(Handwriting.word("s", at: p(300, 200), height: 18).map { .stroke($0) }, with: interpreter)
        #expect(editor.document.states[1].name == "s")
        let shaft = editor.perform(.stroke(HandDrawn.arrow(from: p(261, 200), to: p(142, 200), head: false)), with: interpreter)
        #expect(!shaft.contains("was part of this arrow"), "\(shaft)")
        #expect(editor.document.states[1].name == "s", "\(shaft)")
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[1, 0]])
    }
}

/// The other ways a head's ink reads as a letter: drawn after the shaft at its tip, or as a
/// V drawn first just off the state it points into.
@Suite struct HeadReadAsLetterTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }
    private let interpreter = Handwriting.interpreter

    @Test func aLetterSizedMarkAtTheTipInsideTheStateIsNoName() throws {
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 200)])
        editor.perform(.stroke(HandDrawn.arrow(from: p(142, 200), to: p(266, 200), head: false)), with: interpreter)
        // Taller than a head's second barb (`tipMark`), but where the arrow meets q1.
        let mark = (0...12).map { p(268, 188 + Double($0) * 2) }
        let reading = editor.perform(.stroke(mark), with: interpreter)
        #expect(editor.document.states.map(\.name) == ["q0", "q1"], "\(reading)")
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]], "\(reading)")
    }

    @Test func aVDrawnFirstJustOffItsStateDirectsTheShaftThatComesToIt() throws {
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 200)])
        let v = [p(221, 190), p(228, 195), p(235, 200), p(228, 205), p(221, 210)]
        let first = editor.perform(.stroke(v), with: interpreter)
        #expect(first.contains("waits"), "25 points off q1, it reads as a letter: \(first)")
        let shaft = editor.perform(.stroke(HandDrawn.arrow(from: p(142, 200), to: p(234, 200), head: false)), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]], "\(first) / \(shaft)")
        #expect(editor.document.transitions.first?.head == .drawn, "\(first) / \(shaft)")
        #expect(editor.document.pending.texts.isEmpty && editor.document.words.isEmpty, "\(first) / \(shaft)")
    }
}
