import ArgumentParser
import Foundation
import StrokeModel
import StrokeReports
import StrokeTraining
import CommandLineSupport

struct EvaluateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Evaluate a model on a dataset.",
        discussion: """
            Prints the accuracy, the confusion matrix (rows true class, columns predicted), \
            precision, recall and F1 per class, the largest confusions and every misclassified \
            file, then the calibration (expected calibration error at the model's temperature) \
            and what each rejection threshold keeps and rejects. Each class folder must be one of \
            the model's labels (some may be missing). An `other` folder holds strokes that are \
            none of the shapes: its rejection rate is reported apart from the accuracy on the \
            real classes, at --threshold (default: the model's recommended threshold), and a \
            model without an `other` class can reject them only by that threshold. When DATASET \
            has train/ and test/ folders, the test images are evaluated unless --split says otherwise.
            """)

    @Argument(help: "The model file (.safetensors).") var model: String
    @Argument(help: "The dataset folder.") var dataset: String
    @Option(help: "Images to evaluate: test, train or all (default: test when DATASET has a test/ folder, else all).")
    var split: EvaluationSplit?
    @Option(help: "Images per forward batch.") var batchSize = 256
    @Option(help: "Threads for OpenBLAS and the forward loops.") var threads = 1
    @Option(help: "The rejection threshold the figures are given at (0…1; default: the model file's recommended threshold, else 0).")
    var threshold: Float?
    @Option(help: "Write the results as JSON here.") var json: String?
    @Option(help: "Write the results as a Markdown report here.") var markdown: String?
    @OptionGroup var reports: ReportOptions

    func validate() throws {
        guard batchSize > 0 else { throw ValidationError("--batch-size must be at least 1") }
        guard threads > 0 else { throw ValidationError("--threads must be at least 1") }
        if let threshold, !(0...1).contains(threshold) { throw ValidationError("--threshold must be in 0…1") }
    }

    func run() throws {
        try Console.failing {
            Compute.setThreads(threads)
            let classifier = try ModelFile.read(from: URL(fileURLWithPath: model))
            let folder = try DatasetLoader.load(URL(fileURLWithPath: dataset), warn: Console.warn)
            let (chosen, splitName) = try images(of: folder)
            let data = try matched(chosen, to: classifier)
            Console.info("evaluating \(model) on \(dataset), split \(splitName): \(data.count) images, "
                + zip(data.labels, data.classCounts).map { "\($0) \($1)" }.joined(separator: ", "))

            let start = Date()
            let predictions = predict(classifier, on: data)
            let seconds = Date().timeIntervalSince(start)
            Console.info("evaluated in \(FixedDecimal(seconds, digits: 2)) s (\(Int(Double(data.count) / max(seconds, 1e-9))) images/s)")

            let report = EvaluationReport(
                predictions: predictions, paths: data.paths.map { displayPath($0, under: dataset) }, model: model, dataset: dataset,
                split: splitName, threshold: threshold ?? classifier.calibration.threshold ?? 0, unscaled: predictions.scaled(by: 1))
            Console.out(report.render())
            if let json { try write(try report.json(), to: json) }
            if let markdown { try write(report.markdown(), to: markdown) }
            if reports.wanted {
                let run = RunReport.evaluation(
                    model: classifier, modelPath: model, command: TrainCommand.recordedCommand,
                    dataset: .init(path: dataset, images: data.count, fingerprint: data.fingerprint), evaluation: report)
                try reports.write(run, misclassifiedImages: ReportFolder.misclassifiedImages(predictions, in: data))
            }
        }
    }

    /// Writes atomically; a failure names the file (Foundation's message may not).
    private func write(_ text: String, to path: String) throws {
        do {
            try AtomicFile.write(text, to: URL(fileURLWithPath: path))
        } catch {
            throw UsageError("cannot write \(path): \(error.localizedDescription)")
        }
        Console.out("wrote \(path)")
    }

    /// The images `--split` asks for, and the split's name for the report.
    private func images(of folder: DatasetFolder) throws -> (Dataset, String) {
        switch split ?? (folder.test == nil ? .all : .test) {
        case .all:
            guard let test = folder.test else { return (folder.train, "all") }
            let train = folder.train
            let both = Dataset(
                labels: train.labels, images: train.images + test.images,
                targets: train.targets + test.targets, paths: train.paths + test.paths)
            return (both, "all")
        case .train:
            guard folder.test != nil else { throw UsageError(noSplitMessage) }
            return (folder.train, "train")
        case .test:
            guard let test = folder.test else { throw UsageError(noSplitMessage) }
            return (test, "test")
        }
    }

    private var noSplitMessage: String {
        "\(dataset) has no train/ and test/ folders, so --split \(split?.rawValue ?? "") has nothing to choose; use --split all"
    }

    /// The dataset under the model's labels, in the model's order (hand-made or imported models
    /// may order them otherwise), plus `other` last when the model has no such class; fails
    /// unless the model reads 28×28 gray images and every class folder is one of those labels.
    private func matched(_ data: Dataset, to classifier: ClassifierModel) throws -> Dataset {
        let expected = TensorShape(channels: 1, height: ImageNormalizer.side, width: ImageNormalizer.side)
        guard classifier.architecture.input == expected else {
            throw UsageError("\(model) takes inputs of shape \(classifier.architecture.input), but dataset images are \(expected); evaluate it with the tool that made it")
        }
        var labels = classifier.labels
        if classifier.otherIndex == nil && data.labels.contains(RejectionRule.otherLabel) { labels.append(RejectionRule.otherLabel) }
        guard let relabeled = data.relabeled(as: labels) else {
            throw LabelMismatch(model: model, labels: classifier.labels, dataset: dataset, classes: data.labels)
        }
        return relabeled
    }

    /// The model's predictions at its temperature. For a model without an `other` class, the
    /// dataset's `other` strokes get a class the model never predicts (probability 0), so
    /// they are counted as rejected only when the threshold rejects them.
    private func predict(_ classifier: ClassifierModel, on data: Dataset) -> Predictions {
        let classes = classifier.labels.count
        let padded = data.labels.count > classes
        let input = padded ? Dataset(labels: classifier.labels, images: data.images, targets: data.targets.map { min($0, classes - 1) }, paths: data.paths) : data
        let predictions = Evaluator(architecture: classifier.architecture, batchSize: batchSize).predict(
            ParameterBuffer(architecture: classifier.architecture, values: classifier.parameters),
            on: input, scale: classifier.input.scale, temperature: classifier.calibration.temperature)
        guard padded else { return predictions }
        let logits = (0..<data.count).flatMap { n in predictions.logits[(n * classes)..<((n + 1) * classes)] + [-Float.greatestFiniteMagnitude] }
        return Predictions(
            labels: data.labels, logits: logits, truth: data.targets, temperature: classifier.calibration.temperature, modelHasOther: false)
    }
}

enum EvaluationSplit: String, CaseIterable, ExpressibleByArgument {
    case test, train, all
}

/// The model was trained on other classes than the dataset holds.
struct LabelMismatch: Error, CustomStringConvertible {
    let model: String
    let labels: [String]
    let dataset: String
    let classes: [String]

    var description: String {
        "\(model) has labels [\(labels.joined(separator: ", "))] but \(dataset) has classes "
            + "[\(classes.joined(separator: ", "))]; evaluate on a dataset whose class folders are model labels (or \(RejectionRule.otherLabel))"
    }
}
