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
    /// Routes each output's gradient to the input that was its maximum (the first one in
    /// row order on ties, found by comparing the layer's input with its output); the rest
    /// of the input gradient is 0.
    public static func run(
        outputGradient: UnsafePointer<Float>, input: UnsafePointer<Float>, output: UnsafePointer<Float>,
        planes: Int, height: Int, width: Int, size: Int, inputGradient: UnsafeMutablePointer<Float>
    ) {
        let outH = height / size, outW = width / size
        let inPlane = height * width, outPlane = outH * outW
        Compute.parallelFor(planes, minimumChunk: 16) { range in
            for plane in range {
                let source = input + plane * inPlane
                let maxima = output + plane * outPlane
                let gradient = outputGradient + plane * outPlane
                let destination = inputGradient + plane * inPlane
                destination.update(repeating: 0, count: inPlane)
                if size == 2 {
                    routePairs(source, maxima, gradient, width: width, outH: outH, outW: outW, into: destination)
                    continue
                }
                for oy in 0..<outH {
                    for ox in 0..<outW {
                        let best = maxima[oy * outW + ox]
                        var winner = (oy * size) * width + ox * size
                        search: for dy in 0..<size {
                            for dx in 0..<size where source[(oy * size + dy) * width + ox * size + dx] == best {
                                winner = (oy * size + dy) * width + ox * size + dx
                                break search
                            }
                        }
                        destination[winner] += gradient[oy * outW + ox]
                    }
                }
            }
        }
    }
}

extension MaxPoolBackward {
    /// The 2×2 case with selects instead of a search: each of a window's four inputs gets
    /// the gradient if it is the first to equal the maximum, else 0.
    @inline(__always)
    static func routePairs(
        _ input: UnsafePointer<Float>, _ maxima: UnsafePointer<Float>, _ gradient: UnsafePointer<Float>,
        width: Int, outH: Int, outW: Int, into output: UnsafeMutablePointer<Float>
    ) {
        for oy in 0..<outH {
            let top = input + 2 * oy * width, bottom = top + width
            let topOut = output + 2 * oy * width, bottomOut = topOut + width
            for ox in 0..<outW {
                let m = maxima[oy * outW + ox], g = gradient[oy * outW + ox]
                let a = top[2 * ox] == m
                let b = !a && top[2 * ox + 1] == m
                let c = !a && !b && bottom[2 * ox] == m
                let d = !a && !b && !c
                topOut[2 * ox] = a ? g : 0
                topOut[2 * ox + 1] = b ? g : 0
                bottomOut[2 * ox] = c ? g : 0
                bottomOut[2 * ox + 1] = d ? g : 0
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
