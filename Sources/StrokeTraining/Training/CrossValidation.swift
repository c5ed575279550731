import StrokeModel

/// Stratified k-fold cross-validation of one training recipe.
///
/// Each fold trains on the other k−1 folds and is scored with its final epoch's weights:
/// the held-out fold never chooses anything, so its accuracy is an honest estimate.
public struct CrossValidationResult: Sendable {
    public struct Fold: Sendable {
        public let index: Int
        public let predictions: Predictions
        /// Dataset indices of the fold's images (to name misclassified files).
        public let indices: [Int]
        public var accuracy: Double { predictions.accuracy }
    }

    public let folds: [Fold]
    public var accuracies: [Double] { folds.map(\.accuracy) }
    public var meanAccuracy: Double { accuracies.reduce(0, +) / Double(max(folds.count, 1)) }
    public var worstAccuracy: Double { accuracies.min() ?? 0 }
    public var summedConfusion: ConfusionMatrix {
        folds.dropFirst().reduce(folds[0].predictions.confusion) { $0 + $1.predictions.confusion }
    }
}

public enum CrossValidation {
    public static func run(
        _ dataset: Dataset, folds k: Int, architecture: Architecture, options: TrainingOptions,
        progress: (_ fold: Int, EpochReport) -> Void = { _, _ in }
    ) -> CrossValidationResult {
        run(TrainingMixture(dataset), folds: k, architecture: architecture, options: options, progress: progress)
    }

    /// Folds come from the mixture's primary alone: each fold trains on the primary's other
    /// folds plus every other source, and holds out primary images only. Fold indices are
    /// indices into the primary.
    public static func run(
        _ mixture: TrainingMixture, folds k: Int, architecture: Architecture, options: TrainingOptions,
        progress: (_ fold: Int, EpochReport) -> Void = { _, _ in }
    ) -> CrossValidationResult {
        let dataset = mixture.primary
        let folds = stratifiedFolds(targets: dataset.targets, k: k, seed: options.seed)
        var recipe = options
        recipe.keepBest = false
        var results: [CrossValidationResult.Fold] = []
        for (index, held) in folds.enumerated() {
            let heldSet = Set(held)
            let trainIndices = dataset.targets.indices.filter { !heldSet.contains($0) }
            let trainer = Trainer(architecture: architecture, options: recipe)
            let result = trainer.train(mixture.restrictingPrimary(to: trainIndices), validation: dataset.subset(held)) {
                progress(index + 1, $0)
            }
            results.append(.init(index: index + 1, predictions: result.validation!, indices: held))
        }
        return CrossValidationResult(folds: results)
    }
}
