import Foundation
import StrokeModel
import StrokeTraining
import Testing

/// Training with an `other` class that only the mixed-in data has, as `make train` does with
/// real strokes and generated scribbles: the model learns it, ships a temperature and the
/// threshold its rule picks, and evaluation reports `other` apart from the real classes.
@Suite("open-set training end to end", .serialized)
struct OpenSetCLITests {
    /// `real`: h, s, v (8 each); `gen`: h, s, v and crosses as `other` (12 each).
    static func makeData(_ scratch: ScratchFolder) throws {
        try ShapesFixture.write(to: scratch.path("real"), perClass: 8, seed: 1)
        try ShapesFixture.write(to: scratch.path("gen"), labels: ShapesFixture.labels + ["other"], perClass: 12, seed: 2, prefix: "gen")
        try ShapesFixture.write(to: scratch.path("test"), labels: ShapesFixture.labels + ["other"], perClass: 6, seed: 3, prefix: "test")
    }

    static func json(_ url: URL) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test func theModelLearnsOtherAndShipsTheThresholdItsRuleChooses() throws {
        let scratch = try ScratchFolder()
        try Self.makeData(scratch)
        let result = try StrokesProcess.run(
            ["train", "real", "gen", "--folds", "2", "--epochs", "8", "--batch-size", "8", "--out", "m.safetensors",
             "--report", "report", "--no-images", "--quiet"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let model = try ModelFile.read(from: scratch.path("m.safetensors"))
        #expect(model.labels == ["h", "s", "v", "other"])
        #expect(model.calibration.fittedOn == "out-of-fold predictions of 2-fold cross-validation")
        #expect(model.calibration.temperature > 0 && model.calibration != .none)
        #expect(result.stdout.contains("calibration: temperature"), "\(result.stdout)")

        // The pool held out the 24 real images and the generated crosses, nothing else.
        #expect(model.provenance?.validationImages == 24 + 12)

        // The report's table, and the threshold the rule picks from it.
        let metrics = try Self.json(scratch.path("report/metrics.json"))
        let calibration = try #require(metrics["calibration"] as? [String: Any])
        #expect(calibration["ece"] is Double && (calibration["bins"] as? [Any])?.count == 15)
        let rows = try #require(metrics["risk_coverage"] as? [[String: Any]])
        #expect(rows.count == 100)
        let qualifying = rows.filter { ($0["coverage"] as? Double ?? 0) >= 0.99 && $0["other_rejected"] is Double }
        let expected = qualifying.min { a, b in
            let (ra, rb) = (a["other_rejected"] as! Double, b["other_rejected"] as! Double)
            if ra != rb { return ra > rb }
            let (ca, cb) = (a["coverage"] as! Double, b["coverage"] as! Double)
            if ca != cb { return ca > cb }
            return (a["threshold"] as! Double) < (b["threshold"] as! Double)
        }
        if let expected {
            let threshold = try #require(model.calibration.threshold)
            #expect(abs(Double(threshold) - (expected["threshold"] as! Double)) < 1e-6)
            #expect(result.stdout.contains("recommended threshold"), "\(result.stdout)")
        } else {
            #expect(model.calibration.threshold == nil)
        }
    }

    @Test func evaluationReportsOtherApartAndAModelWithoutOtherCanOnlyRejectByThreshold() throws {
        let scratch = try ScratchFolder()
        try Self.makeData(scratch)
        for (name, data) in [("open.safetensors", ["real", "gen"]), ("closed.safetensors", ["real"])] {
            let trained = try StrokesProcess.run(
                ["train"] + data + ["--epochs", "8", "--batch-size", "8", "--out", name, "--quiet"], in: scratch.url)
            #expect(trained.status == 0, "\(trained.stderr)")
        }
        let open = try StrokesProcess.run(["evaluate", "open.safetensors", "test", "--json", "open.json"], in: scratch.url)
        #expect(open.status == 0, "\(open.stderr)")
        let openSet = try #require(try Self.json(scratch.path("open.json"))["open_set"] as? [String: Any])
        #expect(openSet["other_images"] as? Int == 6 && openSet["real_images"] as? Int == 18)
        #expect(open.stdout.contains("other"), "\(open.stdout)")

        // Without an `other` class its crosses count as rejected only under the threshold:
        // never at 0, and at 0.99 as the table's row says.
        for threshold in ["0", "0.99"] {
            let closed = try StrokesProcess.run(
                ["evaluate", "closed.safetensors", "test", "--json", "closed.json", "--threshold", threshold], in: scratch.url)
            #expect(closed.status == 0, "\(closed.stderr)")
            let report = try Self.json(scratch.path("closed.json"))
            let figures = try #require(report["open_set"] as? [String: Any])
            let rows = try #require(report["risk_coverage"] as? [[String: Any]])
            let row = try #require(rows.first { abs(($0["threshold"] as? Double ?? -1) - Double(threshold)!) < 1e-6 })
            #expect(figures["other_images"] as? Int == 6)
            #expect(figures["other_rejected"] as? Double == row["other_rejected"] as? Double, "\(figures)")
            if threshold == "0" { #expect(figures["other_rejected"] as? Double == 0) }
        }
    }

    @Test func aMixedInFolderMayAddOnlyTheOtherClass() throws {
        let scratch = try ScratchFolder()
        try Self.makeData(scratch)
        try ShapesFixture.write(to: scratch.path("extra"), labels: ["h", "q"], perClass: 3, seed: 4, prefix: "x")
        let result = try StrokesProcess.run(["train", "real", "extra", "--epochs", "1", "--out", "m.safetensors"], in: scratch.url)
        #expect(result.status != 0 && result.errorLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("an extra q") && result.stderr.contains("may add other"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("m.safetensors").path))
    }
}
