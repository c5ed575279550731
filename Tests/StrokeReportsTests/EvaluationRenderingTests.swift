import Foundation
import Testing
@testable import StrokeReports

// The three renderings of `EvaluationFixture`: text, JSON and Markdown.

private let report = EvaluationReport(
    predictions: EvaluationFixture.predictions, paths: EvaluationFixture.paths,
    model: "models/m.safetensors", dataset: "data", split: "test")

/// The lines of `text` as whitespace-separated words, so tests do not depend on column widths.
private func rows(_ text: String) -> [[String]] {
    text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
}

@Test func textShowsAccuracyAndTheLabelledMatrix() {
    let text = report.render()
    #expect(text.contains("accuracy 54.55% (6/11)"))
    let lines = rows(text)
    #expect(lines.contains(["true", "\\", "predicted", "arrow", "circle", "cycle"]))
    #expect(lines.contains(["arrow", "3", "0", "1"]))
    #expect(lines.contains(["circle", "0", "2", "1"]))
    #expect(lines.contains(["cycle", "0", "3", "1"]))
}

@Test func textShowsPerClassConfusionsAndMistakes() {
    let text = report.render()
    let lines = rows(text)
    #expect(lines.contains(["class", "precision", "recall", "F1", "support"]))
    #expect(lines.contains(["circle", "40.0%", "66.7%", "0.500", "3"]))
    // Largest first, in words.
    let confusions = text.components(separatedBy: "\n").filter { $0.contains(": ") && $0.contains("→") && !$0.contains(".png") }
    #expect(confusions == ["  cycle → circle: 3", "  arrow → cycle: 1", "  circle → cycle: 1"])
    #expect(text.contains("  data/cycle/9.png: cycle → circle (0.875)\n"))
    #expect(text.contains("misclassified (5)"))
}

@Test func jsonHasExactlyTheDocumentedKeysAndFigures() throws {
    let object = try JSONSerialization.jsonObject(with: Data(try report.json().utf8)) as? [String: Any]
    let json = try #require(object)
    #expect(Set(json.keys) == [
        "model", "dataset", "split", "labels", "images", "correct", "accuracy", "loss",
        "confusion_matrix", "per_class", "confusions", "misclassified", "calibration", "risk_coverage",
    ])
    #expect(json["model"] as? String == "models/m.safetensors")
    #expect(json["dataset"] as? String == "data")
    #expect(json["split"] as? String == "test")
    #expect(json["labels"] as? [String] == ["arrow", "circle", "cycle"])
    #expect(json["images"] as? Int == 11)
    #expect(json["correct"] as? Int == 6)
    #expect(json["accuracy"] as? Double == 6.0 / 11.0)
    #expect(json["loss"] as? Double == 0.5)
    #expect(json["confusion_matrix"] as? [[Int]] == [[3, 0, 1], [0, 2, 1], [0, 3, 1]])

    let perClass = try #require(json["per_class"] as? [String: [String: Any]])
    #expect(Set(perClass.keys) == ["arrow", "circle", "cycle"])
    let circle = try #require(perClass["circle"])
    #expect(Set(circle.keys) == ["precision", "recall", "f1", "support"])
    expectClose([circle["precision"], circle["recall"], circle["f1"]].map { $0 as? Double ?? .nan }, [0.4, 2.0 / 3, 0.5])
    #expect(circle["support"] as? Int == 3)

    let confusions = try #require(json["confusions"] as? [[String: Any]])
    #expect(confusions.map { "\($0["true"]!)>\($0["predicted"]!)=\($0["count"]!)" } == ["cycle>circle=3", "arrow>cycle=1", "circle>cycle=1"])

    let wrong = try #require(json["misclassified"] as? [[String: Any]])
    #expect(wrong.count == 5)
    #expect(wrong.allSatisfy { Set($0.keys) == ["path", "true", "predicted", "confidence", "probabilities"] })
    #expect(wrong[1]["path"] as? String == "data/circle/6.png")
    #expect(wrong[1]["true"] as? String == "circle")
    #expect(wrong[1]["predicted"] as? String == "cycle")
    #expect(wrong[1]["confidence"] as? Double == 0.625)
}

@Test func jsonIsDeterministicWithSortedKeys() throws {
    let text = try report.json()
    #expect(text == (try report.json()))
    // Top-level keys appear in sorted order (pretty-printed with two spaces of indent).
    let keys = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
    #expect(keys == keys.sorted())
    #expect(keys.count == 14)
}

@Test func markdownHasTheMatrixTablesAndMistakes() {
    let md = report.markdown()
    #expect(md.contains("| true \\ predicted | arrow | circle | cycle |\n"))
    #expect(md.contains("| cycle | 0 | 3 | 1 |\n"))
    #expect(md.contains("| circle | 40.0% | 66.7% | 0.500 | 3 |\n"))
    #expect(md.contains("- cycle → circle: 3\n"))
    #expect(md.contains("| `data/cycle/9.png` | cycle | circle | 0.875 |\n"))
}
