import ArgumentParser
import Foundation
import StrokeModel
import StrokeReports
import StrokeTraining

struct TrainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train",
        abstract: "Train the classifier on a dataset folder and write a model file.",
        discussion: """
            DATASET holds one folder of PNGs per class (or train/ and test/ folders laid out so).
            With --folds K the recipe is first cross-validated (stratified K-fold); with --out the
            final model is then trained on every image and the cross-validation figures are stored
            in it as its validation metrics.
            """)

    @Argument(help: "The dataset folder.") var dataset: String
    @Option(help: "Where to write the model file (.safetensors).") var out: String?
    @Option(help: "Write a Markdown training report here.") var report: String?
    @OptionGroup var recipe: RecipeOptions
    @Option(help: "Share of each class held out for validation (0 trains on everything and keeps the last epoch).")
    var validationSplit: Double = 0.15
    @Option(help: "Cross-validate with K stratified folds before training the final model.") var folds: Int?
    @Flag(help: "Print only the summary, not a line per epoch.") var quiet = false

    func validate() throws {
        guard (0..<1).contains(validationSplit) else { throw ValidationError("--validation-split must be in [0, 1)") }
        if let folds, folds < 2 { throw ValidationError("--folds needs at least 2 folds") }
    }

    func run() throws {
        try Console.failing {
            let options = try recipe.trainingOptions()
            Compute.setThreads(options.threads)
            let folder = try DatasetLoader.load(URL(fileURLWithPath: dataset), warn: Console.warn)
            let data = folder.train
            guard data.labels.count >= 2 else {
                throw UsageError("\(dataset) has only the class \(data.labels.first ?? "?"); a classifier needs at least two class folders")
            }
            let architecture = Architecture.reference(classes: data.labels.count)
            Console.info("dataset \(dataset): \(data.count) images, " + zip(data.labels, data.classCounts).map { "\($0) \($1)" }.joined(separator: ", "))
            Console.info("network: \(architecture.layers.map(\.summary).joined(separator: " → ")) (\(architecture.parameterCount) parameters)")
            Console.info("training: \(options.summary)")

            var crossValidation: CrossValidationResult?
            if let folds {
                // Every fold must hold out at least one image of each class.
                guard let smallest = data.classCounts.min(), folds <= smallest else {
                    throw UsageError("--folds \(folds) is more than the \(data.classCounts.min() ?? 0) images of the smallest class in \(dataset); use at most that many folds")
                }
                let result = CrossValidation.run(data, folds: folds, architecture: architecture, options: options) { fold, epoch in
                    if !quiet { Console.info("fold \(fold)/\(folds)  \(epoch.line)") }
                }
                Console.out(CrossValidationText.render(result, dataset: data))
                crossValidation = result
                guard out != nil else { return }
            }

            // Final model: with cross-validation figures it trains on everything.
            let split = crossValidation == nil && validationSplit > 0
                ? stratifiedSplit(targets: data.targets, validationFraction: validationSplit, seed: options.seed)
                : (train: Array(data.targets.indices), validation: [])
            let trainSet = data.subset(split.train)
            let validationSet = split.validation.isEmpty ? nil : data.subset(split.validation)
            Console.info("final model: \(trainSet.count) training images, \(validationSet?.count ?? 0) validation images")
            let result = Trainer(architecture: architecture, options: options).train(trainSet, validation: validationSet) {
                if !quiet { Console.info($0.line) }
            }
            if let validation = result.validation {
                Console.out("validation accuracy \(Percent(validation.accuracy)) (epoch \(result.keptEpoch) kept)")
            }

            let provenance = TrainingProvenance(
                datasetFingerprint: data.fingerprint, datasetImages: data.count, seed: options.seed,
                epochs: options.epochs, bestEpoch: validationSet == nil ? nil : result.keptEpoch,
                batchSize: options.batchSize, optimizer: options.optimizer.description,
                learningRate: options.learningRate, weightDecay: options.weightDecay,
                schedule: options.schedule.description, augmentation: options.augmentation.description,
                threads: options.threads, validationImages: validationSet?.count ?? crossValidation.map { _ in data.count } ?? 0,
                validationAccuracy: result.validation?.accuracy ?? crossValidation?.meanAccuracy,
                validationConfusion: (result.validation?.confusion ?? crossValidation?.summedConfusion)?.counts,
                crossValidationFolds: folds, crossValidationMeanAccuracy: crossValidation?.meanAccuracy,
                crossValidationWorstAccuracy: crossValidation?.worstAccuracy,
                command: Self.recordedCommand)
            let model = ClassifierModel(
                architecture: architecture, labels: data.labels, parameters: result.parameters.arrays,
                provenance: provenance)
            if let out {
                try ModelFile.write(model, to: URL(fileURLWithPath: out))
                Console.out("wrote \(out)")
            }
            if let report {
                let text = TrainingReport.markdown(
                    model: model, history: result.history, validation: result.validation,
                    crossValidation: crossValidation, dataset: dataset)
                try AtomicFile.write(text, to: URL(fileURLWithPath: report))
                Console.out("wrote \(report)")
            }
        }
    }

    /// The command line as the model file records it. `--quiet` changes only what is printed,
    /// so it is left out: with or without it, the same run gives the same file.
    static var recordedCommand: String {
        CommandLine.arguments.dropFirst().filter { $0 != "--quiet" }.joined(separator: " ")
    }
}
