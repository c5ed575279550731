import ArgumentParser
import AutomataEditorCore
import Foundation
import StrokeModel
import CommandLineSupport
import InkFiles

struct DrawCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "draw",
        abstract: "Turn a drawing (strokes and texts, in order) into an automaton document.",
        discussion: """
            DRAWING is JSON: {"events": [{"stroke": [[x, y], …]}, {"text": "a,b", "at": [x, y]}, \
            {"erase": [[x, y], …]}]}, or a plain list of strokes [[[x, y], …], …]; canvas points, y \
            downwards. A DRAWING ending in .inkml is read as InkML (the W3C format of handwriting \
            databases): each <trace> is a stroke, in document order (docs/inkml.md). Each stroke is classified by the model and applied as the editor applies it \
            (circle → state, or final when drawn round a state; arrow → transition, curved as drawn, \
            or the initial mark when it starts on empty canvas; cycle → self-loop; a stroke from one \
            state to another is a transition whatever its class); a text inside a state names it, \
            elsewhere it gives the symbols of the transition whose drawn line is nearest \
            (comma-separated, ε or eps for ε). Handwriting (strokes left alone as writing) is read \
            by the symbol model, word by word, and does what typed text does; a word it is unsure \
            of changes nothing. --symbol-model none leaves writing as ink. --onto DOC draws onto \
            that document instead of an empty canvas. \
            Prints what each event did (--verbose: the recogniser's reasons, with its figures); writes the document atomically.
            """)

    @Argument(help: "The drawing (.json, or .inkml for InkML).") var drawing: String
    @Option(help: "The classifier.") var model = "models/automata-classifier.safetensors"
    @Option(help: "The symbol model that reads handwriting, or none (default: models/symbol-classifier.safetensors when there).")
    var symbolModel: String?
    @Option(help: "Where to write the document (.automaton).") var out: String
    @Option(help: "A document (.automaton) to draw onto, as the editor would with it open (default: an empty canvas).")
    var onto: String?
    @Option(help: "Strokes the model is less sure of than this are rejected (0…1; default: the model file's recommended threshold, else 0.5).")
    var threshold: Float?
    @Flag(help: "Say why each event did what it did, as the recogniser reasons (with its confidence figures), instead of what it did in plain words.")
    var verbose = false

    func run() throws {
        try Console.failing {
            if let threshold, !(0...1).contains(threshold) { throw UsageError("--threshold must be in 0…1") }
            let events = try Self.events(in: drawing)
            var editor = Editor()
            if let onto {
                do {
                    editor = Editor(document: try AutomatonFile.read(from: URL(fileURLWithPath: onto)))
                } catch {
                    throw UsageError("\(error)")
                }
            }
            guard FileManager.default.fileExists(atPath: model) else {
                throw UsageError("no model at \(model): give --model, or run from the package root where models/ is")
            }
            let classifier = try EditorClassifier.load(URL(fileURLWithPath: model), threshold: threshold)
            let symbols = try Self.symbolClassifier(symbolModel)
            let interpreter = StrokeInterpreter(classifier: classifier, symbols: symbols)
            for (index, event) in events.enumerated() {
                let before = editor.document
                let message = editor.perform(event, with: interpreter)
                Console.out("event \(index + 1): " + (verbose ? message : PlainWords.step(from: before, to: editor.document, message: message)))
            }
            do {
                try AutomatonFile.write(editor.document, to: URL(fileURLWithPath: out))
            } catch {
                throw UsageError("\(error)")
            }
            Console.out("wrote \(out): " + Self.counts(of: editor.document))
        }
    }

    /// The drawn states and transitions, saying how many transitions read no symbol yet (the
    /// automaton leaves those out, so a drawing of bare arrows is not mistaken for none).
    static func counts(of document: AutomatonDocument) -> String {
        let unread = document.transitions.filter(\.symbols.isEmpty).count
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)" + (n == 1 ? "" : "s") }
        return count(document.states.count, "state") + ", " + count(document.transitions.count, "transition")
            + (unread > 0 ? " (\(unread) reading no symbol yet)" : "")
    }

    static let shippedSymbolModel = "models/symbol-classifier.safetensors"

    /// The symbol model given (`none`: nil), else the shipped one when it is there (with a
    /// line saying so when it is not); one error line when a given file is missing.
    static func symbolClassifier(_ path: String?) throws -> StrokeClassifier? {
        guard path != "none" else { return nil }
        guard let path else {
            guard FileManager.default.fileExists(atPath: shippedSymbolModel) else {
                Console.info("no symbol model at \(shippedSymbolModel): handwriting stays ink (give --symbol-model FILE to read it)")
                return nil
            }
            return try EditorClassifier.load(URL(fileURLWithPath: shippedSymbolModel))
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw UsageError("no symbol model at \(path): give --symbol-model FILE, or none to leave handwriting as ink")
        }
        return try EditorClassifier.load(URL(fileURLWithPath: path))
    }

    /// The events of a drawing file, InkML or JSON by its extension, or one error line naming it.
    static func events(in path: String) throws(UsageError) -> [DrawingEvent] {
        let url = URL(fileURLWithPath: path)
        do {
            if InkMLDocument.isInkMLFile(url) { return try InkMLDocument.read(contentsOf: url).events }
            return try DrawingFile.events(contentsOf: url)
        } catch let error as InkMLError {
            throw UsageError("\(error)")
        } catch {
            throw UsageError("\(path): \(error)")
        }
    }
}
