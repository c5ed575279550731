import ArgumentParser
import AutomataEditorCore
import AutomataEditorServer
import Foundation
import StrokeModel
import CommandLineSupport

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the editor in a browser: draw automata, run words, teach the model.",
        discussion: """
            Serves the editor page at / and its JSON API at /api (docs/server.md). Documents are \
            DIR/NAME.automaton, written atomically after every change; strokes corrected with \
            Teach go to the corrections folder as CLASS/NAME.png with their drawing file beside \
            (train on them with `strokes train REAL CORRECTIONS:2x`). Binds to loopback unless \
            --host says otherwise; --port 0 takes any free port. Stops on Ctrl-C or SIGTERM \
            after the requests under way.
            """)

    @Option(help: "The classifier.") var model = "models/automata-classifier.safetensors"
    @Option(help: "The symbol model that reads handwriting, or none (default: models/symbol-classifier.safetensors when there).")
    var symbolModel: String?
    @Option(help: "The documents folder (made if missing).") var documents = "documents"
    @Option(help: "Where Teach saves corrected strokes, in the training layout.") var corrections = "datasets/corrections"
    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port (0: any free one).") var port = 8080
    @Option(help: "Strokes the model is less sure of than this are rejected (0…1; default: the model file's recommended threshold, else 0.5).")
    var threshold: Float?

    func run() throws {
        try Console.failing {
            guard (0...65535).contains(port) else { throw UsageError("--port must be in 0…65535") }
            if let threshold, !(0...1).contains(threshold) { throw UsageError("--threshold must be in 0…1") }
            guard FileManager.default.fileExists(atPath: model) else {
                throw UsageError("no model at \(model): give --model, or run from the package root where models/ is")
            }
            let classifier = try EditorClassifier.load(URL(fileURLWithPath: model), threshold: threshold)
            let symbols = try DrawCommand.symbolClassifier(symbolModel)
            let settings = EditorServer.Settings(
                documents: URL(fileURLWithPath: documents), corrections: URL(fileURLWithPath: corrections), host: host, port: port)
            let server: EditorServer
            do {
                server = try EditorServer(settings: settings, classifier: classifier, symbols: symbols)
            } catch {
                throw UsageError("\(documents): cannot be used as the documents folder (\(error.localizedDescription))")
            }
            let documents = self.documents
            try Self.waiting(failing: "the server at \(host):\(port) failed") {
                try await server.run { url in
                    // The URL on stdout, unbuffered (scripts wait for it), and a line for people on stderr.
                    FileHandle.standardOutput.write(Data((url + "\n").utf8))
                    Console.info("editor at \(url) (documents in \(documents)/; Ctrl-C stops)")
                }
            }
        }
    }

    /// Runs `work` to its end from a synchronous command (the tool's main is synchronous).
    /// `failing` says what went wrong, before the error's own words.
    static func waiting<T: Sendable>(failing: String, for work: @escaping @Sendable () async throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let outcome = OutcomeBox<T>()
        Task {
            do { outcome.result = .success(try await work()) } catch { outcome.result = .failure(error) }
            done.signal()
        }
        done.wait()
        switch outcome.result {
        case .success(let value)?: return value
        case .failure(let error)?: throw UsageError("\(failing): \(error)")
        case nil: throw UsageError("\(failing) without a result")
        }
    }

    private final class OutcomeBox<T>: @unchecked Sendable {
        // Written by the task before it signals, read after the wait: never at the same time.
        var result: Result<T, any Error>?
    }
}
