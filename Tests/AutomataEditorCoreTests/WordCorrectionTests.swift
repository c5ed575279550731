import Foundation
import Testing
@testable import AutomataEditorCore

/// Handwritten words after they were read: kept with their ink, corrected, followed to what
/// took them, erased, moved with their state, and shown in the editor's picture.
@Suite struct WordCorrectionTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }
    private let interpreter = Handwriting.interpreter

    /// q0 and q1 with an arrow between them, "a" written above it, and a state drawn elsewhere
    /// after it (which ends the word).
    private func labelledThenMore() -> Editor {
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 200)])
        editor.perform(.stroke(HandDrawn.arrow(from: p(145, 200), to: p(255, 200))), with: interpreter)
        editor.perform(Handwriting.word("a", at: p(190, 165)).map { .stroke($0) }, with: interpreter)
        editor.perform(.stroke(HandDrawn.circle(p(500, 200), radius: 40)), with: interpreter)
        return editor
    }

    @Test func aFinishedWordKeepsItsInkWhatItReadAndWhatItDid() throws {
        let editor = labelledThenMore()
        let document = editor.document
        #expect(document.pending.word == nil && document.states.count == 3)
        let word = try #require(document.words.first)
        #expect(document.words.count == 1 && word.text == "a" && word.isSure)
        #expect(word.effect == .labelled(transition: document.transitions[0].id, previous: []))
        #expect(word.characters == [Array(word.strokes.indices)])
        // It survives the file.
        let decoded = try JSONDecoder().decode(AutomatonDocument.self, from: JSONEncoder().encode(document))
        #expect(decoded == document)
    }

    @Test func aCorrectionFixesTheLabelAsOneUndoableStep() throws {
        var editor = labelledThenMore()
        let correction = try #require(interpreter.correcting(word: 0, to: "b", in: editor.document))
        editor.apply(correction.actions)
        #expect(editor.document.transitions[0].symbols == [.text("b")])
        #expect(editor.document.words[0].text == "b" && editor.document.words[0].isSure)
        #expect(correction.message.hasPrefix("corrected \"a\" to \"b\""), "\(correction.message)")
        // Corrected again, it takes back "b", not "a".
        let again = try #require(interpreter.correcting(word: 0, to: "0,1", in: editor.document))
        editor.apply(again.actions)
        #expect(editor.document.transitions[0].symbols == [.text("0"), .text("1")])
        _ = editor.undo()
        _ = editor.undo()
        #expect(editor.document.transitions[0].symbols == [.text("a")] && editor.document.words[0].text == "a")
        #expect(interpreter.correcting(word: 1, to: "b", in: editor.document) == nil, "there is no word 1")
    }

    @Test func confirmingAnUnsureWordAppliesIt() throws {
        var unsure = interpreter
        unsure.words?.sureness = 1.01
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 200)])
        editor.perform(.stroke(HandDrawn.arrow(from: p(145, 200), to: p(255, 200))), with: unsure)
        // A d: no symbol a first label is expected to use, which are sure at less.
        editor.perform(Handwriting.word("d", at: p(190, 165)).map { .stroke($0) }, with: unsure)
        #expect(editor.document.transitions[0].symbols.isEmpty && editor.document.writtenWords.count == 1)
        #expect(SVGExport.layers(editor.document).contains(">d?</text>"), "shown with a question mark")
        let confirmed = try #require(unsure.correcting(word: 0, to: "d", in: editor.document))
        editor.apply(confirmed.actions)
        #expect(editor.document.transitions[0].symbols == [.text("d")])
        #expect(editor.document.pending.word == nil && editor.document.words.map(\.isSure) == [true], "the word ends, sure")
    }

    @Test func aNameWrittenBeforeItsRingFollowsTheStateAndMovesWithIt() throws {
        var editor = Editor()
        editor.perform(Handwriting.word("p", at: p(190, 190)).map { .stroke($0) }, with: interpreter)
        editor.perform(.stroke(HandDrawn.circle(p(196, 202), radius: 45)), with: interpreter)
        let state = try #require(editor.document.states.first)
        #expect(state.name == "p")
        #expect(editor.document.words.map(\.effect) == [.named(state: state.id, previous: "q0")])
        let correction = try #require(interpreter.correcting(word: 0, to: "s", in: editor.document))
        editor.apply(correction.actions)
        #expect(editor.document.states[0].name == "s")

        let ink = editor.document.words[0].box
        editor.apply(.moveState(id: state.id, to: p(state.center.x + 100, state.center.y + 50)))
        let moved = editor.document.words[0].box
        #expect(abs(moved.min.x - ink.min.x - 100) < 1e-9 && abs(moved.min.y - ink.min.y - 50) < 1e-9)
    }

    @Test func erasingAWordsInkTakesBackWhatItDid() {
        var editor = labelledThenMore()
        let center = editor.document.words[0].center
        let message = editor.perform(.erase([p(center.x - 30, center.y), p(center.x + 30, center.y)]), with: interpreter)
        #expect(editor.document.words.isEmpty, "\(message)")
        #expect(editor.document.transitions.count == 1 && editor.document.transitions[0].symbols.isEmpty, "\(message)")
        #expect(message.contains("the word \"a\""), "\(message)")
    }

    @Test func theEditorsPictureShowsTheReadingOverFadedInkAndTheFilesPictureNoInk() {
        let document = labelledThenMore().document
        let layers = SVGExport.layers(document)
        #expect(layers.contains("<g class=\"words\""))
        #expect(layers.components(separatedBy: "class=\"word-ink\" data-word=\"0\"").count - 1 == document.words[0].strokes.count)
        // The label is drawn where it was written, and names the word.
        let center = document.words[0].center
        #expect(layers.contains("data-word=\"0\" x=\"\(SVGMarkup.number(center.x))\""), "\(layers)")
        let file = SVGExport.render(document)
        #expect(!file.contains("word") && file.contains(">a</text>"))
    }
}
