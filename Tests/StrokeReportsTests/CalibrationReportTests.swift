import Foundation
import Testing
@testable import StrokeReports
@testable import StrokeTraining

// Calibration, risk–coverage and open-set figures of `CalibrationFixture`, worked out by hand,
// and how the text, JSON and Markdown show them.

@Suite struct CalibrationReportTests {
    typealias F = CalibrationFixture

    // MARK: - Figures

    @Test func openSetCountsRealAndOtherStrokesApartAtTheThreshold() throws {
        // At 0.7 every branch: kept (the torn arrow too, its top probability 0.5 but its shape
        // confidence 0.9375), rejected under the threshold with a shape on top (the real circle
        // at 0.6875, the `other` one at 0.671875), rejected for `other` on top (two).
        let open = try #require(F.report(threshold: 0.7).openSet)
        #expect(open == .init(realImages: 8, realCorrect: 6, realKept: 7, keptCorrect: 5, otherImages: 4, otherRejectedImages: 3))
        #expect(open.realAccuracy == 0.75)
        #expect(open.coverage == 7.0 / 8)
        #expect(open.keptAccuracy == 5.0 / 7)
        #expect(open.otherRejected == 0.75)

        // No threshold: only `other` predictions are rejected.
        let none = try #require(F.report(threshold: nil).openSet)
        #expect(none.realKept == 8 && none.keptCorrect == 6 && none.otherRejectedImages == 2)
        #expect(F.report().accuracy == 8.0 / 12, "over all classes, right `other` predictions count")
    }

    @Test func withoutAnOtherClassThereIsNoOpenSetAndNoRecommendation() throws {
        let report = EvaluationReport(
            predictions: EvaluationFixture.predictions, paths: EvaluationFixture.paths, model: "m", dataset: "d", threshold: 0.6)
        #expect(report.openSet == nil)
        let calibration = try #require(report.calibration)
        #expect(calibration.recommendedThreshold == nil)
        #expect(calibration.threshold == 0.6)
        // No `other` output: the top probability is compared. Kept at 0.6: 0.75 ×5, 0.875 ×2
        // and 0.625; right among them 5 of 8.
        let row = try #require(report.riskCoverageRow(at: 0.6))
        #expect(row.coverage == 8.0 / 11)
        #expect(row.accuracy == 5.0 / 8)
        #expect(row.otherRejected == nil)
    }

