import EditorBenchmarks
import AutomataEditorCore
import AutomatonSketches
import CommandLineSupport
import Foundation
import StrokeModel

/// What `automata bench ink` prints and writes: the figures of both parts, the worst cases.
struct BenchInkReport {
    var model: String
    var threshold: Float
    /// The symbol model reading handwriting, or nil: handwriting left as ink.
    var symbolModel: String?
    var worst: Int
    var out: String
    var gestures: (folder: String, result: GestureBenchmark.Result)?
    var flowcharts: (folder: String, result: FlowchartBenchmark.Result)?
    /// One line per part not measured, and why.
    var skipped: [String] = []
    var seconds = 0.0

    var worstGestures: [GestureBenchmark.Case] { gestures?.result.worst(worst) ?? [] }
    var worstFiles: [FlowchartBenchmark.File] { flowcharts?.result.worstFiles(worst) ?? [] }
    var worstTextFiles: [FlowchartBenchmark.File] { flowcharts?.result.worstTextFiles(worst) ?? [] }

    /// Where each worst case is written, its scenario and what the editor made of it.
    var worstCaseFiles: [(path: String, ink: InkScenario, made: AutomatonDocument)] {
        worstGestures.map { (path(for: $0), $0.ink, $0.outcome.document) }
            + worstFiles.flatMap { $0.arrows.filter { !$0.outcome.isRight } }.map { (path(for: $0), $0.ink, $0.outcome.document) }
            + worstTextFiles.flatMap(\.wrongTexts).map { (path(for: $0, kind: "text"), $0.ink, $0.outcome.document) }
    }

    func path(for gesture: GestureBenchmark.Case) -> String {
        (out as NSString).appendingPathComponent(Self.fileName("gesture \(gesture.ink.source) \(gesture.scenario.rawValue)"))
    }

    func path(for symbol: FlowchartBenchmark.Case, kind: String = "arrow") -> String {
        (out as NSString).appendingPathComponent(Self.fileName("fc \(symbol.file) \(kind) \(symbol.symbol)"))
    }

