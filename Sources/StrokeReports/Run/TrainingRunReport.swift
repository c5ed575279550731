import StrokeModel
import StrokeTraining

extension RunReport {
    /// What a training run's report shows, decided here once: the confusion matrix of the
    /// out-of-fold predictions after cross-validation, else of the validation split, else of
    /// the training images themselves (said so, since those were seen in training), each at
    /// the calibrated temperature the model ships (the validation set at `validationPath`,
    /// when one was given instead of a split). Returns the report and the images of the
    /// predictions it shows, for the misclassified sheet.
    package static func training(
        _ outcome: TrainingOutcome, pipeline: TrainingPipeline, datasets: [Dataset], modelPath: String?, primary: String,
        validationPath: String? = nil, displayPath: (String) -> String
    ) -> (report: RunReport, misclassifiedImages: [[UInt8]]) {
        let pool = (outcome.final?.train ?? pipeline.mixture).heldOutPool
        let fit = outcome.fit
        let (predictions, images, split): (Predictions, StrokeTraining.Dataset, String)
        var shown = primary
        if let cv = outcome.crossValidation, let fit {
            (predictions, images, split) = (fit.predictions, pool, "out-of-fold predictions of \(cv.folds.count)-fold cross-validation")
        } else if let validation = outcome.final?.validation, let fit {
            (predictions, images, split) = (fit.predictions, validation, validationPath == nil ? "the validation split" : "the validation set")
            shown = validationPath ?? primary
        } else {
            let seen = Evaluator(architecture: pipeline.architecture, plan: outcome.final!.result.convolution).predict(outcome.final!.result.parameters, on: pool)
            (predictions, images, split) = (seen, pool, "the training images (seen in training, so not an estimate of accuracy)")
        }
        let evaluation = EvaluationReport(
            predictions: predictions, paths: images.paths.map(displayPath),
            model: modelPath ?? "(not saved)", dataset: shown, split: split,
            threshold: fit?.calibration.threshold, unscaled: fit?.unscaledPredictions, temperature: fit?.calibration.temperature)
        let result = outcome.final?.result
        let report = training(
            model: .init(architecture: pipeline.architecture, labels: pool.labels, path: modelPath), recipe: .init(pipeline.options),
            command: pipeline.command, datasets: datasets, history: result?.history ?? [],
            keptEpoch: outcome.final?.validation == nil ? nil : result?.keptEpoch,
            crossValidation: outcome.crossValidation, evaluation: evaluation)
        return (report, ReportFolder.misclassifiedImages(predictions, in: images))
    }
}
