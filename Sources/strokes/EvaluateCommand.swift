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
            file. The dataset's class folders must match the model's labels. When DATASET has \
            train/ and test/ folders, the test images are evaluated unless --split says otherwise.
            """)

    @Argument(help: "The model file (.safetensors).") var model: String
    @Argument(help: "The dataset folder.") var dataset: String
    @Option(help: "Images to evaluate: test, train or all (default: test when DATASET has a test/ folder, else all).")
    var split: EvaluationSplit?
    @Option(help: "Images per forward batch.") var batchSize = 256
    @Option(help: "Threads for OpenBLAS and the forward loops.") var threads = 1
    @Option(help: "Write the results as JSON here.") var json: String?
    @Option(help: "Write the results as a Markdown report here.") var markdown: String?
    @OptionGroup var reports: ReportOptions

    func validate() throws {
        guard batchSize > 0 else { throw ValidationError("--batch-size must be at least 1") }
        guard threads > 0 else { throw ValidationError("--threads must be at least 1") }
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
            let predictions = Evaluator(architecture: classifier.architecture, batchSize: batchSize).predict(
                ParameterBuffer(architecture: classifier.architecture, values: classifier.parameters),
                on: data, scale: classifier.input.scale)
            let seconds = Date().timeIntervalSince(start)
            Console.info("evaluated in \(FixedDecimal(seconds, digits: 2)) s (\(Int(Double(data.count) / max(seconds, 1e-9))) images/s)")

            let report = EvaluationReport(
                predictions: predictions, paths: data.paths.map { displayPath($0, under: dataset) }, model: model, dataset: dataset, split: splitName)
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

    /// The dataset with its targets in the model's label order; fails unless the model reads
    /// 28×28 gray images and its labels are the dataset's classes.
    private func matched(_ data: Dataset, to classifier: ClassifierModel) throws -> Dataset {
        let expected = TensorShape(channels: 1, height: ImageNormalizer.side, width: ImageNormalizer.side)
        guard classifier.architecture.input == expected else {
            throw UsageError("\(model) takes inputs of shape \(classifier.architecture.input), but dataset images are \(expected); evaluate it with the tool that made it")
        }
        guard classifier.labels != data.labels else { return data }
        guard Set(classifier.labels) == Set(data.labels) else {
            throw LabelMismatch(model: model, labels: classifier.labels, dataset: dataset, classes: data.labels)
        }
        // Same classes in another order (a hand-made or imported model): follow the model's order.
        let index = Dictionary(uniqueKeysWithValues: classifier.labels.enumerated().map { ($1, $0) })
        return Dataset(
            labels: classifier.labels, images: data.images,
            targets: data.targets.map { index[data.labels[$0]]! }, paths: data.paths)
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
            + "[\(classes.joined(separator: ", "))]; evaluate on a dataset with one class folder per model label"
    }
}
