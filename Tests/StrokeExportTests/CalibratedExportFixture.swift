import Foundation
import StrokeModel
import StrokeTraining
import Testing

/// What the calibrated-export tests share: a classifier with four classes, the last `other`,
/// a temperature of 1.7 and a recommended threshold, and how to judge an export's
/// probabilities and metadata against `StrokeClassifier`.
///
/// The weights are seeded, not the shipped model's: the shipped file is retrained, and these
/// tests must not depend on what it learns.
enum CalibratedExportFixture {
    static let temperature: Float = 1.7
    /// High enough that a stroke whose top class is a shape can still be rejected: with an
    /// `other` class the threshold applies to 1 − p(other), which is over 0.5 whenever a shape wins.
    static let threshold: Float = 0.8
    static let labels = ["arrow", "circle", "cycle", "other"]
    /// The largest difference to `StrokeClassifier` that still counts as the same model.
    static let tolerance = 1e-5
    /// How far the unscaled softmax must be from the scaled one on some image: far above
    /// `tolerance`, so a file without the scale fails the probability check.
    static let scaleEffect = 1e-3

    /// What `other`'s logit has over the mean of the shapes' logits: it wins where they are close.
    static let otherMargin: Float = 0.8

    /// A small network of the shipped kind (conv, pool, two dense layers), uniform weights
    /// scaled by fan-in so the logits spread over a few units, as a trained model's do. The
    /// `other` logit is the mean of the three shapes' plus `otherMargin`, so `other` wins on
    /// the strokes the network cannot tell apart, as in a trained model.
    static func model() throws -> ClassifierModel {
        let architecture = try Architecture(input: TensorShape(channels: 1, height: 28, width: 28), layers: [
            .conv(filters: 6, kernel: 5, padding: 2), .relu, .maxPool(size: 4),
            .flatten, .dense(units: 16), .relu, .dense(units: labels.count),
        ])
        var random = SeededGenerator(seed: 17)
        var parameters = architecture.parameterSpecs.map { spec in
            let fanIn = spec.kind == .weight ? spec.count / spec.shape[0] : 1
            let bound = spec.kind == .weight ? Float(3 / Double(fanIn).squareRoot()) : 0.2
            return (0..<spec.count).map { _ in Float.random(in: -bound...bound, using: &random) }
        }
        // The last dense layer: weight [4, 16] then bias [4]; row 3 is `other`.
        let (weight, bias) = (parameters.count - 2, parameters.count - 1)
        let inputs = parameters[weight].count / labels.count
        for i in 0..<inputs {
            parameters[weight][3 * inputs + i] = (0..<3).map { parameters[weight][$0 * inputs + i] }.reduce(0, +) / 3
        }
        parameters[bias][3] = parameters[bias][0..<3].reduce(0, +) / 3 + otherMargin
        return ClassifierModel(
            architecture: architecture, labels: labels, parameters: parameters,
            calibration: ModelCalibration(temperature: temperature, threshold: threshold))
    }

    /// The same network without calibration: the softmax an export that forgot the scale gives.
    static func unscaled(_ model: ClassifierModel) -> ClassifierModel {
        var plain = model
        plain.calibration = .none
        return plain
    }

    /// The Core ML tests' real images (20 of each class), one array of pixels per image.
    static func images() throws -> [[UInt8]] {
        let dataset = try CoreMLExportTests.loadImages()
        return (0..<dataset.count).map(dataset.image)
    }

    static func classify(_ images: [[UInt8]], with model: ClassifierModel) -> [Classification] {
        let classifier = StrokeClassifier(model: model)
        return images.map { classifier.classify(image: $0) }
    }

    /// The largest difference between an export's probabilities and `reference`'s.
    static func maxDifference(_ probabilities: [[Double]], _ reference: [Classification]) -> Double {
        guard probabilities.count == reference.count else { return .infinity }
        return zip(probabilities, reference).map { theirs, ours in
            let mine = ours.probabilities.map(Double.init)
            guard theirs.count == mine.count else { return .infinity }
            return zip(theirs, mine).map { abs($0 - $1) }.max() ?? 0
        }.max() ?? 0
    }

    /// The images where the rule the file's metadata states (the top class is `rejection_label`,
    /// or 1 − p(`rejection_label`), else the top probability, is under `rejection_threshold`)
    /// decides otherwise than `StrokeClassifier`. A score within 1e-4 of the threshold is not
    /// judged: float rounding may tip it either way.
    static func rejectionProblems(
        _ probabilities: [[Double]], metadata: [String: String], labels: [String], reference: [Classification]
    ) -> [String] {
        guard probabilities.count == reference.count else { return ["\(probabilities.count) results for \(reference.count) images"] }
        let otherIndex = metadata["rejection_label"].flatMap { labels.firstIndex(of: $0) }
        let threshold = metadata["rejection_threshold"].flatMap(Double.init) ?? 0
        var problems: [String] = []
        for (index, (theirs, ours)) in zip(probabilities, reference).enumerated() {
            // The first most probable class, as `Classification` takes it.
            guard var top = theirs.indices.first else { problems.append("image \(index): no probabilities"); continue }
            for c in theirs.indices where theirs[c] > theirs[top] { top = c }
            let score = otherIndex.map { 1 - theirs[$0] } ?? theirs[top]
            if abs(score - threshold) < 1e-4 { continue }
            let rejected = top == otherIndex || score < threshold
            if rejected != ours.isRejected {
                problems.append("image \(index): the file's rule says \(rejected ? "rejected" : "kept"), StrokeClassifier \(ours.isRejected ? "rejected" : "kept")")
            }
        }
        return problems
    }
}

/// The fixture itself: the images must reach every branch of the rejection rule, or the
/// rejection checks would prove little.
@Suite struct CalibratedExportFixtureTests {
    @Test func theImagesReachEveryBranchOfTheRejectionRule() throws {
        let results = CalibratedExportFixture.classify(try CalibratedExportFixture.images(), with: try CalibratedExportFixture.model())
        let other = results.filter(\.isOther).count
        let underThreshold = results.filter { $0.isRejected && !$0.isOther }.count
        let kept = results.filter { !$0.isRejected }.count
        print("calibrated fixture: \(results.count) images, \(other) other, \(underThreshold) under the threshold, \(kept) kept")
        #expect(other > 0 && underThreshold > 0 && kept > 0)
    }
}
