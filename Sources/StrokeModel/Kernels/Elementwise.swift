import Foundation

/// ReLU, max-pooling and softmax: the cheap layers, as loops over contiguous memory.
package enum ReLUForward {
    /// `output[i] = max(input[i], 0)`; `output` may be `input` (the forward pass runs it in place).
    /// A training batch's activations are split between threads (each element on its own, so
    /// the bits do not depend on the split); one image's stay on the calling thread.
    package static func run(_ input: UnsafePointer<Float>, count: Int, output: UnsafeMutablePointer<Float>) {
        Compute.parallelFor(count, minimumChunk: Compute.elementwiseChunk) { range in
            // Explicit vectors: the compiler leaves a scalar loop where the pointers may alias.
            var i = range.lowerBound
            while i + 4 <= range.upperBound {
                let v = ShortRow.load(SIMD4<Float>.self, input + i)
                ShortRow.store(v.replacing(with: 0, where: v .< 0), output + i)
                i += 4
            }
            while i < range.upperBound {
                output[i] = max(input[i], 0)
                i += 1
            }
        }
    }
}

package enum MaxPoolForward {
    /// Non-overlapping `size×size` max-pooling of channels-last images `[N, H, W, C]`.
    ///
    /// Only the maxima are kept: inference needs nothing else, and the backward pass finds
    /// where each maximum came from by comparing the layer's input with its output.
    package static func run(
        _ input: UnsafePointer<Float>, images: Int, height: Int, width: Int, channels: Int, size: Int,
        output: UnsafeMutablePointer<Float>
    ) {
        let outH = height / size, outW = width / size
        let rowLength = width * channels
        Compute.parallelFor(images) { range in
            for n in range {
                for oy in 0..<outH {
                    for ox in 0..<outW {
                        let corner = input + ((n * height + oy * size) * width + ox * size) * channels
                        let destination = output + ((n * outH + oy) * outW + ox) * channels
                        if size == 2 {
                            maxOfFour(corner, corner + channels, corner + rowLength, corner + rowLength + channels,
                                      channels: channels, into: destination)
                            continue
                        }
                        ShortRow.copy(destination, from: corner, count: channels)
                        for dy in 0..<size {
                            for dx in 0..<size where dy + dx > 0 {
                                let pixel = corner + dy * rowLength + dx * channels
                                for c in 0..<channels { destination[c] = max(destination[c], pixel[c]) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The 2×2 window: a plain loop over the channels, which the compiler vectorises.
    @inline(__always)
    static func maxOfFour(
        _ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ c: UnsafePointer<Float>, _ d: UnsafePointer<Float>,
        channels: Int, into output: UnsafeMutablePointer<Float>
    ) {
        for i in 0..<channels { output[i] = max(max(a[i], b[i]), max(c[i], d[i])) }
    }
}

package enum Softmax {
    /// Row-wise softmax of `[batch, classes]` logits, numerically stable.
    package static func run(_ logits: UnsafePointer<Float>, batch: Int, classes: Int, output: UnsafeMutablePointer<Float>) {
        for n in 0..<batch {
            let row = logits + n * classes
            let out = output + n * classes
            var top = row[0]
            for c in 1..<max(classes, 1) { top = max(top, row[c]) }
            var sum: Float = 0
            for c in 0..<classes {
                out[c] = expf(row[c] - top)
                sum += out[c]
            }
            for c in 0..<classes { out[c] /= sum }
        }
    }
}
