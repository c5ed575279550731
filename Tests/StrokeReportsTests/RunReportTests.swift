import Foundation
import Testing
@testable import StrokeReports
@testable import StrokeTraining

@Suite struct RunReportTests {
    typealias F = RunReportFixture

    @Test func metricsJSONReadsBackAsTheSameReport() throws {
        let report = F.training
        let json = try report.json()
        #expect(try report.json() == json, "same report, same bytes")
        let back = try RunReport.read(Data(json.utf8), from: "run/metrics.json")
        #expect(back == report)
        #expect(try back.json() == json)
    }

    @Test func metricsJSONUsesSnakeCaseKeysAndKeepsEveryProbability() throws {
        let object = try JSONSerialization.jsonObject(with: Data(try F.training.json().utf8))
        let json = try #require(object as? [String: Any])
        #expect(Set(json.keys) == [
            "format", "version", "kind", "command", "model", "recipe", "datasets", "history", "cross_validation", "evaluation",
            "calibration", "risk_coverage",
        ], "no open_set: the fixture has no `other` class")
        #expect(json["format"] as? String == "strokes-run-report")
        let history = try #require(json["history"] as? [[String: Any]])
        #expect(Set(history[0].keys) == ["epoch", "learning_rate", "train_loss", "train_accuracy"], "no validation: no keys")
        let evaluation = try #require(json["evaluation"] as? [String: Any])
        let wrong = try #require(evaluation["misclassified"] as? [[String: Any]])
        #expect(wrong.count == 5)
        let probabilities = try #require(wrong[0]["probabilities"] as? [Double])
        #expect(probabilities == [0.25, 0.25, 0.5])
        #expect(wrong[0]["confidence"] as? Double == 0.5)
    }

    @Test func readingAForeignOrBrokenFileNamesTheFileAndTheProblem() throws {
        let good = try F.training.json()
        let cases: [(String, String)] = [
            ("{\"a\": 1}", "missing"),
            ("not json", "is not a strokes run report"),
            (good.replacingOccurrences(of: "\"strokes-run-report\"", with: "\"other\""), "has format \"other\""),
            (good.replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 2"), "version 2"),
            (good.replacingOccurrences(of: "\"confusion_matrix\" : [", with: "\"confusion_matrix\" : [[1],"), "matrix"),
        ]
        for (text, problem) in cases {
            #expect(text != good)
            do {
                _ = try RunReport.read(Data(text.utf8), from: "runs/a/metrics.json")
                Issue.record("read \(text.prefix(40)) without an error")
            } catch let error as ReportFileError {
                #expect(error.description.hasPrefix("runs/a/metrics.json "), "\(error)")
                #expect(error.description.contains(problem), "\(error)")
            }
        }
    }

    @Test func outOfFoldPredictionsPutEveryImageBackInDatasetOrder() {
        let joined = F.crossValidation.outOfFoldPredictions
        let whole = EvaluationFixture.predictions
        #expect(joined.predicted == whole.predicted)
        #expect(joined.truth == whole.truth)
        // Rebuilt from the folds' logits (the logarithms of the hand-made probabilities), so the
        // softmax gives them back to Float rounding, and the loss is their cross-entropy.
        #expect(zip(joined.probabilities, whole.probabilities).allSatisfy { abs($0 - $1) < 1e-6 })
        let crossEntropy = whole.truth.indices.map { -log(Double(whole.probabilities[$0 * 3 + whole.truth[$0]])) }.reduce(0, +) / 11
        #expect(abs(Double(joined.loss) - crossEntropy) < 1e-5)
        #expect(joined.confusion == F.crossValidation.summedConfusion)
    }

    @Test func learningCurvesAreTheFoldMeansWithCrossValidationElseTheEpochs() throws {
        let (title, curves) = try #require(F.training.learningCurves)
        #expect(title.contains("mean of 2 cross-validation folds"))
        #expect(curves.epochs == [1, 2, 3])
        #expect(curves.trainLoss == [0.75, 0.375, 0.1875])
        #expect(curves.trainAccuracy == [0.375, 0.625, 0.75])
        #expect(curves.validationLoss == [1.0, 0.75, 0.625])
        #expect(curves.validationAccuracy == [0.375, 0.5, 0.625])

        var plain = F.training
        plain.crossValidation = nil
        plain.keptEpoch = 2
        let (_, own) = try #require(plain.learningCurves)
        #expect(own.trainLoss.map { Float($0) } == [0.9, 0.4, 0.2])
        #expect(own.validationLoss == [nil, nil, nil])
        #expect(own.keptEpoch == 2)

        plain.history = []
        #expect(plain.learningCurves == nil, "an evaluation has no curves")
    }

    @Test func confusionCSVHasAHeaderRowAndQuotesOnlyWhereNeeded() {
        #expect(F.evaluation.confusionCSV() == """
            true \\ predicted,arrow,circle,cycle
            arrow,3,0,1
            circle,0,2,1
            cycle,0,3,1

            """)
        #expect(EvaluationReport.field("a,b") == "\"a,b\"")
        #expect(EvaluationReport.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(EvaluationReport.field("plain") == "plain")
    }

    @Test func markdownShowsEveryTableAndLinksThePlots() {
        let md = F.training.markdown()
        #expect(md.contains("Accuracy **54.55%** (6 of 11 images) on out-of-fold predictions of 2-fold cross-validation of `data`"))
        #expect(md.contains("| cycle | 0 (0.0%) | 3 (75.0%) | 1 (25.0%) | 4 |"))
        #expect(md.contains("| circle | 40.0% | 66.7% | 0.500 | 3 |"))
        #expect(md.contains("| 1 | 6 | 83.33% | 0.5000 |"))
        #expect(md.contains("| 2 | 5 | 20.00% | 0.5000 |"))
        #expect(md.contains("| 4 | `data/cycle/9.png` | cycle | circle | 0.063 | 0.875 | 0.063 |"))
        for file in [ReportFolder.confusionSVG, ReportFolder.perClassSVG, ReportFolder.curvesSVG, ReportFolder.misclassifiedPNG] {
            #expect(md.contains("](\(file))"), "links \(file)")
        }
    }
}