    /// `gesture arrow/s01-fast-01.json between two states` → `gesture-arrow-s01-fast-01-between-two-states.json`.
    static func fileName(_ words: String) -> String {
        let plain = words.replacingOccurrences(of: ".json", with: "").replacingOccurrences(of: ".inkml", with: "")
            .map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "-" }
        return String(plain).split(separator: "-").joined(separator: "-") + ".json"
    }

    // MARK: text

    var text: String {
        var lines = ["automata bench ink: \(model), threshold \(DecimalText.fixed(Double(threshold), digits: 2)), "
            + "handwriting \(symbolModel.map { "read by \($0)" } ?? "left as ink"), \(DecimalText.fixed(seconds, digits: 1)) s"]
        lines += skipped
        if let (folder, result) = gestures { lines += [""] + gestureLines(folder, result) }
        if let (folder, result) = flowcharts { lines += [""] + flowchartLines(folder, result) }
        return lines.joined(separator: "\n")
    }

    private func gestureLines(_ folder: String, _ result: GestureBenchmark.Result) -> [String] {
        let count = Set(result.cases.map(\.ink.source)).count
        var lines = ["Real gestures (\(folder)): \(count) gestures, \(result.cases.count) scenarios, \(result.unreadable.count) unreadable"]
        lines += result.unreadable.map { "  unreadable: \($0.name): \($0.reason)" }
        lines += [
            row("circles that become states", result.circlesToStates),
            row("arrows that become transitions", result.arrowsToTransitions),
            row("other gestures that change nothing", result.othersUnchanged),
            row("heads read as heads (caret, v)", result.headsAsHeads),
            row("check tips read as heads", result.checksAsHeads),
            "", "  class               scenario                          right",
        ]
        lines += result.rows.map { "  " + pad($0.gestureClass, 20) + pad($0.scenario.rawValue, 34) + $0.tally.text }
        let failures = result.failures
        if !failures.isEmpty {
            lines += ["", "  what went wrong (scenarios showing it; one may show several):"]
            lines += failures.map { "    " + pad($0.failure.rawValue, 36) + String($0.count) }
        }
        let worst = worstGestures
        if !worst.isEmpty {
            lines += ["", "  wrong cases, one of each class and scenario in turn (drawing files):"]
            for c in worst {
                lines.append("    \(path(for: c)): \(c.ink.source) \(c.scenario.rawValue): \(c.outcome.failures.map(\.rawValue).joined(separator: ", "))")
                lines += c.outcome.messages.map { "      \($0)" }
            }
        }
        return lines
    }

    private func flowchartLines(_ folder: String, _ result: FlowchartBenchmark.Result) -> [String] {
        var lines = ["FC_A flowcharts (\(folder)): \(result.files.count) files read, \(result.unreadable.count) unreadable, "
            + "median node scaled to \(Int(FlowchartBenchmark.medianNodeHeight)) points"]
        lines += result.unreadable.map { "  unreadable: \($0.name): \($0.reason)" }
        lines.append(row("arrows that become their transition", result.arrowTally)
            + (result.skippedArrows > 0 ? "   (\(result.skippedArrows) without drawn ink or nodes: not counted)" : ""))
        lines += result.byStrokeCount.map { row("  drawn in \($0.strokes) stroke\($0.strokes == "1" ? "" : "s")", $0.tally) }
        lines += result.byReach.map { row("  \($0.reach)", $0.tally) }
        lines += result.byEnding.map { row("  \($0.ending)", $0.tally) }
        let texts = result.textStrokes
        lines.append(row("text strokes that leave no element", texts))
        let made = result.textMade
        if !made.isEmpty {
            lines.append("    the others made: " + made.map { "\($0.made.rawValue) \($0.count)" }.joined(separator: ", "))
        }
        let failures = result.failures
        if !failures.isEmpty {
            lines += ["", "  what went wrong with arrows (arrows showing it; one may show several), for example:"]
            for (failure, count, example) in failures {
                lines.append("    " + pad(failure.rawValue, 36) + pad(String(count), 6) + "\(example.file) arrow \(example.symbol) "
                    + "(\(example.ink.strokes.count) stroke\(example.ink.strokes.count == 1 ? "" : "s")): "
                    + example.outcome.change.summary)
                lines += example.outcome.messages.enumerated().map { "        stroke \($0 + 1): \($1)" }
            }
        }
        let worst = worstFiles
        if !worst.isEmpty {
            lines += ["", "  worst files (most arrows wrong; each wrong arrow as a drawing file):"]
            for file in worst {
                lines.append("    \(file.name): \(file.wrongArrows) of \(file.arrows.count) arrows wrong")
                for arrow in file.arrows where !arrow.outcome.isRight {
                    lines.append("      \(path(for: arrow)): \(arrow.ink.strokes.count) stroke(s), "
                        + arrow.outcome.failures.map(\.rawValue).joined(separator: ", ") + " (meant \(arrow.ink.expectedText)"
                        + (arrow.merges ? "; merges into another arrow)" : ")"))
                }
            }
        }
        let worstText = worstTextFiles
        if !worstText.isEmpty {
            lines += ["", "  worst files for text (most texts leaving an element; each such text as a drawing file):"]
            for file in worstText {
                lines.append("    \(file.name): \(file.wrongTexts.count) of \(file.texts.count) texts leave an element")
                for text in file.wrongTexts {
                    let made = text.outcome.strokeChanges.flatMap(\.made).map(\.rawValue)
                    lines.append("      \(path(for: text, kind: "text")): \(text.ink.strokes.count) stroke(s), made "
                        + made.joined(separator: ", "))
                }
            }
        }
        return lines
    }

    private func row(_ label: String, _ tally: InkTally) -> String { "  " + pad(label, 40) + tally.text }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text.padding(toLength: width, withPad: " ", startingAt: 0)
    }

    // MARK: JSON

    var json: String { JSONText.pretty(Figures(self)) + "\n" }

    /// The JSON figures, key for key as `--json` writes them.
    private struct Figures: Encodable {
        var model: String
        var threshold: Double
        var symbol_model: String?
        var seconds: Double
        var skipped: [String]
        var gestures: Gestures?
        var flowcharts: Flowcharts?

        init(_ report: BenchInkReport) {
            (model, threshold, seconds, skipped) = (report.model, Double(report.threshold), report.seconds, report.skipped)
            symbol_model = report.symbolModel
            gestures = report.gestures.map { Gestures(folder: $0.folder, result: $0.result, report: report) }
            flowcharts = report.flowcharts.map { Flowcharts(folder: $0.folder, result: $0.result, report: report) }
        }
    }

    private struct Tally: Encodable {
        var right: Int, total: Int, share: Double
        init(_ t: InkTally) { (right, total, share) = (t.right, t.total, t.share) }
    }

    private struct Unreadable: Encodable { var name: String, reason: String }

    private struct Gestures: Encodable {
        struct Row: Encodable { var `class`: String, scenario: String, right: Int, total: Int }
        struct Worst: Encodable { var source: String, scenario: String, file: String, failures: [String] }
        var folder: String
        var scenarios: Int
        var unreadable: [Unreadable]
        var circles_to_states, arrows_to_transitions, others_unchanged, heads_as_heads, checks_as_heads: Tally
        var rows: [Row]
        var failures: [String: Int]
        var worst: [Worst]

        init(folder: String, result: GestureBenchmark.Result, report: BenchInkReport) {
            self.folder = folder
            scenarios = result.cases.count
            unreadable = result.unreadable.map { Unreadable(name: $0.name, reason: $0.reason) }
            circles_to_states = Tally(result.circlesToStates)
            arrows_to_transitions = Tally(result.arrowsToTransitions)
            others_unchanged = Tally(result.othersUnchanged)
            heads_as_heads = Tally(result.headsAsHeads)
            checks_as_heads = Tally(result.checksAsHeads)
            rows = result.rows.map { Row(class: $0.gestureClass, scenario: $0.scenario.rawValue, right: $0.tally.right, total: $0.tally.total) }
            failures = Dictionary(uniqueKeysWithValues: result.failures.map { ($0.failure.rawValue, $0.count) })
            worst = report.worstGestures.map {
                Worst(source: $0.ink.source, scenario: $0.scenario.rawValue, file: report.path(for: $0), failures: $0.outcome.failures.map(\.rawValue))
            }
        }
    }

    private struct Flowcharts: Encodable {
        struct WorstFile: Encodable { var name: String, wrong: Int, arrows: Int }
        struct WorstTextFile: Encodable { var name: String, wrong: Int, texts: Int }
        var folder: String
        var files: Int
        var unreadable: [Unreadable]
        var arrows: Tally
        var skipped_arrows: Int
        var arrows_by_strokes, arrows_by_reach, arrows_by_ending: [String: Tally]
        var failures: [String: Int]
        var text_strokes_left_alone: Tally
        var text_strokes_made: [String: Int]
        var worst_files: [WorstFile]
        var worst_text_files: [WorstTextFile]

        init(folder: String, result: FlowchartBenchmark.Result, report: BenchInkReport) {
            self.folder = folder
            files = result.files.count
            unreadable = result.unreadable.map { Unreadable(name: $0.name, reason: $0.reason) }
            arrows = Tally(result.arrowTally)
            skipped_arrows = result.skippedArrows
            arrows_by_strokes = Dictionary(uniqueKeysWithValues: result.byStrokeCount.map { ($0.strokes, Tally($0.tally)) })
            arrows_by_reach = Dictionary(uniqueKeysWithValues: result.byReach.map { ($0.reach, Tally($0.tally)) })
            arrows_by_ending = Dictionary(uniqueKeysWithValues: result.byEnding.map { ($0.ending, Tally($0.tally)) })
            failures = Dictionary(uniqueKeysWithValues: result.failures.map { ($0.failure.rawValue, $0.count) })
            text_strokes_left_alone = Tally(result.textStrokes)
            text_strokes_made = Dictionary(uniqueKeysWithValues: result.textMade.map { ($0.made.rawValue, $0.count) })
            worst_files = report.worstFiles.map { WorstFile(name: $0.name, wrong: $0.wrongArrows, arrows: $0.arrows.count) }
            worst_text_files = report.worstTextFiles.map { WorstTextFile(name: $0.name, wrong: $0.wrongTexts.count, texts: $0.texts.count) }
        }
    }
}
