import StrokeModel
import Testing
@testable import AutomataEditorCore

/// What a step says to a student: the automaton's terms, no recogniser figures, and what to
/// do when nothing was understood.
@Suite struct PlainWordsTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }
    private let interpreter = ShippedModel.interpreter

    /// Performs `event` and returns what it says to a student, and the recogniser's message.
    private func said(_ event: DrawingEvent, in editor: inout Editor) -> (said: String, message: String) {
        let before = editor.document
        let message = editor.perform(event, with: interpreter)
        return (PlainWords.step(from: before, to: editor.document, message: message), message)
    }

    @Test func aStrokeSaysWhatItMadeInTheAutomatonsTerms() {
        var editor = Editor()
        #expect(said(.stroke(HandDrawn.circle(p(200, 300), radius: 40)), in: &editor).said == "New state q0.")
        editor.perform(.stroke(HandDrawn.circle(p(500, 300), radius: 40)), with: interpreter)
        let shaft = said(.stroke(HandDrawn.arrow(from: p(242, 300), to: p(458, 300), head: false)), in: &editor)
        #expect(shaft.said == "New transition q0 — q1 · \(PlainWords.openShaftHint).", "\(shaft.message)")
        let head = said(.stroke(MultiStrokeSymbolTests.head(at: p(242, 300), pointing: (-1, 0))), in: &editor)
        #expect(head.said == "The head turns it into transition q1 → q0.", "\(head.message)")
        let label = said(.text("a b", at: p(350, 280)), in: &editor)
        #expect(label.said == "Transition q1 → q0 reads a, b.", "\(label.message)")
        let loop = said(.stroke(HandDrawn.cycle(above: p(500, 260), size: 50)), in: &editor)
        #expect(loop.said == "New self-loop on q1.", "\(loop.message)")
    }

    @Test func aStrokeNotUnderstoodSaysWhatToDoWithoutFigures() {
        var editor = HandDrawn.editor(withStatesAt: [p(200, 300)])
        // A scribble on empty canvas: the model rejects it, with a confidence figure.
        let scribble = (0...40).map { i in p(600 + Double(i % 2) * 60, 100 + Double(i) * 3) }
        let step = said(.stroke(scribble), in: &editor)
        #expect(step.message.contains("rejected as"), "\(step.message)")
        #expect(step.said.hasPrefix("That stroke was not understood, so nothing changed."), "\(step.said)")
        let hasFigures = step.said.contains { $0.isNumber }
        #expect(!hasFigures, "no figures for a student: \(step.said)")
    }

    @Test func writingLeftAloneSaysHowToLabel() {
        var editor = HandDrawn.editor(withStatesAt: [p(200, 300), p(500, 300)])
        // A small stroke inside q0: a letter of its name.
        let step = said(.stroke([p(195, 305), p(198, 290), p(201, 305), p(204, 290)]), in: &editor)
        #expect(step.message.contains("writing"), "\(step.message)")
        #expect(step.said.hasPrefix("That looked like writing"), "\(step.said)")
    }

    @Test func removalsAndMarksAreSaid() {
        var editor = HandDrawn.editor(withStatesAt: [p(200, 300), p(500, 300)])
        editor.perform(.stroke(HandDrawn.arrow(from: p(242, 300), to: p(458, 300))), with: interpreter)
        #expect(said(.stroke(HandDrawn.circle(p(500, 300), radius: 48)), in: &editor).said == "q1 is final.", "a name keeps its case")
        let erased = said(.erase([p(350, 260), p(350, 340)]), in: &editor)
        #expect(erased.said == "Removed transition q0 → q1.", "\(erased.message)")
        let far: [CanvasPoint] = [p(800, 800), p(810, 810)]
        let nothing = said(DrawingEvent.erase(far), in: &editor)
        #expect(nothing.said == "Nothing under the eraser.", "\(nothing.message)")
    }
}

/// The problems a student sees: one line per kind for unlabelled and dangling transitions.
@Suite struct ProblemSummaryTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    @Test func unlabelledTransitionsAreOneLine() {
        let document = AutomatonDocument().applying([
            .addState(center: p(100, 100), radius: 40), .addState(center: p(300, 100), radius: 40),
            .setInitial(id: 0, isInitial: true),
            .addTransition(from: 0, to: 1, start: p(140, 100), end: p(260, 100)),
            .addTransition(from: 1, to: 0, start: p(260, 120), end: p(140, 120)),
        ])
        let problems = DocumentCheck.problems(in: document)
        #expect(problems.filter { $0.kind == .transitionWithoutSymbols }.count == 2)
        let lines = DocumentCheck.summary(of: problems, in: document)
        #expect(lines == ["2 transitions have no symbols, so they read nothing: q0 → q1, q1 → q0 (label them, with ε for an ε-move)"],
                "\(lines)")
    }

    @Test func aSingleProblemKeepsItsOwnSentence() {
        let document = AutomatonDocument().applying([.addState(center: p(100, 100), radius: 40)])
        let problems = DocumentCheck.problems(in: document)
        #expect(DocumentCheck.summary(of: problems, in: document) == problems.map(\.message))
    }
}
