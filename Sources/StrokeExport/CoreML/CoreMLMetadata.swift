import Foundation
import StrokeModel

/// The model's `Metadata`: a description, the author, and in `userDefined` what the editor
/// needs besides the network (the labels, how to draw strokes into the input image) and
/// where the weights came from, so a `.mlmodel` can be traced to its model file and run.
enum CoreMLMetadata {
    typealias Field = CoreMLField

    static let author = "strokes"

    static func message(for model: ClassifierModel) -> ProtobufWriter {
        var w = ProtobufWriter()
        let calibration = ExportCalibration(model: model)
        // The notes are appended, so a model without calibration keeps the description it had.
        let notes = [calibration.scaleNote, calibration.rejectionNote].compactMap(\.self)
        w.string(
            Field.Metadata.shortDescription,
            (["Classifies one pen stroke of a finite-automaton drawing as " + spoken(model.labels) + "."] + notes)
                .joined(separator: " "))
        w.string(Field.Metadata.versionString, "\(ModelFile.formatName) v\(ModelFile.formatVersion)")
        w.string(Field.Metadata.author, author)
        // Sorted keys: the same model always gives the same bytes.
        for (key, value) in userDefined(for: model).sorted(by: { $0.key < $1.key }) {
            w.message(Field.Metadata.userDefined) { entry in
                entry.string(Field.MapEntry.key, key)
                entry.string(Field.MapEntry.value, value)
            }
        }
        return w
    }

    /// Keys mirror the model file's `__metadata__` where they mean the same thing; the
    /// calibration's are the ONNX export's (`temperature`, `rejection_threshold`, `rejection_label`).
    static func userDefined(for model: ClassifierModel) -> [String: String] {
        let architecture = model.architecture
        let calibration = ExportCalibration(model: model)
        let scale = calibration.logitScale.map { _ in ["÷ temperature \(calibration.temperature)"] } ?? []
        var values = [
            "format": ModelFile.formatName,
            "format_version": String(ModelFile.formatVersion),
            "labels": json(model.labels),
            "architecture": (architecture.layers.map(\.summary) + scale + ["softmax"]).joined(separator: " → "),
            "input": "\(architecture.input.channels)×\(architecture.input.height)×\(architecture.input.width), "
                + "\(model.input.ink), pixel × \(model.input.scale)",
            // The editor must draw strokes as the training images were drawn.
            "rasterizer": json(model.rasterizer),
        ]
        if let training = model.provenance {
            values["training_dataset_fingerprint"] = training.datasetFingerprint
            values["training_dataset_images"] = String(training.datasetImages)
            values["training_seed"] = String(training.seed)
            values["training_epochs"] = String(training.epochs)
            values["training_command"] = training.command
        }
        for entry in calibration.entries { values[entry.key] = entry.value }
        return values
    }

    /// `a`, `a or b`, `a, b or c`.
    private static func spoken(_ labels: [String]) -> String {
        guard let last = labels.last, labels.count > 1 else { return labels.first ?? "" }
        return labels.dropLast().joined(separator: ", ") + " or " + last
    }

    private static func json<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Labels and rasterizer parameters are plain strings and finite numbers: encoding cannot fail.
        return String(decoding: try! encoder.encode(value), as: UTF8.self)
    }
}
