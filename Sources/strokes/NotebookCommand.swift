import ArgumentParser
import Foundation
import StrokeModel
import StrokeReports
import CommandLineSupport

struct NotebookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notebook",
        abstract: "Export a run's report folder as a Jupyter notebook.",
        discussion: """
            REPORT_DIR is a folder written by `strokes train --report` or `strokes evaluate --report`. \
            The notebook (nbformat 4) holds the report's tables, its plots as stored outputs (it needs \
            no re-execution to show them) and code cells that reload the folder's metrics.json and \
            redraw the plots with matplotlib. Its code finds the folder by its path relative to the \
            notebook, so keep the two where they are or edit the REPORT line.
            """)

    @Argument(help: ArgumentHelp("The report folder.", valueName: "report-dir")) var reportFolder: String
    @Option(help: "Where to write the notebook (.ipynb), e.g. notebooks-export/NAME.ipynb.") var out: String

    func run() throws {
        try Console.failing {
            try Self.export(reportFolder: URL(fileURLWithPath: reportFolder), to: out)
        }
    }

    /// Reads the folder's metrics.json (and misclassified.png) and writes the notebook atomically.
    static func export(reportFolder: URL, to out: String) throws {
        let metricsURL = reportFolder.appendingPathComponent(ReportFolder.metricsJSON)
        let metricsPath = reportFolder.relativePath + "/" + ReportFolder.metricsJSON
        guard let data = FileManager.default.contents(atPath: metricsURL.path) else {
            throw UsageError("\(metricsPath) not found: give a folder written by `strokes train --report` or `strokes evaluate --report`")
        }
        let report = try RunReport.read(data, from: metricsPath)
        let sheet = report.evaluation.map { $0.misclassified.isEmpty } == false
            ? FileManager.default.contents(atPath: reportFolder.appendingPathComponent(ReportFolder.misclassifiedPNG).path)
            : nil
        let outURL = URL(fileURLWithPath: out)
        let notebook = RunNotebook.make(
            report, reportPath: relativePath(from: outURL.deletingLastPathComponent(), to: reportFolder), misclassifiedPNG: sheet)
        do {
            try AtomicFile.write(try notebook.json(), to: outURL)
        } catch {
            throw UsageError("cannot write \(out): \(error.localizedDescription)")
        }
        Console.out("wrote \(out)")
    }

    /// `target` as seen from `base` (`../models/run`), both made absolute first.
    static func relativePath(from base: URL, to target: URL) -> String {
        let from = base.standardizedFileURL.pathComponents, to = target.standardizedFileURL.pathComponents
        var shared = 0
        while shared < min(from.count, to.count) && from[shared] == to[shared] { shared += 1 }
        let parts = Array(repeating: "..", count: from.count - shared) + to[shared...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
