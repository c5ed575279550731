import Foundation
import StrokeModel

/// The `metadata_props` of an exported model: what a user of the ONNX file needs besides the
/// graph, under the same names and in the same JSON as the model file's `__metadata__`.
///
/// | key | value |
/// |---|---|
/// | `format` | `strokes.classifier` (what the file holds, as in the model file) |
/// | `labels` | JSON array of class names in output order, e.g. `["arrow","circle","cycle"]` |
/// | `input_scale` | the input is `pixel × input_scale` (`0.003921569`, i.e. 1/255) |
/// | `ink` | `white-on-black`: ink is bright, background is 0 |
/// | `rasterizer` | JSON: how the editor draws pen strokes into the input image |
/// | `training` | JSON training record (absent for hand-made models) |
/// | `temperature` | the logits were divided by this before the softmax, e.g. `1.7` (absent at 1) |
/// | `rejection_threshold` | the recommended threshold: a top probability under it is rejected (absent when none) |
/// | `rejection_label` | `other` when the model has that class: choosing it means rejected (absent otherwise) |
///
/// The `doc_string` says in words what the last three mean.
struct ONNXMetadata: Equatable, Sendable {
    struct Entry: Equatable, Sendable {
        var key: String
        var value: String
    }

    /// In a fixed order, so the same model always gives the same bytes.
    var entries: [Entry]
    /// The model's `doc_string`: how to call it, in one paragraph.
    var summary: String

    init(model: ClassifierModel) throws(ONNXExportError) {
        entries = [
            Entry(key: "format", value: ModelFile.formatName),
            Entry(key: "labels", value: try Self.json(model.labels, key: "labels")),
            Entry(key: "input_scale", value: "\(model.input.scale)"),
            Entry(key: "ink", value: model.input.ink),
            Entry(key: "rasterizer", value: try Self.json(model.rasterizer, key: "rasterizer")),
        ]
        if let provenance = model.provenance {
            entries.append(Entry(key: "training", value: try Self.json(provenance, key: "training")))
        }
        let calibration = ExportCalibration(model: model)
        entries += calibration.entries.map { Entry(key: $0.key, value: $0.value) }
        let shape = model.architecture.input
        summary = """
            Stroke classifier exported by strokes. Input '\(ONNXExporter.inputName)': float32 \
            [\(ONNXExporter.batchDimension), \(shape.channels), \(shape.height), \(shape.width)], \
            pixel × \(model.input.scale) (pixels 0…255 become 0…1), \(model.input.ink). \
            Output '\(ONNXExporter.outputName)': [\(ONNXExporter.batchDimension), \(model.labels.count)] \
            softmax probabilities for \(model.labels.joined(separator: ", ")) (metadata 'labels').
            """
        // Appended, so a model without calibration keeps the doc string it always had.
        for note in [calibration.scaleNote, calibration.rejectionNote].compactMap(\.self) {
            summary += " " + note
        }
    }

    func write(to writer: inout ProtobufWriter) {
        for entry in entries {
            writer.message(ONNXSchema.Model.metadataProps) {
                $0.string(ONNXSchema.StringStringEntry.key, entry.key)
                $0.string(ONNXSchema.StringStringEntry.value, entry.value)
            }
        }
    }

    /// As the model file writes its metadata: sorted keys, non-finite numbers as strings.
    private static func json<T: Encodable>(_ value: T, key: String) throws(ONNXExportError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw .metadataNotEncodable(key: key, reason: "\(error)")
        }
    }
}
