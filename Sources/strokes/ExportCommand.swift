import ArgumentParser
import Foundation
import StrokeExport
import StrokeModel
import CommandLineSupport

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a model for another runtime: ONNX or Core ML.",
        discussion: """
            onnx: an ONNX model (opset 13) for onnxruntime and the web, Android and desktop \
            editors. Input `input`, float [N, 1, 28, 28] holding pixel / 255 (white ink on \
            black); output `probabilities` [N, classes]; the labels are in the metadata \
            (`labels`, a JSON array).

            coreml: a Core ML neural-network classifier (.mlmodel) for the iPad editor, a drop-in \
            replacement for the one it ships: image input `drawing` (28×28 grayscale, scaled by \
            1/255 inside the model), outputs `label` and `labelProbability`.

            Both carry the model's calibration: its logits are divided by its temperature before \
            the softmax (a `Mul` node or a linear layer named `temperature`), so they give \
            `strokes predict`'s probabilities; the metadata holds `temperature`, \
            `rejection_threshold` and, for a model with an `other` class, `rejection_label` (a \
            result whose top class is `other`, or whose top probability is under the threshold, \
            is rejected: none of the shapes).

            Without --format the format follows --out's extension (.onnx or .mlmodel). The file \
            is written atomically.
            """)

    @Argument(help: "The model file (.safetensors).") var model: String
    @Option(help: "onnx or coreml (default: from --out's extension).") var format: ExportFormat?
    @Option(help: "Where to write the exported model.") var out: String

    func run() throws {
        try Console.failing {
            guard let format = format ?? ExportFormat(extensionOf: out) else {
                throw UsageError("cannot tell the format from \(out): give --format onnx or --format coreml")
            }
            let classifier = try ModelFile.read(from: URL(fileURLWithPath: model))
            let bytes: [UInt8]
            do {
                bytes = try format.encode(classifier)
            } catch {
                throw UsageError("cannot export \(model) as \(format.rawValue): \(error)")
            }
            do {
                try AtomicFile.write(bytes, to: URL(fileURLWithPath: out))
            } catch {
                throw UsageError("cannot write \(out): \(error.localizedDescription)")
            }
            Console.out("wrote \(out) (\(format.name), \(bytes.count / 1024) KB)")
        }
    }
}

enum ExportFormat: String, CaseIterable, ExpressibleByArgument {
    case onnx, coreml

    init?(extensionOf path: String) {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "onnx": self = .onnx
        case "mlmodel": self = .coreml
        default: return nil
        }
    }

    var name: String {
        switch self {
        case .onnx: "ONNX"
        case .coreml: "Core ML neural-network classifier"
        }
    }

    func encode(_ model: ClassifierModel) throws -> [UInt8] {
        switch self {
        case .onnx: try ONNXExporter.encode(model)
        case .coreml: try CoreMLExporter.encode(model)
        }
    }
}
