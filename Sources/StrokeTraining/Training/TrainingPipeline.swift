import Foundation
import StrokeModel

/// What `strokes train` does, as a library call: the reference network for the mixture's
/// classes, an optional cross-validation of the recipe, then the final model (on every image
/// after cross-validation, else on the training part of a stratified split) with the
/// provenance its file records. The command line adds only what belongs to a terminal:
/// progress, messages, Ctrl-C and reports.
public struct TrainingPipeline {
    public let mixture: TrainingMixture
    public let options: TrainingOptions
    public let architecture: Architecture
    /// Share of each class of the primary held out for validation when there is no
    /// cross-validation (0: train on everything and keep the last epoch).
    public let validationSplit: Double
    /// Each dataset's path and share as given (`0.25x`, `2000`, `1x`), recorded in the model
    /// when the run mixes datasets; nil for one whole dataset, whose file stays as before mixtures.
    public let recordedSources: [(path: String, share: String)]?
    /// The command line the model file records.
    public let command: String

    public init(mixture: TrainingMixture, options: TrainingOptions, validationSplit: Double,
                recordedSources: [(path: String, share: String)]?, command: String) {
        self.mixture = mixture
        self.options = options
        self.validationSplit = validationSplit
        self.recordedSources = recordedSources
        self.command = command
        architecture = .reference(classes: mixture.primary.labels.count)
    }

    /// Stratified `folds`-fold cross-validation of the recipe on the primary's images.
    public func crossValidate(
        folds: Int, checkpoints: ((_ fold: Int) -> Checkpointing)?,
        onStep: ((_ fold: Int, StepProgress) -> Void)?, progress: (_ fold: Int, EpochReport) -> Void
    ) throws(TrainingError) -> CrossValidationResult {
        try CrossValidation.run(
            mixture, folds: folds, architecture: architecture, options: options,
            checkpoints: checkpoints, onStep: onStep, progress: progress)
    }

    /// The final model's data: everything after cross-validation, else the training part of
    /// the split of the held-out pool (see `TrainingMixture.heldOutPool`), with its held-out
    /// validation images (none when `validationSplit` is 0).
    public func finalData(after crossValidation: CrossValidationResult?) -> (train: TrainingMixture, validation: Dataset?) {
        let data = mixture.heldOutPool
        let split = crossValidation == nil && validationSplit > 0
            ? stratifiedSplit(targets: data.targets, validationFraction: validationSplit, seed: options.seed)
            : (train: Array(data.targets.indices), validation: [])
        return (mixture.restrictingPool(to: split.train), split.validation.isEmpty ? nil : data.subset(split.validation))
    }

    /// The calibration the final model ships: fitted on the out-of-fold predictions after
    /// cross-validation, else on the validation predictions; nil without held-out images.
    public func calibrationFit(_ result: TrainingResult, after crossValidation: CrossValidationResult?) -> CalibrationFit? {
        if let crossValidation { return CalibrationFit(crossValidation: crossValidation) }
        return result.validation.map { CalibrationFit(validation: $0) }
    }

    /// The final model trained on `data` (see `finalData`), with its provenance.
    public func trainFinalModel(
        on data: (train: TrainingMixture, validation: Dataset?), after crossValidation: CrossValidationResult?,
        checkpointing: Checkpointing?, onStep: ((StepProgress) -> Void)?, progress: (EpochReport) -> Void
    ) throws(TrainingError) -> (model: ClassifierModel, result: TrainingResult) {
        let trainer = Trainer(architecture: architecture, options: options)
        trainer.onStep = onStep
        let result = try trainer.train(data.train, validation: data.validation, checkpointing: checkpointing, progress: progress)
        let model = ClassifierModel(
            architecture: architecture, labels: mixture.primary.labels, parameters: result.parameters.arrays,
            provenance: provenance(result, validation: data.validation, trainSet: data.train, crossValidation: crossValidation),
            calibration: calibrationFit(result, after: crossValidation)?.calibration ?? .none)
        return (model, result)
    }

    private func provenance(
        _ result: TrainingResult, validation: Dataset?, trainSet: TrainingMixture, crossValidation: CrossValidationResult?
    ) -> TrainingProvenance {
        let data = mixture.primary
        return TrainingProvenance(
            datasetFingerprint: data.fingerprint, datasetImages: data.count, seed: options.seed,
            epochs: options.epochs, bestEpoch: validation == nil ? nil : result.keptEpoch,
            batchSize: options.batchSize, optimizer: options.optimizer.description,
            learningRate: options.learningRate, weightDecay: options.weightDecay,
            schedule: options.schedule.description, augmentation: options.augmentation.description,
            threads: options.threads, validationImages: validation?.count ?? crossValidation.map { _ in mixture.heldOutPool.count } ?? 0,
            validationAccuracy: result.validation?.accuracy ?? crossValidation?.meanAccuracy,
            validationConfusion: (result.validation?.confusion ?? crossValidation?.summedConfusion)?.counts,
            crossValidationFolds: crossValidation?.folds.count, crossValidationMeanAccuracy: crossValidation?.meanAccuracy,
            crossValidationWorstAccuracy: crossValidation?.worstAccuracy,
            sources: recordedSources.map { recorded in
                recorded.indices.map { index in
                    TrainingSource(
                        path: recorded[index].path, fingerprint: mixture.sources[index].dataset.fingerprint,
                        images: mixture.sources[index].dataset.count, share: recorded[index].share,
                        imagesPerEpoch: trainSet.sources[index].imagesPerEpoch)
                }
            },
            command: command)
    }
}
