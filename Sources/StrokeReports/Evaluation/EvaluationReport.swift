import StrokeTraining

/// Every figure of one evaluation of a model on a dataset.
///
/// Computed once here; the text (`render`), JSON (`json`) and Markdown (`markdown`)
/// renderings only format these values, so they cannot disagree.
package struct EvaluationReport: Sendable, Equatable {
    package struct ClassMetrics: Sendable, Equatable, Codable {
        package let label: String
        package let precision: Double
        package let recall: Double
        package let f1: Double
        /// Images whose true class is `label`.
        package let support: Int

        // In JSON the label is the key of the `per_class` object, not a field.
        enum CodingKeys: String, CodingKey { case precision, recall, f1, support }
    }

    /// An off-diagonal cell of the confusion matrix.
    package struct Confusion: Sendable, Equatable, Codable {
        package let truth: String
        package let predicted: String
        package let count: Int

        enum CodingKeys: String, CodingKey { case truth = "true", predicted, count }
    }

    package struct Misclassified: Sendable, Equatable, Codable {
        package let path: String
        package let truth: String
        package let predicted: String
        /// The probability the model gave its (wrong) prediction.
        package let confidence: Double
        /// Every class's probability, in the report's label order.
        package let probabilities: [Double]

        enum CodingKeys: String, CodingKey { case path, truth = "true", predicted, confidence, probabilities }
    }

    /// The model file and the dataset folder, as the user named them.
    package let model: String
    package let dataset: String
    /// Which images of the dataset were evaluated (`test`, `train`, `all`), if known.
    package let split: String?
    /// Rows true class, columns predicted class, in the model's label order.
    package let confusion: ConfusionMatrix
    /// Mean cross-entropy against the true classes.
    package let loss: Double
    package let perClass: [ClassMetrics]
    /// Every confusion, largest first (ties in label order).
    package let confusions: [Confusion]
    /// Wrongly classified images in dataset order.
    package let misclassified: [Misclassified]
    /// Reliability bins, expected calibration error, temperature and thresholds; nil only in
    /// a report read from a file written before reports had them.
    package internal(set) var calibration: Calibration?
    /// For thresholds 0.00…0.99 (and `calibration.threshold`, sorted in): the real strokes
    /// kept, the accuracy on them and the `other` strokes rejected; empty when `calibration` is nil.
    package internal(set) var riskCoverage: [RiskCoverage.Row] = []
    /// The real classes and `other` counted apart; nil when the labels have no `other` class.
    package internal(set) var openSet: OpenSet?

    package var labels: [String] { confusion.labels }
    package var images: Int { confusion.total }
    package var correct: Int { confusion.correct }
    package var accuracy: Double { confusion.accuracy }

    /// `paths[i]` is the file of image `i` of the predictions (`Dataset.paths`), whose
    /// probabilities are at the model's temperature.
    ///
    /// - Parameters:
    ///   - threshold: the rejection threshold the open-set figures are given at (the model's
    ///     own or the user's); nil means 0, rejecting only `other` predictions.
    ///   - unscaled: the same predictions at temperature 1, to show the calibration error
    ///     before scaling.
    ///   - temperature: the temperature the probabilities stand for when it is not
    ///     `predictions.temperature` (cross-fitted predictions, each fold scaled by its own
    ///     fit, say 1); nil takes the predictions' own.
    package init(
        predictions: Predictions, paths: [String], model: String, dataset: String, split: String? = nil,
        threshold: Float? = nil, unscaled: Predictions? = nil, temperature: Float? = nil
    ) {
        precondition(paths.count == predictions.truth.count, "one path per image")
        precondition(unscaled.map { $0.count == predictions.count } ?? true, "the unscaled predictions are the same images")
        let classes = predictions.labels.count
        let matrix = predictions.confusion
        self.model = model
        self.dataset = dataset
        self.split = split
        confusion = matrix
        loss = Self.shortest(predictions.loss)
        perClass = matrix.labels.indices.map { c in
            ClassMetrics(
                label: matrix.labels[c], precision: matrix.precision(c), recall: matrix.recall(c),
                f1: matrix.f1(c), support: matrix.support(c))
        }
        confusions = matrix.confusions.map { Confusion(truth: $0.truth, predicted: $0.predicted, count: $0.count) }
        misclassified = predictions.truth.indices.compactMap { i in
            let t = predictions.truth[i], p = predictions.predicted[i]
            guard t != p else { return nil }
            return Misclassified(
                path: paths[i], truth: matrix.labels[t], predicted: matrix.labels[p],
                confidence: Self.shortest(predictions.probabilities[i * classes + p]),
                probabilities: (0..<classes).map { Self.shortest(predictions.probabilities[i * classes + $0]) })
        }
        let threshold = threshold ?? 0
        let table = RiskCoverage(predictions)
        calibration = Calibration(
            CalibrationSummary(predictions), temperature: temperature ?? predictions.temperature, threshold: threshold,
            recommended: table.recommended()?.threshold, unscaled: unscaled.map { CalibrationSummary($0) })
        riskCoverage = Self.riskCoverageRows(table, predictions, threshold: threshold)
        openSet = OpenSet(predictions, threshold: threshold)
    }

    /// The Double that prints like the Float (0.87, not 0.8700000047683716) and converts back
    /// to the same Float: reports stay readable without losing precision.
    static func shortest(_ value: Float) -> Double {
        Double(value.description) ?? Double(value)
    }
}
