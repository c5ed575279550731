import Foundation
import StrokeModel
import StrokeTraining

/// Every figure of one `strokes train` or `strokes evaluate` run: what `metrics.json` holds.
///
/// The report folder's other files (Markdown, CSV, SVG plots) and the notebook are all
/// rendered from this value, and `strokes notebook` reads it back from `metrics.json`, so
/// every rendering shows the same numbers.
public struct RunReport: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable { case training, evaluation }

    /// One epoch of a training run.
    public struct Epoch: Codable, Sendable, Equatable {
        public var epoch: Int
        public var learningRate: Double
        public var trainLoss: Double
        public var trainAccuracy: Double
        public var validationLoss: Double?
        public var validationAccuracy: Double?
    }

    /// One fold of a cross-validation: trained on the other folds, scored on this one.
    public struct Fold: Codable, Sendable, Equatable {
        public var fold: Int
        public var images: Int
        public var accuracy: Double
        public var loss: Double
        public var history: [Epoch]
    }

    public struct CrossValidation: Codable, Sendable, Equatable {
        public var folds: [Fold]
        public var meanAccuracy: Double
        public var worstAccuracy: Double
    }

    /// A dataset the run read; for a mixture, each source (the primary first).
    public struct Dataset: Codable, Sendable, Equatable {
        public var path: String
        public var images: Int
        /// As given on the command line (`1x`, `500`), for mixtures.
        public var share: String?
        public var imagesPerEpoch: Int?
        public var fingerprint: String?

        public init(path: String, images: Int, share: String? = nil, imagesPerEpoch: Int? = nil, fingerprint: String? = nil) {
            self.path = path
            self.images = images
            self.share = share
            self.imagesPerEpoch = imagesPerEpoch
            self.fingerprint = fingerprint
        }
    }

    public struct Model: Codable, Sendable, Equatable {
        /// The model file, when one was read or written.
        public var path: String?
        public var labels: [String]
        public var network: String
        public var parameters: Int

        public init(path: String?, labels: [String], network: String, parameters: Int) {
            self.path = path
            self.labels = labels
            self.network = network
            self.parameters = parameters
        }
    }

    /// How the model was trained, as its file records it.
    public struct Recipe: Codable, Sendable, Equatable {
        public var epochs: Int
        public var batchSize: Int
        public var optimizer: String
        public var learningRate: Double
        public var weightDecay: Double
        public var schedule: String
        public var augmentation: String
        public var seed: UInt64
        public var threads: Int
    }

    /// Tells readers of `metrics.json` what they hold.
    public var format = "strokes-run-report"
    public var version = 1
    public var kind: Kind
    /// The command line, without the program name.
    public var command: String
    public var model: Model
    public var recipe: Recipe?
    public var datasets: [Dataset]
    /// The (final) model's own epochs; empty for an evaluation.
    public var history: [Epoch]
    /// The epoch whose weights were kept, when a validation split chose one.
    public var keptEpoch: Int?
    public var crossValidation: CrossValidation?
    /// The predictions the confusion matrix describes; its `split` says which images they are
    /// (held-out folds, a validation split, a test set, or the training images themselves).
    /// Its calibration figures are written at the top level of `metrics.json` (RunReportJSON.swift).
    public var evaluation: EvaluationReport?

    enum CodingKeys: String, CodingKey {
        case format, version, kind, command, model, recipe, datasets, history, evaluation
        case keptEpoch = "kept_epoch", crossValidation = "cross_validation"
    }

    public init(
        kind: Kind, command: String, model: Model, recipe: Recipe? = nil, datasets: [Dataset],
        history: [Epoch] = [], keptEpoch: Int? = nil, crossValidation: CrossValidation? = nil,
        evaluation: EvaluationReport?
    ) {
        self.kind = kind
        self.command = command
        self.model = model
        self.recipe = recipe
        self.datasets = datasets
        self.history = history
        self.keptEpoch = keptEpoch
        self.crossValidation = crossValidation
        self.evaluation = evaluation
    }

    /// `metrics.json`: pretty-printed, keys sorted, so the same run gives the same bytes.
    public func json() throws -> String {
        String(decoding: try ReportJSON.encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// Reads `metrics.json` back; a file of another kind is refused by name.
    public static func read(_ data: Data, from path: String) throws -> RunReport {
        let report: RunReport
        do {
            report = try ReportJSON.decoder.decode(RunReport.self, from: data)
        } catch {
            throw ReportFileError(path: path, problem: "is not a strokes run report (\(Self.describe(error)))")
        }
        guard report.format == "strokes-run-report" else {
            throw ReportFileError(path: path, problem: "has format \"\(report.format)\", not strokes-run-report")
        }
        guard report.version == 1 else {
            throw ReportFileError(path: path, problem: "is version \(report.version) of the run report; this tool reads version 1")
        }
        return report
    }

    /// A decoding error as one short phrase naming where it happened.
    private static func describe(_ error: any Error) -> String {
        let where_: ([any CodingKey]) -> String = { path in
            path.isEmpty ? "at the top level" : "at " + path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case DecodingError.keyNotFound(let key, let context): return "missing \(key.stringValue) \(where_(context.codingPath))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
             DecodingError.dataCorrupted(let context):
            return "\(context.debugDescription) \(where_(context.codingPath))"
        default: return "\(error)"
        }
    }
}

/// A report file that cannot be read, named with its problem.
public struct ReportFileError: Error, CustomStringConvertible {
    public let path: String
    public let problem: String
    public var description: String { "\(path) \(problem)" }
}

// Keys in snake_case, for Python and jq users, like the rest of the JSON.
extension RunReport.Epoch {
    enum CodingKeys: String, CodingKey {
        case epoch
        case learningRate = "learning_rate", trainLoss = "train_loss", trainAccuracy = "train_accuracy"
        case validationLoss = "validation_loss", validationAccuracy = "validation_accuracy"
    }
}

extension RunReport.Fold {
    enum CodingKeys: String, CodingKey { case fold, images, accuracy, loss, history }
}

extension RunReport.CrossValidation {
    enum CodingKeys: String, CodingKey {
        case folds
        case meanAccuracy = "mean_accuracy", worstAccuracy = "worst_accuracy"
    }
}

extension RunReport.Dataset {
    enum CodingKeys: String, CodingKey {
        case path, images, share, fingerprint
        case imagesPerEpoch = "images_per_epoch"
    }
}

extension RunReport.Recipe {
    enum CodingKeys: String, CodingKey {
        case epochs, optimizer, schedule, augmentation, seed, threads
        case batchSize = "batch_size", learningRate = "learning_rate", weightDecay = "weight_decay"
    }
}
