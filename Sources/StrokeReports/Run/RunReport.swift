import Foundation
import StrokeModel
import StrokeTraining

/// Every figure of one `strokes train` or `strokes evaluate` run: what `metrics.json` holds.
///
/// The report folder's other files (Markdown, CSV, SVG plots) and the notebook are all
/// rendered from this value, and `strokes notebook` reads it back from `metrics.json`, so
/// every rendering shows the same numbers.
package struct RunReport: Codable, Sendable, Equatable {
    package enum Kind: String, Codable, Sendable { case training, evaluation }

    /// One epoch of a training run.
    package struct Epoch: Codable, Sendable, Equatable {
        package var epoch: Int
        package var learningRate: Double
        package var trainLoss: Double
        package var trainAccuracy: Double
        package var validationLoss: Double?
        package var validationAccuracy: Double?
    }

    /// One fold of a cross-validation: trained on the other folds, scored on this one.
    package struct Fold: Codable, Sendable, Equatable {
        package var fold: Int
        package var images: Int
        package var accuracy: Double
        package var loss: Double
        package var history: [Epoch]
    }

    package struct CrossValidation: Codable, Sendable, Equatable {
        package var folds: [Fold]
        package var meanAccuracy: Double
        package var worstAccuracy: Double
    }

    /// A dataset the run read; for a mixture, each source (the primary first).
    package struct Dataset: Codable, Sendable, Equatable {
        package var path: String
        package var images: Int
        /// As given on the command line (`1x`, `500`), for mixtures.
        package var share: String?
        package var imagesPerEpoch: Int?
        package var fingerprint: String?

        package init(path: String, images: Int, share: String? = nil, imagesPerEpoch: Int? = nil, fingerprint: String? = nil) {
            self.path = path
            self.images = images
            self.share = share
            self.imagesPerEpoch = imagesPerEpoch
            self.fingerprint = fingerprint
        }
    }

    package struct Model: Codable, Sendable, Equatable {
        /// The model file, when one was read or written.
        package var path: String?
        package var labels: [String]
        package var network: String
        package var parameters: Int

        package init(path: String?, labels: [String], network: String, parameters: Int) {
            self.path = path
            self.labels = labels
            self.network = network
            self.parameters = parameters
        }
    }

    /// How the model was trained, as its file records it.
    package struct Recipe: Codable, Sendable, Equatable {
        package var epochs: Int
        package var batchSize: Int
        package var optimizer: String
        package var learningRate: Double
        package var weightDecay: Double
        package var schedule: String
        package var augmentation: String
        package var seed: UInt64
        package var threads: Int
    }

    /// Tells readers of `metrics.json` what they hold.
    package var format = "strokes-run-report"
    package var version = 1
    package var kind: Kind
    /// The command line, without the program name.
    package var command: String
    package var model: Model
    package var recipe: Recipe?
    package var datasets: [Dataset]
    /// The (final) model's own epochs; empty for an evaluation.
    package var history: [Epoch]
    /// The epoch whose weights were kept, when a validation split chose one.
    package var keptEpoch: Int?
    package var crossValidation: CrossValidation?
    /// The predictions the confusion matrix describes; its `split` says which images they are
    /// (held-out folds, a validation split, a test set, or the training images themselves).
    /// Its calibration figures are written at the top level of `metrics.json` (RunReportJSON.swift).
    package var evaluation: EvaluationReport?

    enum CodingKeys: String, CodingKey {
        case format, version, kind, command, model, recipe, datasets, history, evaluation
        case keptEpoch = "kept_epoch", crossValidation = "cross_validation"
    }

    package init(
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
    package func json() throws -> String {
        String(decoding: try ReportJSON.encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// Reads `metrics.json` back; a file of another kind is refused by name.
    package static func read(_ data: Data, from path: String) throws -> RunReport {
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
package struct ReportFileError: Error, CustomStringConvertible {
    package let path: String
    package let problem: String
    package var description: String { "\(path) \(problem)" }
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
