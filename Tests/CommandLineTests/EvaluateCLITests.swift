import Foundation
import StrokeModel
import StrokeTraining
import Testing

// End-to-end runs of `strokes evaluate` on the bars fixture.

/// A scratch folder with the bars dataset in `data/` and `model` written to `m.safetensors`.
private func setUp(model: ClassifierModel = BarsFixture.model()) throws -> ScratchFolder {
    let folder = try ScratchFolder()
    try BarsFixture.writeDataset(in: folder.path("data"))
    try ModelFile.write(model, to: folder.path("m.safetensors"))
    return folder
}

private func readJSON(_ url: URL) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    return try #require(object as? [String: Any], "\(url.path) is not a JSON object")
}

private func words(_ text: String) -> [[String]] {
    text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
}

/// A failed run must say why in exactly one `error:` line naming `names`.
private func expectOneErrorLine(_ result: RunResult, naming names: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.status != 0, sourceLocation: sourceLocation)
    #expect(result.errorLines.count == 1, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
    let line = result.errorLines.first ?? ""
    #expect(line.hasPrefix("error: "), "\(line)", sourceLocation: sourceLocation)
    for name in names { #expect(line.contains(name), "\(line) does not name \(name)", sourceLocation: sourceLocation) }
}

@Test func evaluatePrintsAccuracyMatrixAndMistakes() throws {
    let folder = try setUp()
    let result = try StrokesProcess.run(["evaluate", "m.safetensors", "data"], in: folder.url)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdout.contains("accuracy 85.71% (6/7)"))
    let lines = words(result.stdout)
    #expect(lines.contains(["true", "\\", "predicted", "h", "v"]))
    #expect(lines.contains(["h", "3", "1"]))
    #expect(lines.contains(["v", "0", "3"]))
    #expect(result.stdout.contains("  h → v: 1\n"))
    #expect(result.stdout.contains("\n  data/h/wrong.png: h → v ("))
}

@Test func jsonMatchesTheInProcessEvaluator() throws {
    let folder = try setUp()
    let result = try StrokesProcess.run(
        ["evaluate", "m.safetensors", "data", "--json", "out/eval.json", "--batch-size", "3", "--threads", "2"],
        in: folder.url)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let json = try readJSON(folder.path("out/eval.json"))
    for key in ["labels", "accuracy", "confusion_matrix", "misclassified", "per_class", "images", "correct", "model", "dataset"] {
        #expect(json[key] != nil, "no \(key) in the JSON")
    }

    // The same forward pass, run here, must give the same figures.
    let data = try DatasetLoader.load(folder.path("data")) { _ in }.train
    let model = BarsFixture.model()
    let predictions = Evaluator(architecture: model.architecture).predict(
        ParameterBuffer(architecture: model.architecture, values: model.parameters), on: data)
    #expect(predictions.confusion.counts == [[3, 1], [0, 3]])
    #expect(json["confusion_matrix"] as? [[Int]] == predictions.confusion.counts)
    #expect(json["labels"] as? [String] == ["h", "v"])
    #expect(json["images"] as? Int == 7)
    #expect(json["correct"] as? Int == 6)
    #expect(json["accuracy"] as? Double == 6.0 / 7.0)
    #expect(json["model"] as? String == "m.safetensors")
    #expect(json["dataset"] as? String == "data")

    let wrong = try #require(json["misclassified"] as? [[String: Any]])
    try #require(wrong.count == 1)
    #expect(wrong[0]["path"] as? String == "data/h/wrong.png")
    #expect(wrong[0]["true"] as? String == "h")
    #expect(wrong[0]["predicted"] as? String == "v")
    let index = try #require(data.paths.firstIndex { $0.hasSuffix("h/wrong.png") })
    let confidence = try #require(wrong[0]["confidence"] as? Double)
    #expect(abs(confidence - Double(predictions.probabilities[index * 2 + 1])) < 1e-6)
    #expect(confidence > 0.5 && confidence < 1, "the fixture's weights should not saturate")
}

@Test func markdownReportHasTheMatrix() throws {
    let folder = try setUp()
    let result = try StrokesProcess.run(["evaluate", "m.safetensors", "data", "--markdown", "report.md"], in: folder.url)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let md = try String(contentsOf: folder.path("report.md"), encoding: .utf8)
    #expect(md.contains("| h | 3 | 1 |\n"))
    #expect(md.contains("| v | 0 | 3 |\n"))
}

@Test func labelsInAnotherOrderFollowTheModel() throws {
    // Same classes, outputs swapped: the report uses the model's order.
    let folder = try setUp(model: BarsFixture.model(labels: ["v", "h"], swapOutputs: true))
    let result = try StrokesProcess.run(["evaluate", "m.safetensors", "data", "--json", "e.json"], in: folder.url)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let json = try readJSON(folder.path("e.json"))
    #expect(json["labels"] as? [String] == ["v", "h"])
    #expect(json["confusion_matrix"] as? [[Int]] == [[3, 0], [1, 3]])
}

@Test func mismatchedLabelsFailNamingBothLists() throws {
    let folder = try setUp(model: BarsFixture.model(labels: ["h", "x"]))
    let result = try StrokesProcess.run(["evaluate", "m.safetensors", "data"], in: folder.url)
    expectOneErrorLine(result, naming: ["m.safetensors has labels [h, x]", "data has classes [h, v]"])
    #expect(result.stdout.isEmpty)
}

@Test func missingModelFailsNamingThePath() throws {
    let folder = try setUp()
    let result = try StrokesProcess.run(["evaluate", "nope.safetensors", "data"], in: folder.url)
    expectOneErrorLine(result, naming: ["nope.safetensors", "no such file"])
}

@Test func corruptModelFailsNamingThePath() throws {
    let folder = try setUp()
    try Data("not a model".utf8).write(to: folder.path("bad.safetensors"))
    let result = try StrokesProcess.run(["evaluate", "bad.safetensors", "data"], in: folder.url)
    expectOneErrorLine(result, naming: ["bad.safetensors", "not a valid safetensors file"])
}

@Test func missingDatasetFailsNamingTheFolder() throws {
    let folder = try setUp()
    let result = try StrokesProcess.run(["evaluate", "m.safetensors", "nowhere"], in: folder.url)
    expectOneErrorLine(result, naming: ["dataset folder", "nowhere", "does not exist"])
}
