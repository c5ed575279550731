import Foundation
import StrokeModel

/// A model's outputs on every image of a dataset.
public struct Predictions: Sendable {
    public let labels: [String]
    /// `[count, classes]` softmax probabilities.
    public let probabilities: [Float]
    public let predicted: [Int]
    public let truth: [Int]
    /// Mean cross-entropy against the true classes.
    public let loss: Float

    public var confusion: ConfusionMatrix { ConfusionMatrix(labels: labels, truth: truth, predicted: predicted) }
    public var accuracy: Double { confusion.accuracy }
}

/// Runs a network over a dataset in batches with the shared `ForwardPass`.
public final class Evaluator {
    private let forward: ForwardPass

    public init(architecture: Architecture, batchSize: Int = 256) {
        forward = ForwardPass(architecture: architecture, capacity: batchSize)
    }

    package func predict(_ parameters: ParameterBuffer, on dataset: Dataset, scale: Float = 1 / 255) -> Predictions {
        let classes = forward.architecture.classCount
        var probabilities = [Float](repeating: 0, count: dataset.count * classes)
        var predicted = [Int](repeating: 0, count: dataset.count)
        var loss: Float = 0
        dataset.images.withUnsafeBufferPointer { images in
            probabilities.withUnsafeMutableBufferPointer { probabilities in
                var start = 0
                while start < dataset.count {
                    let count = min(forward.capacity, dataset.count - start)
                    forward.setInput(bytes: images.baseAddress! + start * Dataset.imageSize, count: count, scale: scale)
                    let logits = forward.run(parameters: parameters, count: count)
                    let out = probabilities.baseAddress! + start * classes
                    Softmax.run(logits, batch: count, classes: classes, output: out)
                    for n in 0..<count {
                        let row = out + n * classes
                        var best = 0
                        for c in 1..<classes where row[c] > row[best] { best = c }
                        predicted[start + n] = best
                        loss -= logf(max(row[dataset.targets[start + n]], 1e-30))
                    }
                    start += count
                }
            }
        }
        return Predictions(
            labels: dataset.labels, probabilities: probabilities, predicted: predicted,
            truth: dataset.targets, loss: dataset.count == 0 ? 0 : loss / Float(dataset.count))
    }
}
