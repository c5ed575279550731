import Foundation

/// ReLU, max-pooling and softmax: the cheap layers, as plain loops over contiguous memory.
public enum ReLUForward {
    public static func run(_ input: UnsafePointer<Float>, count: Int, output: UnsafeMutablePointer<Float>) {
        for i in 0..<count { output[i] = max(input[i], 0) }
    }
}

public enum MaxPoolForward {
    /// Non-overlapping `size×size` max-pooling of `[planes, H, W]` (planes = N·C).
    ///
    /// Only the maxima are kept: inference needs nothing else, and the backward pass finds
    /// where each maximum came from by comparing the layer's input with its output.
    public static func run(
        _ input: UnsafePointer<Float>, planes: Int, height: Int, width: Int, size: Int,
        output: UnsafeMutablePointer<Float>
    ) {
        let outH = height / size, outW = width / size
        let inPlane = height * width, outPlane = outH * outW
        Compute.parallelFor(planes, minimumChunk: 16) { range in
            for plane in range {
                let source = input + plane * inPlane
                let destination = output + plane * outPlane
                for oy in 0..<outH {
                    let row = destination + oy * outW
                    if size == 2 {
                        maxOfPairs(source + 2 * oy * width, source + (2 * oy + 1) * width, count: outW, into: row)
                        continue
                    }
                    for ox in 0..<outW {
                        var best = -Float.infinity
                        for dy in 0..<size {
                            let window = source + (oy * size + dy) * width + ox * size
                            for dx in 0..<size { best = max(best, window[dx]) }
                        }
                        row[ox] = best
                    }
                }
            }
        }
    }

    /// `output[i] = max(top[2i], top[2i+1], bottom[2i], bottom[2i+1])`: no branches and no
    /// indices to keep, so the compiler vectorises it.
    @inline(__always)
    static func maxOfPairs(
        _ top: UnsafePointer<Float>, _ bottom: UnsafePointer<Float>, count: Int, into output: UnsafeMutablePointer<Float>
    ) {
        for i in 0..<count {
            output[i] = max(max(top[2 * i], top[2 * i + 1]), max(bottom[2 * i], bottom[2 * i + 1]))
        }
    }
}

public enum Softmax {
    /// Row-wise softmax of `[batch, classes]` logits, numerically stable.
    public static func run(_ logits: UnsafePointer<Float>, batch: Int, classes: Int, output: UnsafeMutablePointer<Float>) {
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
