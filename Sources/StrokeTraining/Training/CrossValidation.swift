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
        /// The fold's epochs, validated on its held-out images.
        public let history: [EpochReport]
        /// Set when the fold's loss stopped being finite (its last finished epoch is scored).
        public var divergence: Divergence? = nil
        public var accuracy: Double { predictions.accuracy }
    }

    public let folds: [Fold]
    public var accuracies: [Double] { folds.map(\.accuracy) }
    public var meanAccuracy: Double { accuracies.reduce(0, +) / Double(max(folds.count, 1)) }
    public var worstAccuracy: Double { accuracies.min() ?? 0 }
    public var summedConfusion: ConfusionMatrix {
        folds.dropFirst().reduce(folds[0].predictions.confusion) { $0 + $1.predictions.confusion }
    }

    /// Every image's prediction by the fold that held it out, in dataset order: one honest
    /// prediction per image (the summed confusion matrix counts exactly these).
    public var outOfFoldPredictions: Predictions {
        let labels = folds[0].predictions.labels, classes = labels.count
        let count = folds.reduce(0) { $0 + $1.indices.count }
        var probabilities = [Float](repeating: 0, count: count * classes)
        var predicted = [Int](repeating: 0, count: count), truth = [Int](repeating: 0, count: count)
        var lossSum: Float = 0
        for fold in folds {
            let p = fold.predictions
            for (row, index) in fold.indices.enumerated() {
                predicted[index] = p.predicted[row]
                truth[index] = p.truth[row]
                for c in 0..<classes { probabilities[index * classes + c] = p.probabilities[row * classes + c] }
            }
            lossSum += p.loss * Float(fold.indices.count)
        }
        return Predictions(
            labels: labels, probabilities: probabilities, predicted: predicted, truth: truth,
            loss: count == 0 ? 0 : lossSum / Float(count))
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
        onStep: ((_ fold: Int, StepProgress) -> Void)? = nil,
        progress: (_ fold: Int, EpochReport) -> Void = { _, _ in }
    ) -> CrossValidationResult {
        do {
            return try run(mixture, folds: k, architecture: architecture, options: options, checkpoints: nil, onStep: onStep, progress: progress)
        } catch {
            fatalError("a run without checkpoints cannot stop: \(error)")  // nothing can request it
        }
    }

    /// As above, with a checkpoint per fold (`checkpoints(fold)`, 1-based): a resumed run
    /// skips the folds whose checkpoints are finished and goes on inside the unfinished one.
    public static func run(
        _ mixture: TrainingMixture, folds k: Int, architecture: Architecture, options: TrainingOptions,
        checkpoints: ((Int) -> Checkpointing)?,
        onStep: ((_ fold: Int, StepProgress) -> Void)? = nil,
        progress: (_ fold: Int, EpochReport) -> Void = { _, _ in }
    ) throws(TrainingError) -> CrossValidationResult {
        let dataset = mixture.primary
        let folds = stratifiedFolds(targets: dataset.targets, k: k, seed: options.seed)
        var recipe = options
        recipe.keepBest = false
        var results: [CrossValidationResult.Fold] = []
        for (index, held) in folds.enumerated() {
            let heldSet = Set(held)
            let trainIndices = dataset.targets.indices.filter { !heldSet.contains($0) }
            let trainer = Trainer(architecture: architecture, options: recipe)
            if let onStep { trainer.onStep = { onStep(index + 1, $0) } }
            let result = try trainer.train(
                mixture.restrictingPrimary(to: trainIndices), validation: dataset.subset(held),
                checkpointing: checkpoints?(index + 1)
            ) {
                progress(index + 1, $0)
            }
            results.append(.init(
                index: index + 1, predictions: result.validation!,
                indices: held, history: result.history, divergence: result.divergence))
        }
        return CrossValidationResult(folds: results)
    }
}
