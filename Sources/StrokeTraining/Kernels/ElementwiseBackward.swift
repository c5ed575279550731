import Foundation
import StrokeModel

public enum ReLUBackward {
    /// `inputGradient = outputGradient` where the layer's output was positive, else 0.
    public static func run(
        outputGradient: UnsafePointer<Float>, output: UnsafePointer<Float>, count: Int,
        inputGradient: UnsafeMutablePointer<Float>
    ) {
        for i in 0..<count { inputGradient[i] = output[i] > 0 ? outputGradient[i] : 0 }
    }
}

public enum MaxPoolBackward {
    /// Routes each output's gradient to the input that was its maximum; the rest get 0.
    public static func run(
        outputGradient: UnsafePointer<Float>, argmax: UnsafePointer<Int32>,
        planes: Int, inputPlane: Int, outputPlane: Int, inputGradient: UnsafeMutablePointer<Float>
    ) {
        Compute.parallelFor(planes, minimumChunk: 16) { range in
            for plane in range {
                let destination = inputGradient + plane * inputPlane
                destination.update(repeating: 0, count: inputPlane)
                let source = outputGradient + plane * outputPlane
                let indices = argmax + plane * outputPlane
                for o in 0..<outputPlane { destination[Int(indices[o])] += source[o] }
            }
        }
    }
}

public enum SoftmaxCrossEntropy {
    /// Mean cross-entropy of `[batch, classes]` logits against `targets`, with optional label
    /// smoothing. Writes the gradient of the mean loss with respect to the logits and
    /// returns the loss and how many rows were classified correctly.
    public static func run(
        logits: UnsafePointer<Float>, targets: UnsafePointer<Int32>, batch: Int, classes: Int,
        labelSmoothing: Float = 0, gradient: UnsafeMutablePointer<Float>
    ) -> (loss: Float, correct: Int) {
        Softmax.run(logits, batch: batch, classes: classes, output: gradient)
        var loss: Float = 0
        var correct = 0
        let offTarget = labelSmoothing / Float(classes)
        let onTarget = 1 - labelSmoothing + offTarget
        for n in 0..<batch {
            let row = gradient + n * classes
            let target = Int(targets[n])
            var best = 0
            for c in 0..<classes {
                if logits[n * classes + c] > logits[n * classes + best] { best = c }
                let wanted = c == target ? onTarget : offTarget
                loss -= wanted * logf(max(row[c], 1e-30))
                row[c] = (row[c] - wanted) / Float(batch)
            }
            if best == target { correct += 1 }
        }
        return (loss / Float(batch), correct)
    }
}
