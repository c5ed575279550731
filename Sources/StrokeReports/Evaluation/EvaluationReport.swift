import StrokeTraining

/// Every figure of one evaluation of a model on a dataset.
///
/// Computed once here; the text (`render`), JSON (`json`) and Markdown (`markdown`)
/// renderings only format these values, so they cannot disagree.
public struct EvaluationReport: Sendable, Equatable {
    public struct ClassMetrics: Sendable, Equatable, Codable {
        public let label: String
        public let precision: Double
        public let recall: Double
        public let f1: Double
        /// Images whose true class is `label`.
        public let support: Int

        // In JSON the label is the key of the `per_class` object, not a field.
        enum CodingKeys: String, CodingKey { case precision, recall, f1, support }
    }

    /// An off-diagonal cell of the confusion matrix.
    public struct Confusion: Sendable, Equatable, Codable {
        public let truth: String
        public let predicted: String
        public let count: Int

        enum CodingKeys: String, CodingKey { case truth = "true", predicted, count }
    }

    public struct Misclassified: Sendable, Equatable, Codable {
        public let path: String
        public let truth: String
        public let predicted: String
        /// The probability the model gave its (wrong) prediction.
        public let confidence: Double
        /// Every class's probability, in the report's label order.
        public let probabilities: [Double]

        enum CodingKeys: String, CodingKey { case path, truth = "true", predicted, confidence, probabilities }
    }

    /// The model file and the dataset folder, as the user named them.
    public let model: String
    public let dataset: String
    /// Which images of the dataset were evaluated (`test`, `train`, `all`), if known.
    public let split: String?
    /// Rows true class, columns predicted class, in the model's label order.
    public let confusion: ConfusionMatrix
    /// Mean cross-entropy against the true classes.
    public let loss: Double
    public let perClass: [ClassMetrics]
    /// Every confusion, largest first (ties in label order).
    public let confusions: [Confusion]
    /// Wrongly classified images in dataset order.
    public let misclassified: [Misclassified]

    public var labels: [String] { confusion.labels }
    public var images: Int { confusion.total }
    public var correct: Int { confusion.correct }
    public var accuracy: Double { confusion.accuracy }

    /// `paths[i]` is the file of image `i` of the predictions (`Dataset.paths`).
    public init(predictions: Predictions, paths: [String], model: String, dataset: String, split: String? = nil) {
        precondition(paths.count == predictions.truth.count, "one path per image")
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
    }

    /// The Double that prints like the Float (0.87, not 0.8700000047683716) and converts back
    /// to the same Float: reports stay readable without losing precision.
    static func shortest(_ value: Float) -> Double {
        Double(value.description) ?? Double(value)
    }
}
