import Foundation
@testable import StrokeReports
@testable import StrokeTraining

/// Run reports made from `EvaluationFixture` with hand-written epochs, for tests that need
/// one without training anything.
enum RunReportFixture {
    static let labels = EvaluationFixture.labels

    static func epoch(_ n: Int, loss: Float, accuracy: Double, validation: (Float, Double)? = nil) -> EpochReport {
        EpochReport(
            epoch: n, epochs: 3, learningRate: 0.002 / Float(n), trainLoss: loss, trainAccuracy: accuracy,
            validationLoss: validation?.0, validationAccuracy: validation?.1, imagesPerSecond: 1000, elapsedSeconds: Double(n))
    }

    /// Two folds of known curves over three epochs.
    static var crossValidation: CrossValidationResult {
        let predictions = EvaluationFixture.predictions
        let first = Array(0..<6), second = Array(6..<11)
        func part(_ indices: [Int]) -> Predictions {
            Predictions(
                labels: labels, probabilities: indices.flatMap { i in (0..<3).map { predictions.probabilities[i * 3 + $0] } },
                predicted: indices.map { predictions.predicted[$0] }, truth: indices.map { predictions.truth[$0] }, loss: 0.5)
        }
        return CrossValidationResult(folds: [
            .init(index: 1, predictions: part(first), indices: first, history: [
                epoch(1, loss: 1.0, accuracy: 0.5, validation: (0.75, 0.5)),
                epoch(2, loss: 0.5, accuracy: 0.75, validation: (0.5, 0.625)),
                epoch(3, loss: 0.25, accuracy: 0.875, validation: (0.5, 0.5)),
            ]),
            .init(index: 2, predictions: part(second), indices: second, history: [
                epoch(1, loss: 0.5, accuracy: 0.25, validation: (1.25, 0.25)),
                epoch(2, loss: 0.25, accuracy: 0.5, validation: (1.0, 0.375)),
                epoch(3, loss: 0.125, accuracy: 0.625, validation: (0.75, 0.75)),
            ]),
        ])
    }

    static var evaluation: EvaluationReport {
        EvaluationReport(
            predictions: crossValidation.outOfFoldPredictions, paths: EvaluationFixture.paths,
            model: "models/m.safetensors", dataset: "data", split: "out-of-fold predictions of 2-fold cross-validation")
    }

    static var training: RunReport {
        RunReport.training(
            model: .init(path: "models/m.safetensors", labels: labels, network: "conv 5×5×16 → dense 3", parameters: 1234),
            recipe: .init(TrainingOptions()), command: "train data --folds 2 --out models/m.safetensors",
            datasets: [.init(path: "data", images: 11, share: nil, imagesPerEpoch: 11, fingerprint: "ab12")],
            history: [epoch(1, loss: 0.9, accuracy: 0.5), epoch(2, loss: 0.4, accuracy: 0.7), epoch(3, loss: 0.2, accuracy: 0.9)],
            keptEpoch: nil, crossValidation: crossValidation, evaluation: evaluation)
    }

    /// Distinct 28×28 images, one per misclassified file.
    static var misclassifiedImages: [[UInt8]] {
        evaluation.misclassified.indices.map { i in (0..<784).map { UInt8(($0 * (i + 3)) % 256) } }
    }
}
