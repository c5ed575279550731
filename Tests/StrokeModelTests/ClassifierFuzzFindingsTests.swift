import Foundation
import StrokeModel
import Testing

/// Model files the model-file fuzzer (Fuzz/, `make fuzz`) found: valid files that
/// `StrokeClassifier(contentsOf:)` stopped the program on (a failed precondition) instead of
/// refusing with an error.
@Suite struct ClassifierFuzzFindingsTests {
    /// A file with this network and rasterizer, loaded as a classifier: the error, or nil.
    private func loadingError(input: TensorShape, rasterizer: RasterizerParameters) throws -> ModelFileError? {
        let architecture = try Architecture(input: input, layers: [.flatten, .dense(units: 2)])
        let model = ClassifierModel(
            architecture: architecture, labels: ["a", "b"],
            parameters: architecture.parameterSpecs.map { Array(repeating: 0.25, count: $0.count) }, rasterizer: rasterizer)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("classifier-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("model.safetensors")
        try ModelFile.write(model, to: url)
        do {
            _ = try StrokeClassifier(contentsOf: url)
            return nil
        } catch {
            #expect(error.source == url.path, "the error names the file")
            return error
        }
    }

    /// The fuzzer's input: the seed model with its rasterizer side changed from 8 to 7.
    @Test func aRasterizerSideOtherThanTheInputsIsRefused() throws {
        let error = try loadingError(input: TensorShape(channels: 1, height: 8, width: 8), rasterizer: RasterizerParameters(side: 7))
        guard case let .invalidMetadata(_, key, reason)? = error else { Issue.record("expected invalidMetadata, got \(String(describing: error))"); return }
        #expect(key == "rasterizer" && reason.contains("7×7") && reason.contains("8×8"))
    }

    @Test func aManyChannelInputIsRefused() throws {
        let error = try loadingError(input: TensorShape(channels: 2, height: 28, width: 28), rasterizer: RasterizerParameters())
        guard case let .invalidMetadata(_, key, reason)? = error else { Issue.record("expected invalidMetadata, got \(String(describing: error))"); return }
        #expect(key == "architecture" && reason.contains("2 channels"))
    }

    @Test func aMatchingSmallModelStillLoads() throws {
        #expect(try loadingError(input: TensorShape(channels: 1, height: 8, width: 8), rasterizer: RasterizerParameters(side: 8)) == nil)
    }
}
