import AutomataEditorCore
import StrokeModel

/// One measurement on real ink: a starting document, strokes replayed on it through the
/// editor exactly as the editor does (`Editor.perform` with a `StrokeInterpreter`, one event
/// at a time), and what that should do.
package struct InkScenario: Sendable {
    /// Where it comes from, e.g. `arrow/s01-fast-01.json`.
    package var source: String
    package var start: AutomatonDocument
    package var strokes: [[CanvasPoint]]
    package var expected: InkExpectation

    package init(source: String, start: AutomatonDocument, strokes: [[CanvasPoint]], expected: InkExpectation) {
        (self.source, self.start, self.strokes, self.expected) = (source, start, strokes, expected)
    }

    /// A document holding states of `radius` at `centres`, named `names` (else q0, q1, …),
    /// ids 0, 1, … in that order; built with the editor's own actions.
    package static func document(states centres: [CanvasPoint], radii: [Double], names: [String]? = nil) -> AutomatonDocument {
        var editor = Editor()
        for (index, centre) in centres.enumerated() {
            editor.apply(.addState(center: centre, radius: radii[index], name: names?[index]))
        }
        return editor.document
    }

    /// What the editor did.
    package struct Outcome: Sendable {
        package var document: AutomatonDocument
        /// One message per stroke.
        package var messages: [String]
        /// What each stroke did on its own, against the document as the stroke before left it.
        package var strokeChanges: [DocumentChange]
        /// What all the strokes did together.
        package var change: DocumentChange
        /// Empty when right.
        package var failures: [InkExpectation.Failure]
        package var isRight: Bool { failures.isEmpty }
    }

    package func run(with interpreter: StrokeInterpreter) -> Outcome {
        var editor = Editor(document: start)
        var messages: [String] = [], strokeChanges: [DocumentChange] = []
        for stroke in strokes {
            let before = editor.document
            messages.append(editor.perform(.stroke(stroke), with: interpreter))
            strokeChanges.append(DocumentChange(from: before, to: editor.document))
        }
        let change = DocumentChange(from: start, to: editor.document)
        return Outcome(document: editor.document, messages: messages, strokeChanges: strokeChanges, change: change,
                       failures: expected.failures(of: change))
    }
}

extension InkScenario {
    /// What should happen, in the start document's state names: "process_1 → process_2".
    package var expectedText: String {
        switch expected {
        case .nothing: return "nothing"
        case .newState: return "a new state"
        case .transition(let from, let to):
            let name = { (id: Int) in self.start.states.first { $0.id == id }?.name ?? "state \(id)" }
            return "\(name(from)) → \(to.map(name) ?? "a free end")"
        }
    }
}
