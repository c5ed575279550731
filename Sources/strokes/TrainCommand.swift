import ArgumentParser
import Foundation
import StrokeModel
import StrokeReports
import StrokeTraining

struct TrainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train",
        abstract: "Train the classifier on one or more dataset folders and write a model file.",
        discussion: """
            DATASET holds one folder of PNGs per class (or train/ and test/ folders laid out so).

            Several datasets are mixed, for example real strokes with synthetic ones: write each \
            as PATH or PATH:SHARE, where SHARE is a count N (a fixed, seeded, class-stratified \
            subset of N of its images for the whole run) or a weight Wx (each epoch takes \
            round(W × its images): whole passes, plus a fresh random draw for a fraction), e.g. \
            `strokes train real synthetic:0.5x` or `strokes train real synthetic:2000`. Without a \
            share, each of a dataset's images is used once per epoch. All datasets need the same \
            class folders.

            The first dataset is the primary: --validation-split and --folds hold out images of it \
            only, and the other datasets only ever add training images, so validation figures stay \
            on the primary's (real) strokes. A count of the primary picks its images before any are \
            held out; a weight of the primary applies to its training part.

            With --folds K the recipe is first cross-validated (stratified K-fold); with --out the \
            final model is then trained on every image and the cross-validation figures are stored \
            in it as its validation metrics.
            """)

    @Argument(help: ArgumentHelp(
        "Dataset folders, the primary first; each PATH, PATH:N (a count of images) or PATH:Wx (a weight).",
        valueName: "dataset"))
    var datasets: [String]
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
            let inputs = try datasets.map { try DatasetArgument($0) }
            let folders = try inputs.map { try DatasetLoader.load(URL(fileURLWithPath: $0.path), warn: Console.warn).train }
            let dataset = inputs[0].path
            guard folders[0].labels.count >= 2 else {
                throw UsageError("\(dataset) has only the class \(folders[0].labels.first ?? "?"); a classifier needs at least two class folders")
            }
            try DatasetArgument.check(inputs, loaded: folders)
            let mixture = TrainingMixture(zip(folders, inputs).map { ($0, $1.share) }, seed: options.seed)
            // Only a real mixture is recorded as one: one whole dataset gives the same file as before.
            let isMixture = inputs.count > 1 || inputs[0].share != .all
            let data = mixture.primary
            let architecture = Architecture.reference(classes: data.labels.count)
            for (index, input) in inputs.enumerated() {
                Console.info(input.summary(
                    folder: folders[index], used: mixture.sources[index], isPrimary: index == 0, hasOthers: inputs.count > 1))
            }
            Console.info("network: \(architecture.layers.map(\.summary).joined(separator: " → ")) (\(architecture.parameterCount) parameters)")
            Console.info("training: \(options.summary)")

            var crossValidation: CrossValidationResult?
            if let folds {
                // Every fold must hold out at least one image of each class.
                guard let smallest = data.classCounts.min(), folds <= smallest else {
                    throw UsageError("--folds \(folds) is more than the \(data.classCounts.min() ?? 0) images of the smallest class in \(dataset); use at most that many folds")
                }
                let result = CrossValidation.run(mixture, folds: folds, architecture: architecture, options: options) { fold, epoch in
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
            let trainSet = mixture.restrictingPrimary(to: split.train)
            let validationSet = split.validation.isEmpty ? nil : data.subset(split.validation)
            Console.info("final model: \(split.train.count) training images, \(validationSet?.count ?? 0) validation images"
                + (isMixture ? "; \(trainSet.imagesPerEpoch) images per epoch from all datasets" : ""))
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
                sources: isMixture ? inputs.indices.map { index in
                    TrainingSource(
                        path: inputs[index].path, fingerprint: mixture.sources[index].dataset.fingerprint,
                        images: mixture.sources[index].dataset.count, share: inputs[index].share.description,
                        imagesPerEpoch: trainSet.sources[index].imagesPerEpoch)
                } : nil,
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
