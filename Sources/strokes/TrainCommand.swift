import ArgumentParser
import Foundation
import StrokeModel
import StrokeReports
import StrokeTraining
import CommandLineSupport

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
            only (--validation FOLDER validates on a folder of its own instead), and the other datasets only ever add training images, so validation figures stay \
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
    @OptionGroup var reports: ReportOptions
    @OptionGroup var recipe: RecipeOptions
    @OptionGroup var checkpointOptions: CheckpointOptions
    @Option(help: "Share of each class held out for validation (0 trains on everything and keeps the last epoch).")
    var validationSplit: Double = 0.15
    @Option(help: ArgumentHelp(
        "A dataset folder to validate on instead of a split of the primary: images kept out of training altogether (whole writers, say).",
        valueName: "folder"))
    var validation: String?
    @Option(help: "Cross-validate with K stratified folds before training the final model.") var folds: Int?
    @Flag(help: "Print only the summary: no progress bar, no line per epoch.") var quiet = false

    func validate() throws {
        guard (0..<1).contains(validationSplit) else { throw ValidationError("--validation-split must be in [0, 1)") }
        if let folds, folds < 2 { throw ValidationError("--folds needs at least 2 folds") }
        if validation != nil, folds != nil {
            throw ValidationError("--validation and --folds do not go together: cross-validation holds out parts of the primary dataset")
        }
    }

    func run() throws {
        try Console.failing {
            let options = try recipe.trainingOptions()
            Compute.setThreads(options.threads)
            let inputs = try datasets.map { try DatasetArgument($0) }
            let loaded = try inputs.map { try DatasetLoader.load(URL(fileURLWithPath: $0.path), warn: Console.warn).train }
            let dataset = inputs[0].path
            guard loaded[0].labels.count >= 2 else {
                throw UsageError("\(dataset) has only the class \(loaded[0].labels.first ?? "?"); a classifier needs at least two class folders")
            }
            let folders = try DatasetArgument.aligned(inputs, loaded: loaded)
            let mixture = TrainingMixture(zip(folders, inputs).map { ($0, $1.share) }, seed: options.seed)
            // Only a real mixture is recorded as one: one whole dataset gives the same file as before.
            let isMixture = inputs.count > 1 || inputs[0].share != .all
            let validationSet = try validation.map { folder in
                let loaded = try DatasetLoader.load(URL(fileURLWithPath: folder), warn: Console.warn).train
                guard let aligned = loaded.relabeled(as: mixture.primary.labels) else {
                    throw UsageError("--validation \(folder) has the classes \(loaded.labels.joined(separator: ", ")); it may hold only "
                        + "the training classes (\(mixture.primary.labels.joined(separator: ", ")))")
                }
                return aligned
            }
            let pipeline = TrainingPipeline(
                mixture: mixture, options: options, validationSplit: validationSplit, validationSet: validationSet,
                recordedSources: isMixture ? inputs.map { ($0.path, $0.share.description) } : nil, command: Self.recordedCommand)
            do throws(TrainingError) {
                try pipeline.check(folds: folds)
            } catch {
                throw UsageError("--folds \(folds ?? 0) is more than the \(mixture.heldOutPool.classCounts.min() ?? 0) images of the smallest class in \(dataset); use at most that many folds")
            }
            // What validation and folds hold out: the primary's images, and generated `other` ones.
            let data = mixture.heldOutPool
            let architecture = pipeline.architecture
            for (index, input) in inputs.enumerated() {
                Console.info(input.summary(
                    folder: folders[index], used: mixture.sources[index], isPrimary: index == 0, hasOthers: inputs.count > 1))
            }
            Console.info("network: \(architecture.layers.map(\.summary).joined(separator: " → ")) (\(architecture.parameterCount) parameters)")
            Console.info("training: \(options.summary)")
            if let plan = options.convolution, !plan.fits(architecture) {
                throw UsageError("--convolution \(plan) gives \(plan.strategies.count) strategies for the \(architecture.convolutionLayers.count) conv layers; give one, or one per conv layer")
            }

            let checkpointFolder = checkpointOptions.folder(out: out)
            if checkpointOptions.resume && checkpointFolder == nil {
                throw UsageError("--resume needs the checkpoints: give --out (they are kept beside it) or --checkpoints FOLDER")
            }
            if let checkpointFolder { CheckpointOptions.removeLeftovers(in: checkpointFolder) }
            let stop = StopRequest()
            // Without anywhere to write a checkpoint, the first Ctrl-C quits at once.
            let interrupts = InterruptHandler(requesting: checkpointFolder == nil ? nil : stop)
            defer { withExtendedLifetime(interrupts) {} }
            func checkpointing(_ phase: String) -> Checkpointing? {
                checkpointFolder.map { CheckpointOptions.checkpointing($0, phase: phase, resume: checkpointOptions.resume, stop: stop) }
            }

            let progress = ProgressDisplay()
            var events = TrainingEvents()
            if !quiet {
                events.foldStep = { fold, step in
                    progress.phase = "fold \(fold)/\(folds ?? 0)"
                    progress.step(step)
                }
                events.finalStep = progress.step
            }
            events.foldEpoch = { fold, epoch in
                progress.phase = "fold \(fold)/\(folds ?? 0)"
                if !quiet { progress.line(epoch.line) }
            }
            events.crossValidated = { result in
                progress.finish()
                for fold in result.folds {
                    if let divergence = fold.divergence { Console.warn("fold \(fold.index): \(divergence); the fold stopped there") }
                }
                Console.out(CrossValidationText.render(result, dataset: data))
            }
            events.startingFinalModel = { train, validation in
                Console.info("final model: \(train.heldOutPool.count) training images, \(validation?.count ?? 0) validation images"
                    + (isMixture ? "; \(train.imagesPerEpoch) images per epoch from all datasets" : ""))
                progress.phase = folds == nil ? "" : "final model"
            }
            events.finalEpoch = { if !quiet { progress.line($0.line) } }

            let outcome = try interruptible(progress) {
                try pipeline.run(folds: folds, finalModel: out != nil || folds == nil,
                                 checkpoints: checkpointFolder.map { _ in checkpointing }, events: events)
            }
            progress.finish()
            if let final = outcome.final {
                let result = final.result
                Console.info("convolution: \(result.convolution)\(options.convolution == nil ? Self.measuredNote(recipe.convolution) : "")")
                if let divergence = result.divergence {
                    guard result.keptEpoch > 0 else {
                        throw UsageError("\(divergence), before any epoch finished: there is no model to keep; try a lower --learning-rate")
                    }
                    Console.warn("\(divergence); training stopped there and keeps epoch \(result.keptEpoch)")
                }
                if let validation = result.validation {
                    Console.out("validation accuracy \(Percent(validation.accuracy)) (epoch \(result.keptEpoch) kept)")
                }
                if let fit = outcome.fit { Console.out(Self.describe(fit)) }
                if let out {
                    try ModelFile.write(final.model, to: URL(fileURLWithPath: out))
                    Console.out("wrote \(out)")
                }
            }
            if reports.wanted {
                let mixtureShown = outcome.final?.train ?? mixture
                let datasets = inputs.indices.map { index in
                    RunReport.Dataset(
                        path: inputs[index].path, images: mixtureShown.sources[index].dataset.count,
                        share: isMixture ? inputs[index].share.description : nil,
                        imagesPerEpoch: mixtureShown.sources[index].imagesPerEpoch, fingerprint: mixtureShown.sources[index].dataset.fingerprint)
                }
                let (run, images) = RunReport.training(
                    outcome, pipeline: pipeline, datasets: datasets, modelPath: out, primary: dataset, validationPath: validation,
                    displayPath: { displayPath($0, under: dataset) })
                try reports.write(run, misclassifiedImages: images)
            }
            removeCheckpoints(checkpointFolder)
        }
    }

    /// Runs a training phase; a stop on request ends the command with the checkpoint's name,
    /// how to go on, and exit status 130 (as for an interrupted program).
    private func interruptible<T>(_ progress: ProgressDisplay, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let TrainingError.interrupted(path, epoch, step, steps) {
            progress.finish()
            let place = step == 0 ? "after epoch \(epoch - 1)" : "at epoch \(epoch), step \(step) of \(steps)"
            Console.info("stopped \(place); checkpoint written to \(path); run the same command with --resume to go on")
            throw ExitCode(130)
        }
    }

    /// A finished run's checkpoints are of no more use: the model file is the result.
    private func removeCheckpoints(_ folder: URL?) {
        guard let folder else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasSuffix(".checkpoint") {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
        try? FileManager.default.removeItem(at: folder)  // only if empty now: other files stay
    }

    /// Two lines on what the model ships besides its weights: the temperature and what it did
    /// to the calibration error, and the recommended threshold with what it keeps and rejects.
    /// Where a plan nobody pinned came from: `--convolution measure` times it now; otherwise it
    /// is the one kept for this machine, measured now only if none was.
    static func measuredNote(_ option: String) -> String {
        let kept = ConvolutionTuning.store.url.map { ", kept in \($0.path)" } ?? ""
        return option == "measure" ? " (measured now on this machine\(kept))" : " (measured on this machine\(kept))"
    }

    static func describe(_ fit: CalibrationFit) -> String {
        let c = fit.calibration
        var lines = ["calibration: temperature \(FixedDecimal(Double(c.temperature), digits: 3)) fitted on \(c.fittedOn ?? "held-out predictions"); "
            + "expected calibration error \(Percent(fit.unscaled.expectedCalibrationError, digits: 2)) before, "
            + "\(Percent(fit.summary.expectedCalibrationError, digits: 2)) after"]
        if let threshold = c.threshold, let coverage = c.coverage, let rejected = c.otherRejected {
            lines.append("recommended threshold \(FixedDecimal(Double(threshold), digits: 2)): keeps \(Percent(coverage, digits: 2)) of the real strokes"
                + (c.keptAccuracy.map { " (\(Percent($0, digits: 2)) right)" } ?? "") + ", rejects \(Percent(rejected, digits: 2)) of the other strokes")
        } else if fit.riskCoverage.otherCount == 0 {
            lines.append("no threshold recommended: no held-out \(RejectionRule.otherLabel) strokes to weigh it against")
        } else {
            lines.append("no threshold recommended: even 0 keeps under \(Percent(RiskCoverage.requiredCoverage)) of the real strokes "
                + "(too many are taken for \(RejectionRule.otherLabel))")
        }
        return lines.joined(separator: "\n")
    }

    /// The command line as the model file records it. `--quiet`, `--resume` and `--checkpoints`
    /// change only what is printed or where a run pauses, so they are left out: with or
    /// without them, the same run gives the same file.
    static var recordedCommand: String {
        var kept: [String] = [], skipValue = false
        for argument in CommandLine.arguments.dropFirst() {
            if skipValue { skipValue = false; continue }
            let option = String(argument.prefix { $0 != "=" })
            if CheckpointOptions.unrecorded.flags.contains(argument) || CheckpointOptions.unrecorded.withValue.contains(option) {
                skipValue = CheckpointOptions.unrecorded.withValue.contains(argument)
                continue
            }
            kept.append(argument)
        }
        return kept.joined(separator: " ")
    }
}
