import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PythonSupport
import StrokeReports
import Testing

/// `--report`, `--notebook` and `strokes notebook` end to end: the folder's files, the
/// notebook as Jupyter's own library sees it, and the same numbers in every rendering.
@Suite("report folders and notebooks", .serialized)
struct ReportCLITests {
    /// A quick cross-validated run (one epoch: it leaves mistakes to show) with its report
    /// folder and notebook.
    static func trainedRun() throws -> ScratchFolder {
        let scratch = try ScratchFolder()
        let made = try StrokesProcess.run(["synth", "--out", "data", "--per-class", "24", "--seed", "2"], in: scratch.url)
        #expect(made.status == 0, "\(made.stderr)")
        let trained = try StrokesProcess.run([
            "train", "data", "--folds", "2", "--epochs", "1", "--out", "m.safetensors",
            "--report", "runs/first", "--notebook", "notebooks/first.ipynb", "--quiet",
        ], in: scratch.url)
        #expect(trained.status == 0, "\(trained.stderr)")
        return scratch
    }

    /// A notebook's cells as (type, source, outputs by MIME type).
    struct Cell {
        let type: String
        let source: String
        let outputs: [[String: Any]]
    }

    static func cells(_ url: URL) throws -> [Cell] {
        let notebook = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let cells = try #require(notebook["cells"] as? [[String: Any]])
        return cells.map { cell in
            Cell(
                type: cell["cell_type"] as? String ?? "",
                source: (cell["source"] as? [String] ?? []).joined(),
                outputs: (cell["outputs"] as? [[String: Any]] ?? []).compactMap { $0["data"] as? [String: Any] })
        }
    }

    @Test func theJSONTheMarkdownAndTheNotebookShowTheSameNumbers() throws {
        let scratch = try Self.trainedRun()
        let metricsData = try Data(contentsOf: scratch.path("runs/first/metrics.json"))
        let markdown = try String(contentsOf: scratch.path("runs/first/report.md"), encoding: .utf8)
        let cells = try Self.cells(scratch.path("notebooks/first.ipynb"))
        let notebookText = cells.filter { $0.type == "markdown" }.map(\.source).joined(separator: "\n")

        // The numbers as any JSON reader sees them, formatted as the reports format them.
        let metrics = try #require(try JSONSerialization.jsonObject(with: metricsData) as? [String: Any])
        let evaluation = try #require(metrics["evaluation"] as? [String: Any])
        let labels = try #require(evaluation["labels"] as? [String])
        let counts = try #require(evaluation["confusion_matrix"] as? [[Int]])
        let accuracy = try #require(evaluation["accuracy"] as? Double)
        var expected = [
            "Accuracy **\(Percent(accuracy, digits: 2))** (\(evaluation["correct"] as! Int) of \(evaluation["images"] as! Int) images)",
        ]
        for (t, label) in labels.enumerated() {
            let total = counts[t].reduce(0, +)
            expected.append("| \(label) | " + counts[t].map { "\($0) (\(Percent(Double($0) / Double(total))))" }
                .joined(separator: " | ") + " | \(total) |")
        }
        let perClass = try #require(evaluation["per_class"] as? [String: [String: Any]])
        for label in labels {
            let c = try #require(perClass[label])
            expected.append("| \(label) | \(Percent(c["precision"] as! Double)) | \(Percent(c["recall"] as! Double)) | "
                + "\(FixedDecimal(c["f1"] as! Double, digits: 3)) | \(c["support"] as! Int) |")
        }
        let folds = try #require((metrics["cross_validation"] as? [String: Any])?["folds"] as? [[String: Any]])
        #expect(folds.count == 2)
        for fold in folds {
            expected.append("| \(fold["fold"] as! Int) | \(fold["images"] as! Int) | \(Percent(fold["accuracy"] as! Double, digits: 2)) |")
        }
        let wrong = try #require(evaluation["misclassified"] as? [[String: Any]])
        try #require(!wrong.isEmpty, "one epoch should leave mistakes to show")
        for (index, m) in wrong.enumerated() {
            let probabilities = (m["probabilities"] as! [Double]).map { FixedDecimal($0, digits: 3).description }
            expected.append("| \(index + 1) | `\(m["path"] as! String)` | \(m["true"] as! String) | \(m["predicted"] as! String) | "
                + probabilities.joined(separator: " | ") + " |")
        }
        for line in expected {
            #expect(markdown.contains(line), "report.md lacks \(line)")
            #expect(notebookText.contains(line), "the notebook lacks \(line)")
        }
        // And the report reads back to the very same Markdown.
        #expect(try RunReport.read(metricsData, from: "metrics.json").markdown() == markdown)
    }

