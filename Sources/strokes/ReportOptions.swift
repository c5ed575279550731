import ArgumentParser
import Foundation
import StrokeReports
import CommandLineSupport

/// `--report DIR` and `--notebook FILE`, shared by `train` and `evaluate`.
struct ReportOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Write a report folder here: metrics.json, report.md, confusion.csv, SVG plots and misclassified.png.",
        valueName: "dir"))
    var report: String?
    @Option(help: ArgumentHelp(
        "Also export the run as a Jupyter notebook (.ipynb) here; needs --report, whose metrics.json its code cells read.",
        valueName: "file"))
    var notebook: String?
    @Flag(help: "Leave the dataset's images out of the report and notebook (no misclassified.png): for reports shared where the images may not go.")
    var noImages = false

    func validate() throws {
        if notebook != nil && report == nil {
            throw ValidationError("--notebook needs --report DIR: the notebook's code cells read the folder's metrics.json")
        }
    }

    var wanted: Bool { report != nil }

    /// Writes the report folder and, if asked, the notebook; each file atomically.
    func write(_ run: RunReport, misclassifiedImages: [[UInt8]]) throws {
        guard let report else { return }
        let folder = URL(fileURLWithPath: report)
        do {
            try ReportFolder.write(run, misclassifiedImages: noImages ? nil : misclassifiedImages, to: folder)
        } catch {
            throw UsageError("cannot write the report folder \(report): \(error.localizedDescription)")
        }
        Console.out("wrote \(report)/ (\(ReportFolder.markdown), \(ReportFolder.metricsJSON), plots)")
        if let notebook { try NotebookCommand.export(reportFolder: folder, to: notebook) }
    }
}
