import EditorBenchmarks
import ArgumentParser
import AutomataEditorCore
import CommandLineSupport
import Foundation

struct BenchLayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Measure how readable laid-out automata are: Graphviz against the column layout, on the same results.",
        discussion: """
            Applies every operation (determinise, minimise, complement, reverse, union and \
            intersection with the next) to --count random automata of 2–5 states over {a, b}, \
            adds the ε-NFAs of a few regular expressions, lays each result out with Graphviz's \
            dot and with the columns used without it, and counts on the editor's own picture: \
            crossings, edges through states, and labels on labels or on states.
            """)

    @Option(help: "How many random automata.") var count = 20
    @Option(help: "Random seed: the same seed makes the same automata.") var seed: UInt64 = 1
    @Option(help: "Write Graphviz's layouts that are not clean into this folder as SVG, to look at.") var out: String?

    func validate() throws {
        guard count >= 1 else { throw ValidationError("--count must be at least 1") }
    }

    func run() throws {
        try Console.failing {
            let cases = try LayoutBenchmark.cases(count: count, seed: seed)
            Console.out("\(cases.count) laid-out automata (\(count) random ones under 6 operations, \(cases.count - 6 * count) expressions)")
            Console.out("engine     clean   crossings  through states  overlapping labels  seconds")
            for engine in AutomatonLayout.Engine.allCases.reversed() {
                let tally = LayoutBenchmark.measure(cases, engine: engine)
                let line = [engine.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0),
                            "\(tally.clean)/\(tally.cases)".leftPadded(7), "\(tally.crossings)".leftPadded(11),
                            "\(tally.edgesThroughStates)".leftPadded(15), "\(tally.overlappingLabels)".leftPadded(19),
                            String(format: "%.2f", tally.seconds).leftPadded(8)]
                Console.out(line.joined(separator: " "))
                if let worst = tally.worst { Console.out("  worst: \(worst.name): \(worst.check)") }
            }
            if let out { try writeUnclean(cases, to: URL(fileURLWithPath: out)) }
        }
    }

    /// Each Graphviz layout with something to count, as `NN name.svg`, and what was counted.
    private func writeUnclean(_ cases: [LayoutBenchmark.Case], to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var written = 0
        for (number, item) in cases.enumerated() {
            let document = AutomatonLayout.document(for: item.automaton)
            let check = LayoutCheck(document)
            guard check.crossings + check.edgesThroughStates + check.overlappingLabels > 0 else { continue }
            let file = folder.appendingPathComponent(String(format: "%03d ", number + 1) + item.name.replacingOccurrences(of: "/", with: "÷") + ".svg")
            try Data(SVGExport.render(document).utf8).write(to: file, options: .atomic)
            Console.out("  \(file.lastPathComponent): \(check)")
            written += 1
        }
        Console.out("\(written) layouts with something to count written to \(folder.path)")
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
