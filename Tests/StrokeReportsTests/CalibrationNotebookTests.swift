import Foundation
import PythonSupport
import Testing
@testable import StrokeReports

/// The notebook of a run with calibration figures: both plots stored as shown in the folder,
/// and its matplotlib cells run on the folder's metrics.json.
@Suite struct CalibrationNotebookTests {
    @Test func theNotebookShowsBothPlotsAndItsCodeRedrawsThem() async throws {
        let folder = try ReportFolderTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = CalibrationFixture.run(CalibrationFixture.report(threshold: 0.7))
        try ReportFolder.write(run, misclassifiedImages: nil, to: folder.appendingPathComponent("report"))
        let notebook = RunNotebook.make(run, reportPath: "report", misclassifiedPNG: nil)

        let plots = Dictionary(uniqueKeysWithValues: ReportFolder.plots(run).map { ($0.name, $0.svg) })
        let outputs = notebook.cells.flatMap { cell -> [String] in
            guard case .code(_, let outputs) = cell else { return [] }
            return outputs.compactMap { if case .svg(let svg) = $0 { svg } else { nil } }
        }
        for name in [ReportFolder.reliabilitySVG, ReportFolder.riskCoverageSVG] {
            #expect(outputs.contains(try #require(plots[name])), "\(name) is stored in the notebook")
        }
        let text = notebook.cells.compactMap { if case .markdown(let md) = $0 { md } else { nil } }.joined(separator: "\n")
        // Recommended 0.68: the first step over the `other` stroke at shape confidence 0.671875,
        // still under the real one at 0.6875.
        #expect(text.contains("| **0.68** | **100.0%** | **75.0%** | **75.0%** | recommended |"))

        let file = folder.appendingPathComponent("run.ipynb")
        try Data(try notebook.json().utf8).write(to: file)
        let result = try await PythonEnvironment.validateAndRunNotebook(file)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").last?.hasPrefix("ran ") == true, "\(result.stdout)")
    }
}
