import Foundation

/// The JSON rendering of an evaluation (`strokes evaluate --json`).
extension EvaluationReport {
    /// Pretty-printed, keys sorted: the same evaluation always gives the same bytes.
    /// Throws only if Foundation's encoder fails.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // A broken model can produce NaN probabilities; plain JSON has no NaN.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(EvaluationJSON(self)), as: UTF8.self) + "\n"
    }
}

/// The JSON document's shape; snake_case keys for Python and jq users.
private struct EvaluationJSON: Encodable {
    struct ClassJSON: Encodable {
        let precision, recall, f1: Double
        let support: Int
    }

    struct ConfusionJSON: Encodable {
        let truth, predicted: String
        let count: Int
        enum CodingKeys: String, CodingKey { case truth = "true", predicted, count }
    }

    struct MisclassifiedJSON: Encodable {
        let path, truth, predicted: String
        let confidence: Double
        enum CodingKeys: String, CodingKey { case path, truth = "true", predicted, confidence }
    }

    let model, dataset: String
    let split: String?
    let labels: [String]
    let images, correct: Int
    let accuracy, loss: Double
    let confusionMatrix: [[Int]]
    /// Keyed by label, so `.per_class.cycle.recall` works in jq.
    let perClass: [String: ClassJSON]
    let confusions: [ConfusionJSON]
    let misclassified: [MisclassifiedJSON]

    enum CodingKeys: String, CodingKey {
        case model, dataset, split, labels, images, correct, accuracy, loss, confusions, misclassified
        case confusionMatrix = "confusion_matrix", perClass = "per_class"
    }

    init(_ r: EvaluationReport) {
        model = r.model
        dataset = r.dataset
        split = r.split
        labels = r.labels
        images = r.images
        correct = r.correct
        accuracy = r.accuracy
        loss = r.loss
        confusionMatrix = r.confusion.counts
        perClass = Dictionary(uniqueKeysWithValues: r.perClass.map {
            ($0.label, ClassJSON(precision: $0.precision, recall: $0.recall, f1: $0.f1, support: $0.support))
        })
        confusions = r.confusions.map { ConfusionJSON(truth: $0.truth, predicted: $0.predicted, count: $0.count) }
        misclassified = r.misclassified.map {
            MisclassifiedJSON(path: $0.path, truth: $0.truth, predicted: $0.predicted, confidence: $0.confidence)
        }
    }
}
