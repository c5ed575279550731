import Foundation
@testable import StrokeReports
@testable import StrokeTraining

/// Hand-made predictions with an `other` class, small enough to work every figure out by hand.
/// Probabilities are dyadic fractions, exact in Float. A threshold is compared with the shape
/// confidence, 1 − p(other) (see `RejectionRule`); a shape prediction's leftover probability
/// goes to the third class, an `other` prediction's is split between the shapes.
///
///     real (true arrow or circle)     p(top)  p(other)  shape conf.
///     arrow  → arrow                  0.875   0.0625    0.9375   right
///     arrow  → arrow                  0.75    0.125     0.875    right
///     arrow  → arrow (circle 0.4375)  0.5     0.0625    0.9375   right  torn between shapes, surely a shape
///     arrow  → circle                 0.625   0.1875    0.8125   wrong
///     circle → circle                 0.875   0.0625    0.9375   right
///     circle → circle                 0.625   0.1875    0.8125   right
///     circle → arrow                  0.75    0.125     0.875    wrong
///     circle → circle                 0.375   0.3125    0.6875   right
///     other (true other)
///     other  → other                  0.875                      rejected always
///     other  → other                  0.5                        rejected always
///     other  → arrow                  0.75    0.125     0.875    kept up to 0.875
///     other  → circle                 0.34375 0.328125  0.671875 kept up to 0.671875
///
/// Real: 8 images, 6 right. At threshold 0.7, 7 real kept (all but the circle at 0.6875), 5 of
/// them right; the torn arrow is kept though its top probability is 0.5. 3 of 4 `other`
/// rejected: two by their class, the circle at 0.671875 by the threshold. Every real stroke is
/// kept up to 0.68, and from 0.68 the fourth `other` one is rejected too: the recommended
/// threshold is 0.68.
enum CalibrationFixture {
    static let labels = ["arrow", "circle", "other"]
    /// (true class, predicted class, its probability, p(other)) per image.
    static let images: [(truth: Int, predicted: Int, confidence: Float, other: Float)] = [
        (0, 0, 0.875, 0.0625), (0, 0, 0.75, 0.125), (0, 0, 0.5, 0.0625), (0, 1, 0.625, 0.1875),
        (1, 1, 0.875, 0.0625), (1, 1, 0.625, 0.1875), (1, 0, 0.75, 0.125), (1, 1, 0.375, 0.3125),
        (2, 2, 0.875, 0.875), (2, 2, 0.5, 0.5), (2, 0, 0.75, 0.125), (2, 1, 0.34375, 0.328125),
    ]
    static let paths = images.indices.map { "data/\(labels[images[$0].truth])/\($0).png" }

    static var predictions: Predictions {
        var probabilities: [Float] = []
        for image in images {
            let rest = image.predicted == 2 ? (1 - image.confidence) / 2 : 1 - image.confidence - image.other
            probabilities += labels.indices.map { $0 == image.predicted ? image.confidence : $0 == 2 ? image.other : rest }
        }
        return Predictions(
            labels: labels, probabilities: probabilities, predicted: images.map(\.predicted),
            truth: images.map(\.truth), loss: 0.5)
    }

    /// Top probabilities only (how the rest is split does not count). Sum over bins of
    /// count × |accuracy − mean confidence|, over 12 images: bins of 0.875
    /// (3 right), 0.75 (1 of 3 right), 0.5 (2 right), 0.625 (1 of 2 right) and 0.375 with
    /// 0.34375 (1 of 2 right, mean 0.359375).
    static let expectedCalibrationError = (3 * 0.125 + 3 * (0.75 - 1.0 / 3) + 2 * 0.5 + 2 * 0.125 + 2 * 0.140625) / 12

    static func report(threshold: Float? = 0.7, unscaled: Predictions? = nil, temperature: Float? = nil) -> EvaluationReport {
        EvaluationReport(
            predictions: predictions, paths: paths, model: "models/m.safetensors", dataset: "data", split: "test",
            threshold: threshold, unscaled: unscaled, temperature: temperature)
    }

    static func run(_ evaluation: EvaluationReport) -> RunReport {
        RunReport(
            kind: .evaluation, command: "evaluate models/m.safetensors data --threshold 0.7",
            model: .init(path: "models/m.safetensors", labels: labels, network: "conv → dense 3", parameters: 99),
            datasets: [.init(path: "data", images: images.count)], evaluation: evaluation)
    }
}

extension CalibrationFixture {
    /// 2,000 predictions shaped like a real model's: most very sure, a little overconfident, a
    /// fifth of them `other` strokes. Deterministic, for plots at a realistic scale.
    static var realistic: Predictions {
        let labels = ["arrow", "circle", "cycle", "other"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func uniform() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var probabilities: [Float] = [], predicted: [Int] = [], truth: [Int] = []
        for n in 0..<2000 {
            let t = n % 5 == 4 ? 3 : n % 3
            let confidence = 0.35 + 0.65 * (1 - pow(uniform(), 6))
            // Right a little less often than it is sure; a real stroke is seldom taken for `other`.
            let right = uniform() < confidence - 0.02
            let wrong = t == 3 ? Int(uniform() * 3) : uniform() < 0.1 ? 3 : (t + 1 + Int(uniform() * 2)) % 3
            let p = right ? t : wrong
            truth.append(t)
            predicted.append(p)
            probabilities += (0..<4).map { $0 == p ? Float(confidence) : Float(1 - confidence) / 3 }
        }
        return Predictions(labels: labels, probabilities: probabilities, predicted: predicted, truth: truth, loss: 0.3)
    }
}
