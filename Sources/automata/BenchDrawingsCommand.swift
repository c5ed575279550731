import EditorBenchmarks
import ArgumentParser
import AutomataEditorCore
import AutomatonSketches
import CommandLineSupport
import Foundation
import StrokeModel

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the editor core: whole drawings, ink by other people, the server, grading, layouts.",
        subcommands: [BenchDrawingsCommand.self, BenchInkCommand.self, BenchWritingCommand.self, BenchServeCommand.self, BenchGradeCommand.self,
                      BenchLayoutCommand.self])
}

struct BenchDrawingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drawings",
        abstract: "Draw random automata with hand-like strokes, recognise them, and count the exact ones.",
        discussion: """
            Each drawing is a random automaton of 3–6 states (in a row, a column, two rows, a ring \
            or scattered) with straight edges, pairs of arcs, return edges arching over states, \
            self-loops on any side, an initial arrow, one or two final rings, labels of one or two \
            symbols or ε, and sometimes names written in the states; drawn with the synthetic pen \
            (one drawing in five sampled sparsely, a point every 25–50 points) and read by the \
            model and the recognition rules. Prints the share recognised exactly (the same states, \
            initial and final marks, and labelled edges), the wrong elements per kind, and the worst \
            drawings, written as drawing files to --out (open them with `automata draw`). With \
            --scale, every point is multiplied by it, as a pen reporting other units would: 0.5 \
            draws the same automata at half size, states 30–75 points across.
            """)

    @Option(help: "How many drawings.") var count = 500
    @Option(help: "Random seed: the same seed draws the same automata.") var seed: UInt64 = 1
    @Option(help: "The classifier.") var model = "models/automata-classifier.safetensors"
    @Option(help: "The rejection threshold (default: the model file's recommended threshold, else 0.5, as the editor).")
    var threshold: Float?
    @Option(help: "Where to write the worst drawings.") var out = "out/bench-drawings"
    @Option(help: "How many of the worst drawings to show and write.") var worst = 5
    @Option(help: "Multiply every point drawn by this (0.5: half size, as a pen reporting other units).") var scale = 1.0
    @Flag(help: "Write names and labels by hand as strokes, read by the symbol model, instead of typing them.")
    var handwriting = false
    @Option(help: "The symbol model, with --handwriting.") var symbolModel = DrawCommand.shippedSymbolModel
    @Flag(help: "Print the figures as JSON instead.") var json = false

    func validate() throws {
        guard count >= 1 else { throw ValidationError("--count must be at least 1") }
        guard worst >= 0 else { throw ValidationError("--worst must not be negative") }
        guard scale > 0, scale.isFinite else { throw ValidationError("--scale must be a positive number") }
        if let threshold, !(0...1).contains(threshold) { throw ValidationError("--threshold must be in 0…1") }
    }

    func run() throws {
        try Console.failing {
            guard FileManager.default.fileExists(atPath: model) else {
                throw UsageError("no model at \(model): give --model, or run from the package root where models/ is")
            }
            let symbols = handwriting ? try DrawCommand.symbolClassifier(symbolModel) : nil
            let interpreter = StrokeInterpreter(classifier: try EditorClassifier.load(URL(fileURLWithPath: model), threshold: threshold),
                                                symbols: symbols)
            let result = DrawingBenchmark.run(count: count, seed: seed, interpreter: interpreter, handwriting: handwriting, scale: scale)
            let worstDrawings = result.worst(worst)
            let files = try write(worstDrawings)
            Console.out(json ? jsonText(result, worst: worstDrawings, files: files) : report(result, worst: worstDrawings, files: files))
        }
    }

    private func write(_ drawings: [DrawingBenchmark.Drawing]) throws -> [String] {
        guard !drawings.isEmpty else { return [] }
        let folder = URL(fileURLWithPath: out)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return try drawings.map { drawing in
                let url = folder.appendingPathComponent(String(format: "drawing-%04d.json", drawing.index))
                try AtomicFile.write(DrawingFile.text(of: drawing.events), to: url)
                return url.path
            }
        } catch {
            throw UsageError("cannot write the worst drawings to \(out) (\(error.localizedDescription))")
        }
    }

    private func report(_ result: DrawingBenchmark.Result, worst: [DrawingBenchmark.Drawing], files: [String]) -> String {
        var lines = [
            "\(result.drawings.count) drawings (seed \(seed)\(scale == 1 ? "" : ", scale \(scale)"), \(result.strokeCount) strokes): "
                + "\(result.exactCount) recognised exactly (\(percent(result.exactShare)))",
            "",
            "element          drawn   wrong",
        ]
        for row in result.elements {
            lines.append(row.element.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0)
                + String(format: "%8d %7d", row.drawn, row.wrong))
        }
        let strays = result.strays
        lines += ["", "stray strokes (none of the shapes) left alone: "
            + "\(strays.map(\.leftAlone).reduce(0, +))/\(strays.map(\.drawn).reduce(0, +)) (\(percent(result.strayLeftAloneShare)))"]
        for row in strays {
            lines.append("  " + row.place.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0)
                + String(format: "%6d/%d", row.leftAlone, row.drawn) + " (\(percent(row.drawn == 0 ? 1 : Double(row.leftAlone) / Double(row.drawn))))")
        }
        let taken = result.drawings.flatMap { drawing in drawing.strays.filter { $0.interpretation.changesElements }.map { (drawing.index, $0) } }
        if !taken.isEmpty, self.worst > 0 {
            lines.append("  taken, for example:")
            lines += taken.prefix(self.worst).map { "    drawing \($0.0), \($0.1.place.rawValue): \($0.1.interpretation.message)" }
        }
        if !worst.isEmpty {
            lines += ["", "worst drawings:"]
            for (drawing, file) in zip(worst, files) {
                let sparse = drawing.sparseSpacing.map { String(format: ", sampled every %.0f pt", $0) } ?? ""
                lines.append("  \(file): \(drawing.score.errorCount) wrong\(sparse)")
                lines += drawing.score.notes.map { "    \($0)" }
            }
        }
        return lines.joined(separator: "\n")
    }

    private func jsonText(_ result: DrawingBenchmark.Result, worst: [DrawingBenchmark.Drawing], files: [String]) -> String {
        JSONText.pretty(Figures(result: result, seed: seed, scale: scale, worst: Array(zip(worst, files))))
    }

    /// The JSON figures, key for key as `--json` prints them.
    private struct Figures: Encodable {
        struct Element: Encodable { var drawn: Int, wrong: Int }
        struct Strays: Encodable { var drawn: Int, left_alone: Int }
        struct Worst: Encodable { var index: Int, wrong: Int, notes: [String], file: String }
        var drawings: Int, seed: UInt64, scale: Double, strokes: Int, exact: Int, exact_share: Double
        var elements: [String: Element]
        var strays: [String: Strays]
        var strays_left_alone_share: Double
        var worst: [Worst]

        init(result: DrawingBenchmark.Result, seed: UInt64, scale: Double, worst: [(DrawingBenchmark.Drawing, String)]) {
            (drawings, self.seed, self.scale, strokes) = (result.drawings.count, seed, scale, result.strokeCount)
            (exact, exact_share) = (result.exactCount, result.exactShare)
            elements = Dictionary(uniqueKeysWithValues: result.elements.map { ($0.element.rawValue, Element(drawn: $0.drawn, wrong: $0.wrong)) })
            strays = Dictionary(uniqueKeysWithValues: result.strays.map { ($0.place.rawValue, Strays(drawn: $0.drawn, left_alone: $0.leftAlone)) })
            strays_left_alone_share = result.strayLeftAloneShare
            self.worst = worst.map { Worst(index: $0.index, wrong: $0.score.errorCount, notes: $0.score.notes, file: $1) }
        }
    }

    private func percent(_ share: Double) -> String { String(format: "%.1f%%", 100 * share) }
}
