import Foundation
import StrokeExport
import StrokeModel
import Testing

/// The ONNX and Core ML files in models/ are the exports of the shipped safetensors file as
/// this code writes them today, so the independent checks of fresh exports cover them too.
/// `make train` re-exports them after training.
@Suite struct ShippedExportsTests {
    static let models = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("models")

    static func shipped(_ name: String) throws -> ClassifierModel {
        try ModelFile.read(from: models.appendingPathComponent("\(name).safetensors"))
    }

    @Test(arguments: ["automata-classifier", "symbol-classifier"])
    func theShippedONNXFileIsTheExportOfTheShippedModel(_ name: String) throws {
        let file = try Data(contentsOf: Self.models.appendingPathComponent("\(name).onnx"))
        #expect(file == Data(try ONNXExporter.encode(try Self.shipped(name))), "models/\(name).onnx is stale: re-export it")
    }

    @Test(arguments: ["automata-classifier", "symbol-classifier"])
    func theShippedCoreMLFileIsTheExportOfTheShippedModel(_ name: String) throws {
        let file = try Data(contentsOf: Self.models.appendingPathComponent("\(name).mlmodel"))
        #expect(file == Data(try CoreMLExporter.encode(try Self.shipped(name))), "models/\(name).mlmodel is stale: re-export it")
    }
}
