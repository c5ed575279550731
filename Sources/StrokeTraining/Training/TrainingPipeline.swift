import Foundation
import StrokeModel

/// What `strokes train` does, as a library call: the reference network for the mixture's
/// classes, an optional cross-validation of the recipe, then the final model (on every image
/// after cross-validation, else on the training part of a stratified split) with the
/// provenance its file records, in one call (`run`). The command line adds only what belongs
/// to a terminal: progress, messages, Ctrl-C, and writing the model and its report.
public struct TrainingPipeline {
    public let mixture: TrainingMixture
    public let options: TrainingOptions
    public let architecture: Architecture
    /// Share of each class of the primary held out for validation when there is no
    /// cross-validation (0: train on everything and keep the last epoch).
    public let validationSplit: Double
    /// Images kept out of training altogether to validate on (whole writers, say) instead of a
    /// split of the primary; it has the primary's labels. Not with cross-validation.
    public let validationSet: Dataset?
    /// Each dataset's path and share as given (`0.25x`, `2000`, `1x`), recorded in the model
    /// when the run mixes datasets; nil for one whole dataset, whose file stays as before mixtures.
    public let recordedSources: [(path: String, share: String)]?
    /// The command line the model file records.
    public let command: String

    public init(mixture: TrainingMixture, options: TrainingOptions, validationSplit: Double, validationSet: Dataset? = nil,
                recordedSources: [(path: String, share: String)]?, command: String) {
        precondition(validationSet.map { $0.labels == mixture.primary.labels } ?? true, "the validation set needs the primary's labels")
        self.mixture = mixture
        self.validationSet = validationSet
        self.options = options
        self.validationSplit = validationSplit
        self.recordedSources = recordedSources
        self.command = command
        architecture = .reference(classes: mixture.primary.labels.count)
    }

    /// The whole run, once: with `folds`, a cross-validation of the recipe (refused when a
    /// fold could not hold out an image of every class); then, unless `finalModel` is false,
    /// the final model, on every image after cross-validation, else on the training part of
    /// the split. The calibration is fitted once, and the model ships it. `checkpoints` gives
    /// each phase (`fold-1`, …, `final`) its checkpointing, or nil for none.
    public func run(
        folds: Int?, finalModel: Bool = true, checkpoints: ((_ phase: String) -> Checkpointing?)? = nil,
        events: TrainingEvents = TrainingEvents()
    ) throws(TrainingError) -> TrainingOutcome {
        try check(folds: folds)
        var crossValidation: CrossValidationResult?
        if let folds {
            let result = try CrossValidation.run(
                mixture, folds: folds, architecture: architecture, options: options,
                checkpoints: checkpoints.map { phase in { fold in phase("fold-\(fold)")! } },
                onStep: events.foldStep, progress: events.foldEpoch)
            events.crossValidated(result)
            crossValidation = result
        }
        guard finalModel || crossValidation == nil else {
            return TrainingOutcome(crossValidation: crossValidation, final: nil, fit: crossValidation.map(CalibrationFit.init))
        }
        let (train, validation) = finalData(after: crossValidation)
        events.startingFinalModel(train, validation)
        let trainer = Trainer(architecture: architecture, options: options)
        trainer.onStep = events.finalStep
        let result = try trainer.train(train, validation: validation, checkpointing: checkpoints?("final"), progress: events.finalEpoch)
        let fit = crossValidation.map(CalibrationFit.init) ?? result.validation.map {
            CalibrationFit(validation: $0, fittedOn: validationSet == nil ? "the validation split" : "the validation set")
        }
        let model = ClassifierModel(
            architecture: architecture, labels: mixture.primary.labels, parameters: result.parameters.arrays,
            provenance: provenance(result, validation: validation, trainSet: train, crossValidation: crossValidation),
            calibration: fit?.calibration ?? .none)
        return TrainingOutcome(
            crossValidation: crossValidation, final: FinalModel(model: model, result: result, train: train, validation: validation), fit: fit)
    }

    /// Refuses more folds than the smallest class has held-out images: a fold would miss a
    /// class. `run` asks first; a caller may ask before it prints anything.
    public func check(folds: Int?) throws(TrainingError) {
        guard let folds else { return }
        if validationSet != nil { throw .foldsWithValidationSet }
        let smallest = mixture.heldOutPool.classCounts.min() ?? 0
        guard folds <= smallest else { throw .tooManyFolds(folds: folds, smallestClass: smallest) }
    }

    /// The final model's data: everything after cross-validation, else the training part of
    /// the split of the held-out pool (see `TrainingMixture.heldOutPool`), with its held-out
    /// validation images (none when `validationSplit` is 0).
    func finalData(after crossValidation: CrossValidationResult?) -> (train: TrainingMixture, validation: Dataset?) {
        if let validationSet { return (mixture, validationSet) }
        let data = mixture.heldOutPool
        let split = crossValidation == nil && validationSplit > 0
            ? stratifiedSplit(targets: data.targets, validationFraction: validationSplit, seed: options.seed)
            : (train: Array(data.targets.indices), validation: [])
        return (mixture.restrictingPool(to: split.train), split.validation.isEmpty ? nil : data.subset(split.validation))
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
            convolution: result.convolution.description, command: command)
    }
}

/// What `TrainingPipeline.run` made.
public struct TrainingOutcome {
    public let crossValidation: CrossValidationResult?
    /// Nil when the run only cross-validated.
    public let final: FinalModel?
    /// The one calibration fit: on the out-of-fold predictions after cross-validation, else on
    /// the final model's validation predictions; nil without held-out images.
    public let fit: CalibrationFit?
}

/// The final model, the run that made it and the data it was trained and validated on.
public struct FinalModel {
    public let model: ClassifierModel
    public let result: TrainingResult
    public let train: TrainingMixture
    public let validation: Dataset?
}

/// What a pipeline run tells its caller as it goes: progress, and each phase as it starts
/// or ends (so a command line prints in order). Each does nothing unless set.
public struct TrainingEvents {
    public var foldStep: ((_ fold: Int, StepProgress) -> Void)?
    public var foldEpoch: (_ fold: Int, EpochReport) -> Void = { _, _ in }
    public var crossValidated: (CrossValidationResult) -> Void = { _ in }
    public var startingFinalModel: (_ train: TrainingMixture, _ validation: Dataset?) -> Void = { _, _ in }
    public var finalStep: ((StepProgress) -> Void)?
    public var finalEpoch: (EpochReport) -> Void = { _ in }

    public init() {}
}
