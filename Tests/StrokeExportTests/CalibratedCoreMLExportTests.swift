import Foundation
import StrokeModel
import Testing
@testable import StrokeExport

/// The Core ML export of a calibrated model with an `other` class: a linear activation
/// (alpha 1/temperature) before the softmax, so the layers give `strokes predict`'s
/// probabilities, and metadata that says when a result is rejected.
///
/// Field numbers are written out again from Apple's NeuralNetwork.proto and Model.proto
/// (coremltools `mlmodel/format/`), not taken from the exporter.
@Suite struct CalibratedCoreMLExportTests {
    typealias Fixture = CalibratedExportFixture

    static func userDefined(_ metadata: ProtobufFields) throws -> [String: String] {
        var values: [String: String] = [:]
        for entry in try metadata.messages(100) { values[entry.string(1) ?? ""] = entry.string(2) }
        return values
    }

    @Test func aLinearLayerMultipliesTheLogitsByOneOverTheTemperature() throws {
        let model = try Fixture.model()
        let classifier = try #require(try ProtobufFields(CoreMLExporter.encode(model)).message(403))
        let layers = try classifier.messages(1)
        #expect(layers.count == model.architecture.layers.count + 2, "every layer, the scale, the softmax")
        let dense = layers[layers.count - 3], scale = layers[layers.count - 2], softmax = layers[layers.count - 1]
        // NeuralNetworkLayer.activation = 130 → ActivationParams.linear = 5 → ActivationLinear alpha = 1, beta = 2
        let linear = try #require(try scale.message(130)?.message(5), "a linear activation")
        #expect(linear.floats(1).map(\.bitPattern) == [(1 / Fixture.temperature).bitPattern], "StrokeClassifier's own factor")
        #expect(linear.floats(2).allSatisfy { $0 == 0 }, "beta 0")
        // input = 2, output = 3: last dense → scale → softmax (175)
        #expect(scale[2].map(CoreMLExportTests.text) == dense[3].map(CoreMLExportTests.text))
        #expect(softmax[2].map(CoreMLExportTests.text) == scale[3].map(CoreMLExportTests.text))
        #expect(softmax[175].count == 1)
    }

    @Test func theMetadataStatesTheTemperatureAndTheRejectionRule() throws {
        let description = try #require(try ProtobufFields(CoreMLExporter.encode(try Fixture.model())).message(2))
        // ModelDescription.metadata = 100 → Metadata shortDescription = 1, userDefined = 100
        let metadata = try #require(try description.message(100))
        let values = try Self.userDefined(metadata)
        #expect(values["temperature"] == "1.7")
        #expect(values["rejection_threshold"] == "0.8")
        #expect(values["rejection_label"] == "other")
        #expect(values["architecture"]?.hasSuffix("dense 4 → ÷ temperature 1.7 → softmax") == true, "\(values["architecture"] ?? "")")
        let text = try #require(metadata.string(1))
        #expect(text.contains("Rejected, none of the shapes") && text.contains("'other'") && text.contains("under 0.8"), "\(text)")
        // ModelDescription.output = 10 → FeatureDescription name = 1, shortDescription = 2
        let label = try #require(try description.messages(10).first { $0.string(1) == "label" })
        #expect(label.string(2)?.contains("'other' means rejected") == true)
    }

    /// Temperature 1 writes no scale layer, so old exports keep their layers.
    @Test func aTemperatureOfOneWritesNoScale() throws {
        var model = try Fixture.model()
        model.calibration = ModelCalibration(temperature: 1, threshold: Fixture.threshold)
        #expect(CoreMLLayers.messages(for: model, input: "drawing") == CoreMLLayers.messages(for: Fixture.unscaled(model), input: "drawing"))
        #expect(CoreMLMetadata.userDefined(for: model)["temperature"] == nil)
    }

    @Test func anImpossibleCalibrationIsRefused() throws {
        var model = try Fixture.model()
        model.calibration = ModelCalibration(temperature: -1)
        #expect(throws: CoreMLExportError.invalidCalibration(reason: "temperature -1.0 is not a positive number")) {
            try CoreMLExporter.encode(model)
        }
    }

    @Test func theLayersGiveTheCalibratedProbabilitiesAndTheSameRejections() async throws {
        let model = try Fixture.model()
        let verdict = try await CoreMLExportTests.check(corruption: "none", model: model)
        #expect(verdict.interfaceProblems.isEmpty, "\(verdict.interfaceProblems)")
        #expect(verdict.labelProblems.isEmpty, "\(verdict.labelProblems)")
        #expect(verdict.probabilityProblems.isEmpty, "\(verdict.probabilityProblems)")
        #expect(verdict.maxDifference <= Fixture.tolerance)
        let readBack = try #require(verdict.readBack)

        // Without the scale the file would be this far off: the check above would catch it.
        let unscaled = Fixture.maxDifference(readBack.probabilities, Fixture.classify(try Fixture.images(), with: Fixture.unscaled(model)))
        #expect(unscaled > Fixture.scaleEffect, "the unscaled softmax is only \(unscaled) away")

        // The rule as coremltools reads the metadata.
        let problems = Fixture.rejectionProblems(
            readBack.probabilities, metadata: readBack.userDefined, labels: readBack.classLabels, reference: verdict.reference)
        #expect(problems.isEmpty, "\(problems)")
        print("calibrated Core ML export: \(verdict.images) images, max |Δp| to StrokeClassifier \(verdict.maxDifference), to the unscaled softmax \(unscaled)")
    }
}
