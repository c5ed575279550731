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

    static func shipped() throws -> ClassifierModel {
        try ModelFile.read(from: models.appendingPathComponent("automata-classifier.safetensors"))
    }

    @Test func theShippedONNXFileIsTheExportOfTheShippedModel() throws {
        let file = try Data(contentsOf: Self.models.appendingPathComponent("automata-classifier.onnx"))
        #expect(file == Data(try ONNXExporter.encode(try Self.shipped())), "models/automata-classifier.onnx is stale: re-export it")
    }

    @Test func theShippedCoreMLFileIsTheExportOfTheShippedModel() throws {
        let file = try Data(contentsOf: Self.models.appendingPathComponent("automata-classifier.mlmodel"))
        #expect(file == Data(try CoreMLExporter.encode(try Self.shipped())), "models/automata-classifier.mlmodel is stale: re-export it")
    }
}
