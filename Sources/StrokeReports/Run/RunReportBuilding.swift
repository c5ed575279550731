import StrokeModel
import StrokeTraining

/// Run reports from what training and evaluation produce.
extension RunReport {
    /// A training run: the final model's epochs, the cross-validation folds if any, and
    /// `evaluation` (out-of-fold or validation predictions, named by its `split`).
    package static func training(
        model: Model, recipe: Recipe, command: String, datasets: [Dataset],
        history: [EpochReport], keptEpoch: Int?, crossValidation: CrossValidationResult?,
        evaluation: EvaluationReport?
    ) -> RunReport {
        RunReport(
            kind: .training, command: command, model: model,
            recipe: recipe, datasets: datasets, history: history.map(Epoch.init),
            keptEpoch: keptEpoch, crossValidation: crossValidation.map(CrossValidation.init), evaluation: evaluation)
    }

    /// An evaluation of a model file on a dataset.
    package static func evaluation(
        model: ClassifierModel, modelPath: String, command: String, dataset: Dataset, evaluation: EvaluationReport
    ) -> RunReport {
        RunReport(
            kind: .evaluation, command: command, model: Model(model, path: modelPath),
            recipe: model.provenance.map(Recipe.init), datasets: [dataset], evaluation: evaluation)
    }
}

extension RunReport.Model {
    package init(_ model: ClassifierModel, path: String?) {
        self.init(architecture: model.architecture, labels: model.labels, path: path)
    }

    package init(architecture: Architecture, labels: [String], path: String?) {
        self.init(
            path: path, labels: labels, network: architecture.layers.map(\.summary).joined(separator: " → "),
            parameters: architecture.parameterCount)
    }
}

extension RunReport.Recipe {
    package init(_ p: TrainingProvenance) {
        self.init(
            epochs: p.epochs, batchSize: p.batchSize, optimizer: p.optimizer,
            learningRate: EvaluationReport.shortest(p.learningRate), weightDecay: EvaluationReport.shortest(p.weightDecay),
            schedule: p.schedule, augmentation: p.augmentation, seed: p.seed, threads: p.threads)
    }
}

extension RunReport.Recipe {
    /// The recipe a training run is about to follow.
    package init(_ o: TrainingOptions) {
        self.init(
            epochs: o.epochs, batchSize: o.batchSize, optimizer: o.optimizer.description,
            learningRate: EvaluationReport.shortest(o.learningRate), weightDecay: EvaluationReport.shortest(o.weightDecay),
            schedule: o.schedule.description, augmentation: o.augmentation.description, seed: o.seed, threads: o.threads)
    }
}

extension RunReport.Epoch {
    package init(_ e: EpochReport) {
        let shortest = EvaluationReport.shortest
        self.init(
            epoch: e.epoch, learningRate: shortest(e.learningRate), trainLoss: shortest(e.trainLoss),
            trainAccuracy: e.trainAccuracy, validationLoss: e.validationLoss.map(shortest),
            validationAccuracy: e.validationAccuracy)
    }
}

extension RunReport.CrossValidation {
    package init(_ result: CrossValidationResult) {
        self.init(
            folds: result.folds.map {
                RunReport.Fold(
                    fold: $0.index, images: $0.indices.count, accuracy: $0.accuracy,
                    loss: EvaluationReport.shortest($0.predictions.loss), history: $0.history.map(RunReport.Epoch.init))
            },
            meanAccuracy: result.meanAccuracy, worstAccuracy: result.worstAccuracy)
    }
}