    @Test func riskCoverageRowsWorkedOutByHand() throws {
        let report = F.report(threshold: 0.7)
        #expect(report.riskCoverage.count == 100)
        #expect(report.riskCoverage.map(\.threshold) == (0..<100).map { Float($0) / 100 })
        func row(_ t: Double) throws -> RiskCoverage.Row { try #require(report.riskCoverageRow(at: t)) }
        // Shape confidences, real: 0.9375 ×3 (right), 0.875 (right, wrong), 0.8125 (wrong,
        // right), 0.6875 (right); `other`: 0.875, 0.671875, and two with `other` on top.
        #expect(try row(0) == .init(threshold: 0, coverage: 1, accuracy: 0.75, otherRejected: 0.5))
        // From 0.68 the `other` stroke at 0.671875 is rejected; every real one is still kept.
        #expect(try row(0.67) == .init(threshold: 0.67, coverage: 1, accuracy: 0.75, otherRejected: 0.5))
        #expect(try row(0.68) == .init(threshold: 0.68, coverage: 1, accuracy: 0.75, otherRejected: 0.75))
        // From 0.69 the real circle at 0.6875 (right) goes: 5 right of 7.
        #expect(try row(0.69) == .init(threshold: 0.69, coverage: 7.0 / 8, accuracy: 5.0 / 7, otherRejected: 0.75))
        #expect(try row(0.7) == .init(threshold: 0.7, coverage: 7.0 / 8, accuracy: 5.0 / 7, otherRejected: 0.75))
        // From 0.82 the two at 0.8125 (one wrong, one right) go: 4 right of 5.
        #expect(try row(0.82) == .init(threshold: 0.82, coverage: 5.0 / 8, accuracy: 0.8, otherRejected: 0.75))
        // From 0.88 the two real at 0.875 (one right, one wrong) and the `other` arrow go.
        #expect(try row(0.88) == .init(threshold: 0.88, coverage: 3.0 / 8, accuracy: 1, otherRejected: 1))
        #expect(try row(0.93) == .init(threshold: 0.93, coverage: 3.0 / 8, accuracy: 1, otherRejected: 1))
        // From 0.94 nothing is kept, not even the torn arrow (top probability 0.5).
        #expect(try row(0.94) == .init(threshold: 0.94, coverage: 0, accuracy: nil, otherRejected: 1))
        #expect(report.calibration?.recommendedThreshold == 0.68)
    }

    @Test func aThresholdBetweenTheStepsGetsItsOwnRow() throws {
        // 0.675: above the `other` stroke at 0.671875 (kept at 0.67), under the real one at 0.6875.
        let report = F.report(threshold: 0.675)
        #expect(report.riskCoverage.count == 101)
        #expect(report.riskCoverage.map(\.threshold) == report.riskCoverage.map(\.threshold).sorted())
        let row = try #require(report.riskCoverageRow(at: 0.675))
        #expect(row.coverage == 1 && row.accuracy == 0.75 && row.otherRejected == 0.75)
        #expect(report.riskCoverageRow(at: 0.67)?.otherRejected == 0.5)
        #expect(report.openSet?.realKept == 8 && report.openSet?.otherRejectedImages == 3)
        #expect(report.render().contains("\nother: 75.0% rejected (3/4) at threshold 0.675\n"))
    }

    @Test func expectedCalibrationErrorAndBinsWorkedOutByHand() throws {
        let calibration = try #require(F.report().calibration)
        #expect(abs(calibration.expectedCalibrationError - F.expectedCalibrationError) < 1e-12)
        #expect(calibration.bins.count == 15)
        #expect(calibration.bins.map(\.count) == [0, 0, 0, 0, 0, 2, 0, 2, 0, 2, 0, 3, 0, 3, 0])
        let bin = calibration.bins[11]
        #expect(abs(bin.lower - 11.0 / 15) < 1e-12 && abs(bin.upper - 12.0 / 15) < 1e-12)
        #expect(bin.meanConfidence == 0.75)
        #expect(abs(bin.accuracy! - 1.0 / 3) < 1e-12)
        #expect(calibration.bins[5].meanConfidence == 0.359375)
        #expect(calibration.bins[0].accuracy == nil && calibration.bins[0].meanConfidence == nil)
        #expect(calibration.temperature == 1)
        #expect(calibration.unscaledExpectedCalibrationError == nil)
    }

    @Test func temperatureAndTheErrorBeforeScalingComeFromWhatIsGiven() throws {
        // Logits whose softmax at temperature 2 is what the report shows.
        let raw = Predictions(labels: F.labels, logits: F.predictions.logits.map { $0 * 3 }, truth: F.predictions.truth)
        let scaled = raw.scaled(by: 2)
        let report = EvaluationReport(predictions: scaled, paths: F.paths, model: "m", dataset: "d", unscaled: raw)
        let calibration = try #require(report.calibration)
        #expect(calibration.temperature == 2)
        #expect(calibration.expectedCalibrationError == CalibrationSummary(scaled).expectedCalibrationError)
        #expect(calibration.unscaledExpectedCalibrationError == CalibrationSummary(raw).expectedCalibrationError)
        #expect(calibration.unscaledExpectedCalibrationError != calibration.expectedCalibrationError)
        // Cross-fitted predictions say 1; the caller names the temperature they stand for.
        #expect(F.report(temperature: 1.25).calibration?.temperature == 1.25)
    }

    // MARK: - Text and Markdown

    @Test func textSplitsTheHeadlineWhenThereAreOtherStrokes() {
        let text = F.report(threshold: 0.7).render()
        #expect(text.contains("\nreal classes: accuracy 75.00% (6/8; predicting other counts as wrong)\n"))
        #expect(text.contains("\nother: 75.0% rejected (3/4) at threshold 0.70\n"))
        #expect(text.contains("\nat threshold 0.70: 87.5% of real strokes kept (7/8), 71.43% of them right\n"))
        #expect(text.contains("\nall classes: accuracy 66.67% (8/12), loss 0.5000\n"))
        #expect(text.contains("\ncalibration: ECE 0.263 at temperature 1, 15 confidence bins\n"))
        let rows = text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(text.contains("its shape confidence is under it: 1 − p(other); the top probability for a model without other):\n"))
        #expect(rows.contains(["threshold", "real", "kept", "accuracy", "on", "kept", "other", "rejected"]))
        #expect(rows.contains(["0.68", "100.0%", "75.0%", "75.0%", "recommended"]))
        #expect(rows.contains(["0.70", "87.5%", "71.4%", "75.0%", "in", "use"]))
        #expect(rows.contains(["0.90", "37.5%", "100.0%", "100.0%"]))
        #expect(rows.contains(["0.95", "0.0%", "–", "100.0%"]))
        #expect(!rows.contains { $0.first == "0.05" }, "the short table skips the 0.05 steps")
    }

    @Test func textWithoutOtherStrokesKeepsTheSingleHeadline() {
        let text = EvaluationReport(
            predictions: EvaluationFixture.predictions, paths: EvaluationFixture.paths, model: "m", dataset: "d").render()
        #expect(text.contains("\naccuracy 54.55% (6/11), loss 0.5000\n"))
        #expect(!text.contains("real classes"))
        #expect(text.contains("threshold  real kept  accuracy on kept\n"), "no `other` column without `other` strokes")
    }

    @Test func markdownHasTheFullTableWithTheRecommendedRowInBold() throws {
        let md = F.report(threshold: 0.7).markdown()
        #expect(md.contains("On the real classes, accuracy **75.00%** (6 of 8 images"))
        #expect(md.contains("Of the `other` strokes, **75.0%** are rejected (3 of 4) at threshold 0.70."))
        #expect(md.contains("or its shape confidence is under the threshold: 1 − p(`other`); the top probability for a model without `other`."))
        #expect(md.contains("Expected calibration error **0.263**"))
        #expect(md.contains("| 0.733–0.800 | 3 | 75.0% | 33.3% | −41.7 pt |"))
        #expect(md.contains("| 0.467–0.533 | 2 | 50.0% | 100.0% | +50.0 pt |"))
        #expect(md.contains("| **0.68** | **100.0%** | **75.0%** | **75.0%** | recommended |"))
        #expect(md.contains("| 0.70 | 87.5% | 71.4% | 75.0% | in use |"))
        #expect(md.contains("| 0.05 | 100.0% | 75.0% | 50.0% |  |"))
        #expect(md.contains("| 0.85 | 62.5% | 80.0% | 75.0% |  |"))
        #expect(md.contains("| 0.99 | 0.0% | – | 100.0% |  |"))
        #expect(!md.contains("| 0.01 |"), "0.05 steps")
        #expect(!md.contains("]("), "the single-file Markdown links no plots")
    }

    @Test func runMarkdownEmbedsBothPlots() {
        let md = F.run(F.report()).markdown()
        #expect(md.contains("## Calibration\n"))
        #expect(md.contains("![Reliability diagram](\(ReportFolder.reliabilitySVG))"))
        #expect(md.contains("![Risk–coverage](\(ReportFolder.riskCoverageSVG))"))
        #expect(md.contains("Accuracy **66.67%** (8 of 12 images) on test of `data`"))
    }

    // MARK: - JSON

    @Test func evaluateJSONHasTheFiguresBesideTheOtherKeys() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(F.report(threshold: 0.7).json().utf8)) as? [String: Any])
        let calibration = try #require(json["calibration"] as? [String: Any])
        #expect(Set(calibration.keys) == ["temperature", "threshold", "recommended_threshold", "ece", "ece_unscaled", "bins"])
        #expect(calibration["temperature"] as? Double == 1)
        #expect(calibration["threshold"] as? Double == 0.7)
        #expect(calibration["recommended_threshold"] as? Double == 0.68)
        #expect(calibration["ece_unscaled"] is NSNull)
        #expect(abs((calibration["ece"] as? Double ?? 0) - F.expectedCalibrationError) < 1e-12)
        let bins = try #require(calibration["bins"] as? [[String: Any]])
        #expect(bins.count == 15)
        #expect(Set(bins[11].keys) == ["lower", "upper", "count", "mean_confidence", "accuracy"])
        #expect(bins[11]["count"] as? Int == 3 && bins[11]["mean_confidence"] as? Double == 0.75)
        #expect(bins[0]["accuracy"] is NSNull)

        let rows = try #require(json["risk_coverage"] as? [[String: Any]])
        #expect(rows.count == 100)
        #expect(rows.allSatisfy { Set($0.keys) == ["threshold", "coverage", "accuracy", "other_rejected"] })
        let at70 = try #require(rows.first { $0["threshold"] as? Double == 0.7 })
        #expect(at70["coverage"] as? Double == 0.875 && at70["accuracy"] as? Double == 5.0 / 7 && at70["other_rejected"] as? Double == 0.75)
        #expect(rows[93]["accuracy"] as? Double == 1 && rows[94]["accuracy"] is NSNull)

        let open = try #require(json["open_set"] as? [String: Any])
        #expect(open["real_images"] as? Int == 8 && open["real_accuracy"] as? Double == 0.75)
        #expect(open["other_images"] as? Int == 4 && open["other_rejected"] as? Double == 0.75)
        #expect(open["coverage"] as? Double == 0.875 && open["kept_accuracy"] as? Double == 5.0 / 7)
    }

    @Test func metricsJSONHasTheFiguresAtTheTopLevelOnce() throws {
        let run = F.run(F.report(threshold: 0.7))
        let text = try run.json()
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let calibration = try #require(json["calibration"] as? [String: Any])
        #expect(abs((calibration["ece"] as? Double ?? 0) - F.expectedCalibrationError) < 1e-12)
        #expect((calibration["bins"] as? [[String: Any]])?.map { $0["count"] as? Int } == [0, 0, 0, 0, 0, 2, 0, 2, 0, 2, 0, 3, 0, 3, 0])
        let rows = try #require(json["risk_coverage"] as? [[String: Any]])
        #expect(rows.first?["threshold"] as? Double == 0 && rows.first?["other_rejected"] as? Double == 0.5)
        #expect((json["open_set"] as? [String: Any])?["real_correct"] as? Int == 6)
        let evaluation = try #require(json["evaluation"] as? [String: Any])
        #expect(evaluation["calibration"] == nil && evaluation["risk_coverage"] == nil && evaluation["open_set"] == nil)
        #expect(text.components(separatedBy: "\"risk_coverage\"").count == 2, "written once")
    }

    @Test func metricsJSONReadsBackWithItsFigures() throws {
        let run = F.run(F.report(threshold: 0.655, unscaled: F.predictions, temperature: 1.5))
        let text = try run.json()
        let back = try RunReport.read(Data(text.utf8), from: "metrics.json")
        #expect(back == run)
        #expect(back.evaluation?.calibration?.unscaledExpectedCalibrationError != nil)
        #expect(try back.json() == text)
        #expect(back.markdown() == run.markdown())
    }

    @Test func anOlderMetricsJSONWithoutTheFiguresStillReads() throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(F.run(F.report()).json().utf8)) as? [String: Any])
        for key in ["calibration", "risk_coverage", "open_set"] { object[key] = nil }
        let old = try JSONSerialization.data(withJSONObject: object)
        let back = try RunReport.read(old, from: "metrics.json")
        let evaluation = try #require(back.evaluation)
        #expect(evaluation.calibration == nil && evaluation.riskCoverage.isEmpty && evaluation.openSet == nil)
        #expect(!back.markdown().contains("## Calibration"))
        #expect(!ReportFolder.plots(back).contains { $0.name == ReportFolder.reliabilitySVG || $0.name == ReportFolder.riskCoverageSVG })
        let again = try #require(try JSONSerialization.jsonObject(with: Data(back.json().utf8)) as? [String: Any])
        #expect(again["calibration"] == nil && again["risk_coverage"] == nil)
    }
}
