import Foundation
import StrokeModel

/// A model's outputs on every image of a dataset.
public struct Predictions: Sendable {
    public let labels: [String]
    /// `[count, classes]` network outputs before any temperature: what calibration is fitted on.
    public let logits: [Float]
    /// `[count, classes]` softmax probabilities of `logits / temperature`.
    public let probabilities: [Float]
    public let predicted: [Int]
    public let truth: [Int]
    /// Mean cross-entropy of `probabilities` against the true classes.
    public let loss: Float
    /// The temperature `probabilities` were computed with (1: none).
    public let temperature: Float
    /// False when the `other` label was added for the data's sake (a model without the class,
    /// evaluated on `other` strokes): its column is always 0, and the model can reject them
    /// only by the threshold on its top probability.
    public let modelHasOther: Bool

    /// Predictions from logits: probabilities, decisions and loss follow from them.
    public init(labels: [String], logits: [Float], truth: [Int], temperature: Float = 1, modelHasOther: Bool = true) {
        let classes = labels.count
        precondition(logits.count == truth.count * classes, "one row of logits per image")
        precondition(temperature > 0 && temperature.isFinite, "a temperature is a positive number")
        var probabilities = [Float](repeating: 0, count: logits.count)
        var predicted = [Int](repeating: 0, count: truth.count)
        var loss: Float = 0
        var scaled = [Float](repeating: 0, count: classes)
        let inverse = 1 / temperature
        probabilities.withUnsafeMutableBufferPointer { out in
            for n in truth.indices {
                // Times 1/T, as `StrokeClassifier` scales, so both give the same bits.
                for c in 0..<classes { scaled[c] = logits[n * classes + c] * inverse }
                Softmax.run(scaled, batch: 1, classes: classes, output: out.baseAddress! + n * classes)
                var best = 0
                for c in 1..<classes where out[n * classes + c] > out[n * classes + best] { best = c }
                predicted[n] = best
                loss -= logf(max(out[n * classes + truth[n]], 1e-30))
            }
        }
        self.init(labels: labels, logits: logits, probabilities: probabilities, predicted: predicted, truth: truth,
                  loss: truth.isEmpty ? 0 : loss / Float(truth.count), temperature: temperature, modelHasOther: modelHasOther)
    }

    /// Predictions known only as probabilities (hand-made ones): the logits are their logarithms,
    /// which give back the same probabilities.
    public init(labels: [String], probabilities: [Float], predicted: [Int], truth: [Int], loss: Float) {
        self.init(labels: labels, logits: probabilities.map { logf(max($0, 1e-30)) }, probabilities: probabilities,
                  predicted: predicted, truth: truth, loss: loss, temperature: 1, modelHasOther: true)
    }

    private init(
        labels: [String], logits: [Float], probabilities: [Float], predicted: [Int], truth: [Int], loss: Float, temperature: Float,
        modelHasOther: Bool
    ) {
        self.labels = labels
        self.logits = logits
        self.probabilities = probabilities
        self.predicted = predicted
        self.truth = truth
        self.loss = loss
        self.temperature = temperature
        self.modelHasOther = modelHasOther
    }

    /// The same logits with their probabilities at `temperature` (decisions do not change).
    public func scaled(by temperature: Float) -> Predictions {
        Predictions(labels: labels, logits: logits, truth: truth, temperature: temperature, modelHasOther: modelHasOther)
    }

    /// The predictions of the images at `indices`, in that order.
    public func subset(_ indices: [Int]) -> Predictions {
        let classes = labels.count
        return Predictions(
            labels: labels, logits: indices.flatMap { logits[$0 * classes..<($0 + 1) * classes] },
            truth: indices.map { truth[$0] }, temperature: temperature, modelHasOther: modelHasOther)
    }

    public var count: Int { truth.count }
    public var confusion: ConfusionMatrix { ConfusionMatrix(labels: labels, truth: truth, predicted: predicted) }
    public var accuracy: Double { confusion.accuracy }

    /// The probability of image `index`'s predicted class.
    public func confidence(_ index: Int) -> Float { probabilities[index * labels.count + predicted[index]] }

    /// Image `index`'s shape confidence, what a rejection threshold is compared with (see `RejectionRule`).
    public func shapeConfidence(_ index: Int) -> Float {
        RejectionRule.shapeConfidence(
            topProbability: confidence(index), otherProbability: otherOutput.map { probabilities[index * labels.count + $0] })
    }

    /// The `other` class as an output of the model (nil when it has none; see `modelHasOther`).
    public var otherOutput: Int? { modelHasOther ? otherIndex : nil }

    /// Whether image `index` is rejected at `threshold` (see `RejectionRule`).
    public func isRejected(_ index: Int, threshold: Float) -> Bool {
        RejectionRule.rejects(topIndex: predicted[index], shapeConfidence: shapeConfidence(index), threshold: threshold, otherIndex: otherOutput)
    }

    /// The `other` class's index, when the predictions have one (see `RejectionRule`).
    public var otherIndex: Int? { labels.firstIndex(of: RejectionRule.otherLabel) }
}

/// Runs a network over a dataset in batches with the shared `ForwardPass`.
public final class Evaluator {
    private let forward: ForwardPass

    /// `plan`: how the convolutions shape their sgemms (window rows when nil); in training,
    /// the run's own, so that validation, and what it keeps, do not depend on another measurement.
    public init(architecture: Architecture, batchSize: Int = 256, plan: ConvolutionPlan? = nil) {
        forward = ForwardPass(architecture: architecture, capacity: batchSize, plan: plan)
    }

    /// Every image's logits, with probabilities at `temperature`.
    package func predict(_ parameters: ParameterBuffer, on dataset: Dataset, scale: Float = 1 / 255, temperature: Float = 1) -> Predictions {
        let classes = forward.architecture.classCount
        var logits = [Float](repeating: 0, count: dataset.count * classes)
        dataset.images.withUnsafeBufferPointer { images in
            var start = 0
            while start < dataset.count {
                let count = min(forward.capacity, dataset.count - start)
                forward.setInput(bytes: images.baseAddress! + start * Dataset.imageSize, count: count, scale: scale)
                let out = forward.run(parameters: parameters, count: count)
                for i in 0..<(count * classes) { logits[start * classes + i] = out[i] }
                start += count
            }
        }
        return Predictions(labels: dataset.labels, logits: logits, truth: dataset.targets, temperature: temperature)
    }
}