    @Test func theNotebookStoresTheFoldersPlotsAndSheet() throws {
        let scratch = try Self.trainedRun()
        let outputs = try Self.cells(scratch.path("notebooks/first.ipynb")).flatMap(\.outputs)
        let svgs = outputs.compactMap { ($0["image/svg+xml"] as? [String])?.joined() }
        for name in [ReportFolder.confusionSVG, ReportFolder.perClassSVG, ReportFolder.curvesSVG] {
            let file = try String(contentsOf: scratch.path("runs/first/\(name)"), encoding: .utf8)
            #expect(svgs.contains(file), "\(name) is shown as it is in the folder")
        }
        for name in [ReportFolder.confusionSVG, ReportFolder.perClassSVG, ReportFolder.curvesSVG] {
            let parser = XMLParser(data: try Data(contentsOf: scratch.path("runs/first/\(name)")))
            #expect(parser.parse(), "\(name) is well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        }
        let png = try #require(outputs.compactMap { $0["image/png"] as? String }.first)
        #expect(Data(base64Encoded: png) == (try Data(contentsOf: scratch.path("runs/first/\(ReportFolder.misclassifiedPNG)"))))
    }

    @Test func notebooksValidateWithNbformatAndTheirCodeRuns() async throws {
        let scratch = try Self.trainedRun()
        let evaluated = try StrokesProcess.run([
            "evaluate", "m.safetensors", "data", "--report", "runs/eval", "--notebook", "eval.ipynb",
        ], in: scratch.url)
        #expect(evaluated.status == 0, "\(evaluated.stderr)")
        let exported = try StrokesProcess.run(["notebook", "runs/first", "--out", "first.ipynb"], in: scratch.url)
        #expect(exported.status == 0, "\(exported.stderr)")
        let setup = try #require(try Self.cells(scratch.path("first.ipynb")).first { $0.type == "code" })
        #expect(setup.source.contains("REPORT = Path(\"runs/first\")"), "found from the notebook's own folder: \(setup.source)")

        for notebook in ["notebooks/first.ipynb", "eval.ipynb", "first.ipynb"] {
            let result = try await PythonEnvironment.validateAndRunNotebook(scratch.path(notebook))
            #expect(result.status == 0, "\(notebook): \(result.stderr)")
            #expect(result.stdout.split(separator: "\n").last?.hasPrefix("ran ") == true, "\(notebook): \(result.stdout)")
        }
        let evaluation = try FileManager.default.contentsOfDirectory(atPath: scratch.path("runs/eval").path)
        #expect(!evaluation.contains(ReportFolder.curvesSVG), "an evaluation has no epochs to plot")
        #expect(evaluation.contains(ReportFolder.confusionSVG))
    }

    @Test func noImagesLeavesTheDatasetsImagesOut() throws {
        let scratch = try Self.trainedRun()
        let result = try StrokesProcess.run([
            "evaluate", "m.safetensors", "data", "--report", "runs/first", "--no-images", "--notebook", "plain.ipynb",
        ], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.path("runs/first").path)
        #expect(!files.contains(ReportFolder.misclassifiedPNG), "the training run's sheet is removed, not left stale")
        let markdown = try String(contentsOf: scratch.path("runs/first/report.md"), encoding: .utf8)
        #expect(!markdown.contains(ReportFolder.misclassifiedPNG))
        #expect(markdown.contains("| 1 | `data/"), "the misclassified files are still listed")
        let outputs = try Self.cells(scratch.path("plain.ipynb")).flatMap(\.outputs)
        #expect(!outputs.contains { $0["image/png"] != nil })
    }

    @Test func aFolderWithoutMetricsIsOneClearLine() throws {
        let scratch = try ScratchFolder()
        try FileManager.default.createDirectory(at: scratch.path("empty"), withIntermediateDirectories: true)
        let result = try StrokesProcess.run(["notebook", "empty", "--out", "n.ipynb"], in: scratch.url)
        #expect(result.status != 0)
        #expect(result.errorLines.count == 1 && result.errorLines[0].hasPrefix("error:") && result.errorLines[0].contains("empty/metrics.json"),
                "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("n.ipynb").path))

        try Data("{\"format\": \"something else\"}".utf8).write(to: scratch.path("empty/metrics.json"))
        let foreign = try StrokesProcess.run(["notebook", "empty", "--out", "n.ipynb"], in: scratch.url)
        #expect(foreign.status != 0)
        #expect(foreign.errorLines.count == 1 && foreign.errorLines[0].contains("empty/metrics.json is not a strokes run report"),
                "\(foreign.stderr)")
    }

    @Test func aNotebookNeedsAReportFolder() throws {
        let scratch = try ScratchFolder()
        let result = try StrokesProcess.run(["train", "data", "--notebook", "n.ipynb"], in: scratch.url)
        #expect(result.status != 0)
        #expect(result.stderr.contains("--notebook needs --report"), "\(result.stderr)")
    }
}
