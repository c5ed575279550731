import EditorBenchmarks
import ArgumentParser
import AutomataEditorCore
import AutomataEditorServer
import Foundation
import StrokeModel
import CommandLineSupport

struct BenchServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Measure the editor server: a stroke's round trip, and strokes per second under load.",
        discussion: """
            Starts the server in this process on a free loopback port over a temporary folder, \
            with a 10-state document drawn by the synthetic pen, and measures in one run: a \
            stroke's round trip (POST to the recognised document in the answer, on one kept-alive \
            connection), p50 and p99, beside the in-process StrokeInterpreter call on the same \
            strokes and document, and beside that call plus the atomic save; then strokes per \
            second with --clients clients at once, each on its own connection and document. \
            Every timed stroke is followed by an untimed undo, so the document stays the same size.
            """)

    @Option(help: "The classifier.") var model = "models/automata-classifier.safetensors"
    @Option(help: "Timed strokes for the round trip.") var strokes = 2000
    @Option(help: "Clients at once for the throughput.") var clients = 16
    @Option(help: "How long the throughput runs, in seconds.") var seconds = 3.0
    @Flag(help: "Print the figures as JSON instead.") var json = false

    func validate() throws {
        guard strokes >= 10 else { throw ValidationError("--strokes must be at least 10") }
        guard (1...256).contains(clients) else { throw ValidationError("--clients must be in 1…256") }
        guard seconds > 0 else { throw ValidationError("--seconds must be positive") }
    }

    func run() throws {
        try Console.failing {
            guard FileManager.default.fileExists(atPath: model) else {
                throw UsageError("no model at \(model): give --model, or run from the package root where models/ is")
            }
            let classifier = try EditorClassifier.load(URL(fileURLWithPath: model))
            let (strokes, clients, seconds) = (self.strokes, self.clients, self.seconds)
            let figures = try ServeCommand.waiting(failing: "the benchmark failed") {
                try await ServeBenchmark.run(classifier: classifier, strokes: strokes, clients: clients, seconds: seconds)
            }
            Console.out(json ? Self.json(figures) : Self.table(figures))
        }
    }

    static func table(_ f: ServeBenchmark.Figures) -> String {
        func us(_ value: Double) -> String { String(format: "%8.1f µs", value) }
        return """
            a stroke on a \(f.states)-state document, \(f.strokes) strokes      p50          p99
            round trip on loopback (POST → document)     \(us(f.roundTrip.p50))  \(us(f.roundTrip.p99))
            in process: StrokeInterpreter call           \(us(f.interpreter.p50))  \(us(f.interpreter.p99))
            in process: call, edit and atomic save       \(us(f.interpreterAndSave.p50))  \(us(f.interpreterAndSave.p99))
            round trip / in-process call (p50)           \(String(format: "%8.1f×", f.overhead))
            throughput, \(f.clients) clients at once            \(String(format: "%8.0f strokes/s", f.strokesPerSecond))
            target: p99 under 5 ms: \(f.roundTrip.p99 < 5000 ? "met" : "NOT met")
            """
    }

    static func json(_ figures: ServeBenchmark.Figures) -> String { JSONText.pretty(figures) }
}
