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
    public var outOfFoldPredictions: Predictions { outOfFold { _ in 1 } }

    /// The out-of-fold predictions with each fold's probabilities at the temperature fitted on
    /// the other folds' predictions, so that no probability was scaled by a fit that saw it:
    /// what calibration and threshold figures are measured on.
    public var crossFittedPredictions: Predictions {
        let all = outOfFoldPredictions
        return outOfFold { fold in
            let others = folds.filter { $0.index != fold.index }.flatMap(\.indices)
            return TemperatureScaling.fit(all.subset(others))
        }
    }

    /// The fitted temperature of all out-of-fold predictions: the one a final model ships with.
    public var temperature: Float { TemperatureScaling.fit(outOfFoldPredictions) }

    private func outOfFold(temperature: (Fold) -> Float) -> Predictions {
        let labels = folds[0].predictions.labels, classes = labels.count
        let count = folds.reduce(0) { $0 + $1.indices.count }
        var logits = [Float](repeating: 0, count: count * classes)
        var truth = [Int](repeating: 0, count: count)
        for fold in folds {
            // Each fold's logits divided by its temperature: softmax(z / T) of the row as given.
            let inverse = 1 / temperature(fold)
            for (row, index) in fold.indices.enumerated() {
                truth[index] = fold.predictions.truth[row]
                for c in 0..<classes { logits[index * classes + c] = fold.predictions.logits[row * classes + c] * inverse }
            }
        }
        return Predictions(labels: labels, logits: logits, truth: truth)
    }
}

public enum CrossValidation {
    public static func run(
        _ dataset: Dataset, folds k: Int, architecture: Architecture, options: TrainingOptions,
        progress: (_ fold: Int, EpochReport) -> Void = { _, _ in }
    ) -> CrossValidationResult {
        run(TrainingMixture(dataset), folds: k, architecture: architecture, options: options, progress: progress)
    }

    /// Folds come from the mixture's `heldOutPool` (the primary, and `other` strokes of other
    /// sources when the primary has none): each fold trains on the pool's other folds plus
    /// everything else, and holds out pool images only. Fold indices are indices into the pool.
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
        let dataset = mixture.heldOutPool
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
                mixture.restrictingPool(to: trainIndices), validation: dataset.subset(held),
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
