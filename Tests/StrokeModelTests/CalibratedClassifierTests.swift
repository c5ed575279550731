import Foundation
import StrokeModel
import StrokeTraining
import Testing

/// Models with and without the `other` class, a temperature and a recommended threshold: how
/// their files keep them and how the classifier uses them.
@Suite("calibrated classifier")
struct CalibratedClassifierTests {
    /// The reference network for `labels` with small seeded weights (outputs stay moderate).
    static func model(labels: [String], calibration: ModelCalibration = .none) -> ClassifierModel {
        let architecture = Architecture.reference(classes: labels.count)
        var random = SeededGenerator(seed: 9)
        let parameters = architecture.parameterSpecs.map { spec in (0..<spec.count).map { _ in random.uniform(-0.08, 0.08) } }
        return ClassifierModel(architecture: architecture, labels: labels, parameters: parameters, calibration: calibration)
    }

    static let shapes = ["arrow", "circle", "cycle"]
    static let withOther = shapes + [RejectionRule.otherLabel]

    /// Seeded 28×28 images of random ink.
    static let images: [[UInt8]] = (0..<12).map { i in
        var random = SeededGenerator(seed: 100 + UInt64(i))
        return (0..<784).map { _ in random.chance(0.15) ? UInt8(random.below(256)) : 0 }
    }

    @Test func aCalibrationIsWrittenAndReadBackAndAModelWithoutOneHasNoKey() throws {
        let calibration = ModelCalibration(
            temperature: 1.7, threshold: 0.62, fittedOn: "out-of-fold predictions of 5-fold cross-validation",
            expectedCalibrationError: 0.011, coverage: 0.993, keptAccuracy: 0.998, otherRejected: 0.97)
        let model = Self.model(labels: Self.withOther, calibration: calibration)
        let read = try ModelFile.decode(ModelFile.encode(model), source: "m")
        #expect(read == model && read.calibration == calibration && read.otherIndex == 3)

        let plain = Self.model(labels: Self.shapes)
        #expect(try SafeTensors.decode(ModelFile.encode(plain)).metadata["calibration"] == nil)
        #expect(try ModelFile.decode(ModelFile.encode(plain), source: "m").calibration == .none)
        #expect(plain.otherIndex == nil)
    }

    @Test(arguments: [
        (#"{"temperature":0}"#, "temperature must be a positive number"),
        (#"{"temperature":1,"threshold":1.5}"#, "threshold must be in 0…1"),
        (#"{"threshold":0.5}"#, "'temperature' is missing"),
        ("0.7", "expected"),
    ])
    func aBadCalibrationIsRefusedByName(_ text: String, _ reason: String) throws {
        var contents = try SafeTensors.decode(ModelFile.encode(Self.model(labels: Self.shapes)))
        contents.metadata["calibration"] = text
        do {
            _ = try ModelFile.decode(SafeTensors.encode(contents.tensors, metadata: contents.metadata), source: "m.safetensors")
            Issue.record("accepted calibration \(text)")
        } catch {
            #expect(error.description.hasPrefix("m.safetensors: "))
            #expect(error.description.contains("calibration") && error.description.contains(reason), "\(error)")
        }
    }

    @Test func theTemperatureSoftensEveryProbabilityAndChangesNoDecision() {
        let plain = StrokeClassifier(model: Self.model(labels: Self.shapes))
        let soft = StrokeClassifier(model: Self.model(labels: Self.shapes, calibration: ModelCalibration(temperature: 2.5)))
        var largestChange: Float = 0
        for image in Self.images {
            let p = plain.classify(image: image), q = soft.classify(image: image)
            #expect(p.topIndex == q.topIndex)
            // softmax(z / T) ∝ softmax(z)^(1/T)
            let powered = p.probabilities.map { powf($0, 1 / 2.5) }
            let total = powered.reduce(0, +)
            for c in 0..<3 {
                #expect(abs(q.probability(at: c) - powered[c] / total) < 1e-5)
                largestChange = max(largestChange, abs(q.probability(at: c) - p.probability(at: c)))
            }
        }
        #expect(largestChange > 1e-3, "the temperature must change the probabilities")
    }

    @Test func aDrawingWhoseTopClassIsOtherIsRejectedAndSaysSo() throws {
        let plain = StrokeClassifier(model: Self.model(labels: Self.shapes + ["scribble"]))
        let tops = Self.images.map { plain.classify(image: $0).topIndex }
        // Rename whichever output wins most often `other`: the same network, now able to refuse.
        let refused = (0..<4).max { a, b in tops.filter { $0 == a }.count < tops.filter { $0 == b }.count }!
        var labels = plain.labels
        labels[refused] = RejectionRule.otherLabel
        let open = StrokeClassifier(model: ClassifierModel(
            architecture: plain.model.architecture, labels: labels, parameters: plain.model.parameters))
        for image in Self.images {
            let result = open.classify(image: image)
            #expect(result.isOther == (result.topIndex == refused))
            #expect(result.isRejected == result.isOther, "threshold 0 rejects only `other`")
            #expect(result.label == (result.isOther ? nil : labels[result.topIndex]))
            if result.isOther { #expect(result.description.hasPrefix("rejected (none of the shapes)")) }
        }
        #expect(tops.contains(refused))
    }

    @Test func theStoredThresholdIsTheDefaultAndAGivenOneOverridesIt() {
        let model = Self.model(labels: Self.withOther, calibration: ModelCalibration(temperature: 1, threshold: 0.99))
        #expect(StrokeClassifier(model: model).rejectionThreshold == 0.99)
        #expect(StrokeClassifier(model: model, rejectionThreshold: 0.2).rejectionThreshold == 0.2)
        #expect(StrokeClassifier(model: Self.model(labels: Self.shapes)).rejectionThreshold == 0)
        // With weights this small no output reaches 0.99: everything is rejected as unsure.
        let result = StrokeClassifier(model: model).classify(image: Self.images[0])
        #expect(result.isRejected && result.label == nil && (result.isOther || result.confidence < 0.99))
    }

    @Test func aModelWithoutOtherClassifiesAsBeforeAtThresholdZero() {
        let plain = StrokeClassifier(model: Self.model(labels: Self.shapes))
        for image in Self.images {
            let result = plain.classify(image: image)
            #expect(!result.isRejected && !result.isOther && result.label == Self.shapes[result.topIndex])
        }
    }
}
