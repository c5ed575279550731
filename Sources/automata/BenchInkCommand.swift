import EditorBenchmarks
import ArgumentParser
import AutomataEditorCore
import AutomatonSketches
import CommandLineSupport
import Foundation
import StrokeModel

struct BenchInkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ink",
        abstract: "Replay ink drawn by other people through the editor: real one-stroke gestures and FC_A flowcharts.",
        discussion: """
            Real gestures (--gestures: one folder per class of one-stroke drawing files): circles \
            on empty canvas and beside a state (one new state each); arrows between two states \
            placed beyond their tail and tip, and from a state to empty canvas (one transition \
            each); every other class on empty canvas and beside a state (nothing changes); \
            carets, v's and checks drawn as the head of a straight shaft between two states, at \
            its end or its start, after or before it (one transition, directed by the head). \
            FC_A flowcharts (--flowcharts: InkML files, in it or in its inkml/ folder), scaled \
            so that the median node is 60 points high: each arrow replayed on one state per node \
            (exactly one new transition from its source's state to its target's; counted apart by \
            whether the ink reaches both states, and whether it merges into another arrow bound for \
            the same node), each text on the node states (its strokes should leave nothing). A \
            missing folder is skipped. \
            Writes the worst cases as drawing files to --out (the states drawn as circles and \
            named, then the strokes): open them with `automata draw`; beside each, the .automaton \
            document the editor made of it in the benchmark.
            """)

    @Option(help: "The real gestures: one folder per class.") var gestures = "../shared/datasets/real-gestures"
    @Option(help: "The FC_A flowcharts (InkML files, here or in inkml/).") var flowcharts = "../shared/datasets/fc-a-flowcharts"
    @Option(help: "The classifier.") var model = "models/automata-classifier.safetensors"
    @Option(help: "A symbol model to read handwriting with, as the editor does (e.g. models/symbol-classifier.safetensors); none leaves it as ink and measures the shapes alone.")
    var symbolModel = "none"
    @Option(help: "The rejection threshold (default: the model file's recommended threshold, else 0.5, as the editor).")
    var threshold: Float?
    @Option(help: "At most this many gestures of each class and this many flowchart files (a quick look).") var limit: Int?
    @Option(help: "Also write the figures as JSON to this file.") var json: String?
    @Option(help: "How many worst cases to show and write (gestures; flowchart files, for arrows and for text).") var worst = 5
    @Option(help: "Where to write the worst cases.") var out = "out/bench-ink"

    func validate() throws {
        guard worst >= 0 else { throw ValidationError("--worst must not be negative") }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        if let threshold, !(0...1).contains(threshold) { throw ValidationError("--threshold must be in 0…1") }
    }

    func run() throws {
        try Console.failing {
            guard FileManager.default.fileExists(atPath: model) else {
                throw UsageError("no model at \(model): give --model, or run from the package root where models/ is")
            }
            let classifier = try EditorClassifier.load(URL(fileURLWithPath: model), threshold: threshold)
            let interpreter = StrokeInterpreter(classifier: classifier, symbols: try DrawCommand.symbolClassifier(symbolModel))
            let started = Date()
            var report = BenchInkReport(model: model, threshold: classifier.rejectionThreshold, symbolModel: symbolModel == "none" ? nil : symbolModel,
                                        worst: worst, out: out)

            if let folder = existingFolder(gestures) {
                let set = try GestureSet.read(folder: folder, limit: limit)
                report.gestures = (gestures, GestureBenchmark.run(set, interpreter: interpreter))
            } else {
                report.skipped.append("no folder \(gestures): real gestures skipped")
            }
            if let folder = existingFolder(flowcharts) {
                let inkml = existingFolder((flowcharts as NSString).appendingPathComponent("inkml")) ?? folder
                report.flowcharts = (inkml.relativePath, try FlowchartBenchmark.run(folder: inkml, limit: limit, interpreter: interpreter))
            } else {
                report.skipped.append("no folder \(flowcharts): FC_A flowcharts skipped")
            }
            report.seconds = Date().timeIntervalSince(started)
            try writeWorstCases(report)
            Console.out(report.text)
            if let json {
                do {
                    try AtomicFile.write(report.json, to: URL(fileURLWithPath: json))
                } catch {
                    throw UsageError("cannot write \(json) (\(error.localizedDescription))")
                }
            }
        }
    }

    private func existingFolder(_ path: String) -> URL? {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue ? URL(fileURLWithPath: path) : nil
    }

    /// Writes the worst gesture cases, the wrong arrows and texts of the worst flowchart files, each
    /// as a drawing of its strokes, the document it starts on (`NAME.start.automaton`, for
    /// `automata draw NAME.json --onto NAME.start.automaton`) and the document the editor made.
    private func writeWorstCases(_ report: BenchInkReport) throws {
        let cases = report.worstCaseFiles
        guard !cases.isEmpty else { return }
        do {
            try FileManager.default.createDirectory(at: URL(fileURLWithPath: out), withIntermediateDirectories: true)
            for (path, ink, made) in cases {
                let url = URL(fileURLWithPath: path)
                let base = url.deletingPathExtension()
                try AtomicFile.write(DrawingFile.text(of: ink.strokes.map { .stroke($0) }), to: url)
                try AutomatonFile.write(ink.start, to: base.appendingPathExtension("start.automaton"))
                try AutomatonFile.write(made, to: base.appendingPathExtension("automaton"))
            }
        } catch {
            throw UsageError("cannot write the worst cases to \(out) (\(error.localizedDescription))")
        }
    }
}
