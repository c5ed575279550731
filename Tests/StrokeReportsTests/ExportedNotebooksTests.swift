import Foundation
import PythonSupport
import StrokeReports
import Testing

/// The notebooks in notebooks-export/: valid for nbformat, runnable, and in step with the
/// report folders they were exported from.
@Suite(.serialized) struct ExportedNotebooksTests {
    static let root = PythonEnvironment.packageRoot
    static let folder = root.appendingPathComponent("notebooks-export")

    static var notebooks: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".ipynb") }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test func theShippedModelsRunIsExported() {
        #expect(Self.notebooks.map(\.lastPathComponent).contains("automata-classifier.ipynb"))
    }

    @Test func everyExportedNotebookValidatesAndItsCodeRuns() async throws {
        for notebook in Self.notebooks {
            let result = try await PythonEnvironment.validateAndRunNotebook(notebook)
            #expect(result.status == 0, "\(notebook.lastPathComponent): \(result.stderr)")
            #expect(result.stdout.split(separator: "\n").last?.hasPrefix("ran ") == true, "\(notebook.lastPathComponent): \(result.stdout)")
        }
    }

    /// Re-exporting from the report folder its code points at gives the same notebook.
    @Test func everyExportedNotebookMatchesItsReportFolder() throws {
        for notebook in Self.notebooks {
            let text = try String(contentsOf: notebook, encoding: .utf8)
            let marker = "REPORT = Path(\\\""
            let start = try #require(text.range(of: marker), "\(notebook.lastPathComponent) names its report folder")
            let path = String(text[start.upperBound...].prefix { $0 != "\\" })
            let report = Self.folder.appendingPathComponent(path).standardizedFileURL
            let run = try RunReport.read(
                try Data(contentsOf: report.appendingPathComponent(ReportFolder.metricsJSON)), from: path)
            let sheet = FileManager.default.contents(atPath: report.appendingPathComponent(ReportFolder.misclassifiedPNG).path)
            let again = try RunNotebook.make(run, reportPath: path, misclassifiedPNG: sheet).json()
            #expect(again == text, "\(notebook.lastPathComponent) is stale: run `strokes notebook \(path) --out …` again")
        }
    }
}
