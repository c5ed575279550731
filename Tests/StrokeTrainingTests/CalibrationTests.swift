import Foundation
import StrokeModel
import Testing
@testable import StrokeTraining

/// Temperature scaling, the calibration error and what each rejection threshold keeps and
/// rejects, on predictions whose answers are known.
@Suite("calibration")
struct CalibrationTests {
    /// Predictions from probability rows (each row's logits are their logarithms).
    static func predictions(_ rows: [[Float]], truth: [Int], labels: [String]) -> Predictions {
        Predictions(labels: labels, logits: rows.flatMap { $0.map { logf($0) } }, truth: truth)
    }

    /// `count` draws of a 3-class model that is calibrated at `temperature`: each image's true
    /// class is drawn from softmax(logits / temperature).
    static func calibratedAt(_ temperature: Float, count: Int, seed: UInt64) -> Predictions {
        var random = SeededGenerator(seed: seed)
        var logits: [Float] = [], truth: [Int] = []
        for _ in 0..<count {
            let row = (0..<3).map { _ in random.normal() * 4 }
            let scaled = row.map { expf($0 / temperature) }
            let total = scaled.reduce(0, +)
            var draw = random.nextFloat() * total, label = 0
            while label < 2 && draw >= scaled[label] { draw -= scaled[label]; label += 1 }
            logits += row
            truth.append(label)
        }
        return Predictions(labels: ["a", "b", "c"], logits: logits, truth: truth)
    }

    @Test(arguments: [Float(0.5), 1, 2.5])
    func theFittedTemperatureIsTheOneTheOutcomesWereDrawnAt(_ temperature: Float) {
        let fitted = TemperatureScaling.fit(Self.calibratedAt(temperature, count: 20_000, seed: 3))
        #expect(abs(fitted / temperature - 1) < 0.06, "fitted \(fitted) for \(temperature)")
    }

    @Test func scalingLowersTheLossOfOverconfidentPredictionsAndKeepsEveryDecision() {
        let sharp = Self.calibratedAt(2.5, count: 5_000, seed: 4)
        let fitted = sharp.scaled(by: TemperatureScaling.fit(sharp))
        #expect(fitted.loss < sharp.loss - 0.05)
        #expect(fitted.predicted == sharp.predicted)
        #expect(CalibrationSummary(fitted).expectedCalibrationError < CalibrationSummary(sharp).expectedCalibrationError / 2)
    }

    @Test func theCalibrationErrorWeighsEachBinsGapByItsShare() {
        // Two predictions at 0.9 (one right), two at 0.58 (both right): bins 13 and 8 of 15.
        let p = Self.predictions(
            [[0.9, 0.1], [0.9, 0.1], [0.58, 0.42], [0.42, 0.58]], truth: [0, 1, 0, 1], labels: ["a", "b"])
        let summary = CalibrationSummary(p)
        let high = summary.bins[13], middle = summary.bins[8]
        #expect(high.count == 2 && middle.count == 2)
        #expect(abs((high.meanConfidence ?? 0) - 0.9) < 1e-6 && high.accuracy == 0.5)
        #expect(abs((middle.meanConfidence ?? 0) - 0.58) < 1e-6 && middle.accuracy == 1)
        // ½ × |0.5 − 0.9| + ½ × |1 − 0.58| = 0.41
        #expect(abs(summary.expectedCalibrationError - 0.41) < 1e-6)
        #expect(summary.bins.map(\.count).reduce(0, +) == 4)
    }

    // MARK: risk and coverage

    static let labels = ["arrow", "circle", "other"]

    /// Real strokes at shape confidences (1 − p(other)) 0.815…0.985, one wrong, and `other`
    /// strokes: two called other, two called shapes with p(other) 0.205 and 0.155. No shape
    /// confidence lies on a threshold of the table, so rounding cannot move a row.
    static var openSet: Predictions {
        let real: [([Float], Int)] = [
            ([0.955, 0.03, 0.015], 0), ([0.9, 0.055, 0.045], 0), ([0.05, 0.845, 0.105], 1), ([0.2, 0.705, 0.095], 1),
            ([0.625, 0.25, 0.125], 1),  // wrong, shape confidence 0.875
            ([0.515, 0.3, 0.185], 0),  // right, shape confidence 0.815
        ]
        let other: [([Float], Int)] = [
            ([0.05, 0.05, 0.9], 2), ([0.1, 0.1, 0.8], 2),  // rejected at any threshold
            ([0.545, 0.25, 0.205], 2), ([0.3, 0.545, 0.155], 2),  // rejected from 0.80 and 0.85
        ]
        let all = real + other
        return predictions(all.map(\.0), truth: all.map(\.1), labels: labels)
    }

