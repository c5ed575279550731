import Foundation
import StrokeModel
import Testing
@testable import StrokeExport

/// The ONNX export of a calibrated model with an `other` class: a Mul by 1/temperature before
/// the Softmax, so onnxruntime gives `strokes predict`'s probabilities, and metadata from which
/// a runtime can tell a rejected stroke as the classifier does.
@Suite("Calibrated ONNX export", .serialized)
struct CalibratedONNXExportTests {
    typealias Fixture = CalibratedExportFixture

    @Test func theLogitsAreMultipliedByOneOverTheTemperatureBeforeTheSoftmax() throws {
        let graph = try #require(try ProtobufFields(ONNXExporter.encode(try Fixture.model())).message(7))
        // GraphProto node = 1 → NodeProto input = 1, output = 2, op_type = 4
        let nodes = try graph.messages(1)
        #expect(nodes.suffix(3).map { $0.string(4) } == ["Gemm", "Mul", "Softmax"])
        let gemm = nodes[nodes.count - 3], mul = nodes[nodes.count - 2], softmax = nodes[nodes.count - 1]
        #expect(ONNXExportTests.strings(mul, 1) == ONNXExportTests.strings(gemm, 2) + ["temperature.inverse"])
        #expect(ONNXExportTests.strings(softmax, 1) == ONNXExportTests.strings(mul, 2))
        // initializer = 5 → TensorProto dims = 1, data_type = 2, name = 8, raw_data = 9
        let scale = try #require(try graph.messages(5).first { $0.string(8) == "temperature.inverse" })
        #expect(try scale.ints(1).isEmpty, "a scalar: no dims")
        #expect(scale.int(2) == 1, "FLOAT")
        #expect(scale.floats(9).map(\.bitPattern) == [(1 / Fixture.temperature).bitPattern], "StrokeClassifier's own factor")
    }

    @Test func theMetadataStatesTheTemperatureAndTheRejectionRule() throws {
        let file = try ProtobufFields(ONNXExporter.encode(try Fixture.model()))
        let metadata = try ONNXExportTests.metadata(file)
        #expect(metadata["temperature"] == "1.7")
        #expect(metadata["rejection_threshold"] == "0.8")
        #expect(metadata["rejection_label"] == "other")
        // ModelProto doc_string = 6
        let doc = try #require(file.string(6))
        #expect(doc.contains("divided by the temperature 1.7"), "\(doc)")
        #expect(doc.contains("Rejected, none of the shapes") && doc.contains("'other'") && doc.contains("under 0.8"), "\(doc)")
        // GraphProto output = 12 → ValueInfoProto doc_string = 3
        let output = try #require(try file.message(7)?.messages(12).first)
        #expect(output.string(3)?.contains("'other'") == true, "the output says which class means rejected")
    }

    /// Temperature 1 writes no scale, so old exports keep their graph; the other keys still apply.
    @Test func aTemperatureOfOneWritesNoScale() throws {
        var model = try Fixture.model()
        model.calibration = ModelCalibration(temperature: 1, threshold: Fixture.threshold)
        let graph = try ONNXGraph(model: model), plain = try ONNXGraph(model: Fixture.unscaled(model))
        #expect(graph.nodes == plain.nodes && graph.initializers == plain.initializers)
        #expect(!graph.nodes.contains { $0.opType == "Mul" })
        let metadata = try ONNXExportTests.metadata(ProtobufFields(ONNXExporter.encode(model)))
        #expect(metadata["temperature"] == nil && metadata["rejection_threshold"] == "0.8" && metadata["rejection_label"] == "other")
    }

    @Test func anImpossibleCalibrationIsRefused() throws {
        var model = try Fixture.model()
        model.calibration = ModelCalibration(temperature: 0)
        #expect(throws: ONNXExportError.invalidCalibration(reason: "temperature 0.0 is not a positive number")) {
            try ONNXExporter.encode(model)
        }
        model.calibration = ModelCalibration(temperature: 2, threshold: 1.5)
        #expect(throws: ONNXExportError.invalidCalibration(reason: "rejection threshold 1.5 is not in 0…1")) {
            try ONNXExporter.encode(model)
        }
    }

    @Test func onnxruntimeGivesTheCalibratedProbabilitiesAndTheSameRejections() async throws {
        let model = try Fixture.model()
        let images = try Fixture.images()
        let verdict = try await ONNXExportTests.verdict(on: ONNXExporter.encode(model), images: images, reference: model)
        #expect(verdict.checkerError == nil)
        #expect(verdict.labelsError == nil)
        #expect(verdict.maxDifference <= Fixture.tolerance, "max abs difference \(verdict.maxDifference)")

        // Without the scale the file would be this far off: the check above would catch it.
        let unscaled = Fixture.maxDifference(verdict.probabilities, Fixture.classify(images, with: Fixture.unscaled(model)))
        #expect(unscaled > Fixture.scaleEffect, "the unscaled softmax is only \(unscaled) away")

        let reference = Fixture.classify(images, with: model)
        let problems = Fixture.rejectionProblems(verdict.probabilities, metadata: verdict.metadata, labels: model.labels, reference: reference)
        #expect(problems.isEmpty, "\(problems)")
        print("calibrated ONNX export: \(images.count) images, max |Δp| to StrokeClassifier \(verdict.maxDifference), to the unscaled softmax \(unscaled)")
    }
}
