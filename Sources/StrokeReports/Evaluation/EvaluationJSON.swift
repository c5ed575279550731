import Foundation
import StrokeTraining

/// The JSON form of an evaluation (`strokes evaluate --json`, and the `evaluation` of a run
/// report's `metrics.json`, whose calibration figures are at its top level instead), read
/// back by `strokes notebook`.
extension EvaluationReport: Codable {
    /// Pretty-printed, keys sorted: the same evaluation always gives the same bytes.
    /// Throws only if Foundation's encoder fails.
    package func json() throws -> String {
        String(decoding: try ReportJSON.encoder.encode(self), as: UTF8.self) + "\n"
    }

    // snake_case keys for Python and jq users.
    enum CodingKeys: String, CodingKey {
        case model, dataset, split, labels, images, correct, accuracy, loss, confusions, misclassified
        case confusionMatrix = "confusion_matrix", perClass = "per_class"
    }

    package func encode(to encoder: any Encoder) throws {
        try encodeWithoutCalibration(to: encoder)
        try encodeCalibrationFigures(to: encoder)
    }

    /// Every key but the calibration figures (`CalibrationKeys`).
    func encodeWithoutCalibration(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(model, forKey: .model)
        try c.encode(dataset, forKey: .dataset)
        try c.encodeIfPresent(split, forKey: .split)
        try c.encode(labels, forKey: .labels)
        try c.encode(images, forKey: .images)
        try c.encode(correct, forKey: .correct)
        try c.encode(accuracy, forKey: .accuracy)
        try c.encode(loss, forKey: .loss)
        try c.encode(confusion.counts, forKey: .confusionMatrix)
        // Keyed by label, so `.per_class.cycle.recall` works in jq.
        try c.encode(Dictionary(uniqueKeysWithValues: perClass.map { ($0.label, $0) }), forKey: .perClass)
        try c.encode(confusions, forKey: .confusions)
        try c.encode(misclassified, forKey: .misclassified)
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        model = try c.decode(String.self, forKey: .model)
        dataset = try c.decode(String.self, forKey: .dataset)
        split = try c.decodeIfPresent(String.self, forKey: .split)
        let labels = try c.decode([String].self, forKey: .labels)
        let counts = try c.decode([[Int]].self, forKey: .confusionMatrix)
        guard counts.count == labels.count, counts.allSatisfy({ $0.count == labels.count }) else {
            throw DecodingError.dataCorruptedError(
                forKey: .confusionMatrix, in: c, debugDescription: "not a \(labels.count)×\(labels.count) matrix")
        }
        confusion = ConfusionMatrix(labels: labels, counts: counts)
        loss = try c.decode(Double.self, forKey: .loss)
        let byLabel = try c.decode([String: ClassMetrics].self, forKey: .perClass)
        perClass = try labels.map { label in
            guard let metrics = byLabel[label] else {
                throw DecodingError.dataCorruptedError(forKey: .perClass, in: c, debugDescription: "no entry for \(label)")
            }
            return metrics.labelled(label)
        }
        confusions = try c.decode([Confusion].self, forKey: .confusions)
        misclassified = try c.decode([Misclassified].self, forKey: .misclassified)
        try decodeCalibrationFigures(from: decoder)
    }
}

extension EvaluationReport.ClassMetrics {
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            label: "", precision: try c.decode(Double.self, forKey: .precision),
            recall: try c.decode(Double.self, forKey: .recall), f1: try c.decode(Double.self, forKey: .f1),
            support: try c.decode(Int.self, forKey: .support))
    }

    func labelled(_ label: String) -> Self {
        Self(label: label, precision: precision, recall: recall, f1: f1, support: support)
    }
}

/// The one JSON style of every report file.
enum ReportJSON {
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // A broken model can produce NaN probabilities; plain JSON has no NaN.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }
}