    @Test func eachRowCountsRealAndOtherStrokesApart() {
        let table = RiskCoverage(Self.openSet)
        #expect(table.realCount == 6 && table.otherCount == 4)
        let open = table.rows[0]
        #expect(open.coverage == 1 && open.accuracy == 5.0 / 6 && open.otherRejected == 0.5)
        // The top probability of 0.515 is far under 0.6, but its stroke is surely a shape: kept.
        #expect(table.rows[60].coverage == 1 && table.rows[60].otherRejected == 0.5)
        let at88 = table.rows[88]  // keeps 0.985, 0.955, 0.905, 0.895; drops the wrong 0.875 and 0.815
        #expect(at88.threshold == 0.88 && at88.coverage == 4.0 / 6 && at88.accuracy == 1 && at88.otherRejected == 1)
        let at99 = table.rows[99]
        #expect(at99.coverage == 0 && at99.accuracy == nil && at99.otherRejected == 1)
    }

    @Test func theRecommendationRejectsTheMostOtherStrokesWhileKeepingEnoughRealOnes() {
        let table = RiskCoverage(Self.openSet)
        // Keeping all six real strokes allows up to 0.81; a third `other` stroke is rejected
        // from 0.80, and of 0.80 and 0.81 (equal in both) the lower.
        let strict = table.recommended(requiredCoverage: 1)!
        #expect(strict.threshold == 0.8 && strict.coverage == 1 && strict.otherRejected == 0.75)
        // Keeping five of six allows up to 0.87; the fourth is rejected from 0.85.
        let loose = table.recommended(requiredCoverage: 0.8)!
        #expect(loose.threshold == 0.85 && loose.coverage == 5.0 / 6 && loose.otherRejected == 1)
        // No allowed row rejects more.
        for row in table.rows where (row.coverage ?? 0) >= 0.8 {
            #expect(row.otherRejected! <= loose.otherRejected!)
        }
    }

    @Test func noRecommendationWithoutOtherStrokesOrWhenTooManyRealOnesAreTakenForOther() {
        let closed = Self.predictions([[0.9, 0.1], [0.3, 0.7]], truth: [0, 1], labels: ["arrow", "circle"])
        #expect(RiskCoverage(closed).recommended() == nil)
        #expect(RiskCoverage(closed).rows[0].otherRejected == nil)
        // Half the real strokes are called other: no threshold keeps 99% of them.
        let greedy = Self.predictions(
            [[0.1, 0.1, 0.8], [0.9, 0.05, 0.05], [0.1, 0.1, 0.8]], truth: [0, 0, 2], labels: Self.labels)
        #expect(RiskCoverage(greedy).rows[0].coverage == 0.5)
        #expect(RiskCoverage(greedy).recommended() == nil)
    }

    @Test func aRowAtAnyThresholdFollowsTheClassifiersRule() {
        let p = Self.openSet
        let row = RiskCoverage.row(p, at: 0.855)
        // 0.845 is under 0.855: that `other` stroke is rejected; of the real ones only 0.815 is dropped.
        #expect(row.otherRejected == 1 && row.coverage == 5.0 / 6)
        // A model without `other` compares its top probability instead.
        let closed = Predictions(labels: Self.labels, logits: p.logits, truth: p.truth, modelHasOther: false)
        #expect(closed.shapeConfidence(5) == closed.confidence(5) && abs(p.shapeConfidence(5) - 0.815) < 1e-5)
    }
}

extension CalibrationTests {
    @Test func predictionsThatAreAllRightKeepTheTemperatureAtOne() {
        let right = Self.predictions([[0.9, 0.1], [0.2, 0.8]], truth: [0, 1], labels: ["a", "b"])
        #expect(TemperatureScaling.fit(right) == 1)
        // One wrong answer is something to fit on.
        let mixed = Self.predictions([[0.9, 0.1], [0.2, 0.8], [0.7, 0.3]], truth: [0, 1, 1], labels: ["a", "b"])
        #expect(TemperatureScaling.fit(mixed) > 1)
    }
}
