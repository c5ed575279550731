import Foundation
import StrokeModel

public enum ReLUBackward {
    /// `inputGradient = outputGradient` where the layer's output was positive, else 0.
    public static func run(
        outputGradient: UnsafePointer<Float>, output: UnsafePointer<Float>, count: Int,
        inputGradient: UnsafeMutablePointer<Float>
    ) {
        Compute.parallelFor(count, minimumChunk: Compute.elementwiseChunk) { range in
            // Explicit vectors: the compiler leaves a scalar loop where the pointers may alias.
            var i = range.lowerBound
            while i + 16 <= range.upperBound {
                let positive = ShortRow.load(SIMD16<Float>.self, output + i) .> 0
                let kept = SIMD16<Float>(repeating: 0).replacing(with: ShortRow.load(SIMD16<Float>.self, outputGradient + i), where: positive)
                ShortRow.store(kept, inputGradient + i)
                i += 16
            }
            while i < range.upperBound {
                inputGradient[i] = output[i] > 0 ? outputGradient[i] : 0
                i += 1
            }
        }
    }
}

public enum MaxPoolBackward {
    /// Routes each output's gradient to the input that was its maximum (the first one in
    /// row order on ties, found by comparing the layer's input with its output); the rest
    /// of the input gradient is 0. Images are channels-last, `[N, H, W, C]`.
    ///
    /// With `reluBefore`, `input` is a ReLU's output and the gradient written is the one with
    /// respect to that ReLU's input: a maximum of 0 passes nothing on. The same bits as
    /// `ReLUBackward` after this, without its pass over the batch's largest activations.
    public static func run(
        outputGradient: UnsafePointer<Float>, input: UnsafePointer<Float>, output: UnsafePointer<Float>,
        images: Int, height: Int, width: Int, channels: Int, size: Int, reluBefore: Bool = false,
        inputGradient: UnsafeMutablePointer<Float>
    ) {
        let outH = height / size, outW = width / size
        let rowLength = width * channels
        let vectorWindows = size == 2 && channels % 16 == 0
        // The vector path writes all four inputs of every window; otherwise only winners are
        // written, and rows or columns left over by the floor division get no gradient.
        let writesEveryInput = vectorWindows && height % 2 == 0 && width % 2 == 0
        Compute.parallelFor(images) { range in
            for n in range {
                if !writesEveryInput {
                    (inputGradient + n * height * rowLength).update(repeating: 0, count: height * rowLength)
                }
                for oy in 0..<outH {
                    for ox in 0..<outW {
                        let offset = ((n * height + oy * size) * width + ox * size) * channels
                        let at = ((n * outH + oy) * outW + ox) * channels
                        if vectorWindows {
                            routeFour(input + offset, output + at, outputGradient + at, rowLength: rowLength,
                                      channels: channels, reluBefore: reluBefore, into: inputGradient + offset)
                            continue
                        }
                        for c in 0..<channels {
                            let best = output[at + c]
                            var winner = offset + c
                            search: for dy in 0..<size {
                                for dx in 0..<size where input[offset + dy * rowLength + dx * channels + c] == best {
                                    winner = offset + dy * rowLength + dx * channels + c
                                    break search
                                }
                            }
                            inputGradient[winner] = reluBefore && !(best > 0) ? 0 : outputGradient[at + c]
                        }
                    }
                }
            }
        }
    }
}

extension MaxPoolBackward {
    /// The 2×2 window sixteen channels at a time, with masks instead of a search: each of the
    /// four inputs gets the gradient where it is the first to equal the maximum, else 0.
    @inline(__always)
    static func routeFour(
        _ input: UnsafePointer<Float>, _ maxima: UnsafePointer<Float>, _ gradient: UnsafePointer<Float>,
        rowLength: Int, channels: Int, reluBefore: Bool, into output: UnsafeMutablePointer<Float>
    ) {
        typealias V = SIMD16<Float>
        let (a, b, c) = (input, input + channels, input + rowLength)
        let (da, db, dc, dd) = (output, output + channels, output + rowLength, output + rowLength + channels)
        let zero = V(repeating: 0)
        for i in stride(from: 0, to: channels, by: 16) {
            let m = ShortRow.load(V.self, maxima + i)
            var g = ShortRow.load(V.self, gradient + i)
            if reluBefore { g.replace(with: 0, where: .!(m .> 0)) }
            let first = ShortRow.load(V.self, a + i) .== m
            let second = .!first .& (ShortRow.load(V.self, b + i) .== m)
            let third = .!(first .| second) .& (ShortRow.load(V.self, c + i) .== m)
            let fourth = .!(first .| second .| third)
            ShortRow.store(zero.replacing(with: g, where: first), da + i)
            ShortRow.store(zero.replacing(with: g, where: second), db + i)
            ShortRow.store(zero.replacing(with: g, where: third), dc + i)
            ShortRow.store(zero.replacing(with: g, where: fourth), dd + i)
        }
    }
}

public enum SoftmaxCrossEntropy {
    /// Mean cross-entropy of `[batch, classes]` logits against `targets`, with optional label
    /// smoothing. Writes the gradient of the mean loss with respect to the logits and
    /// returns the loss and how many rows were classified correctly.
    ///
    /// - Parameter meanOver: the rows the mean is taken over (default `batch`); more when
    ///   these rows are one shard of a larger batch, whose shards' losses then add up.
    public static func run(
        logits: UnsafePointer<Float>, targets: UnsafePointer<Int32>, batch: Int, classes: Int,
        labelSmoothing: Float = 0, meanOver: Int? = nil, gradient: UnsafeMutablePointer<Float>
    ) -> (loss: Float, correct: Int) {
        let rows = Float(meanOver ?? batch)
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
                row[c] = (row[c] - wanted) / rows
            }
            if best == target { correct += 1 }
        }
        return (loss / rows, correct)
    }
}
