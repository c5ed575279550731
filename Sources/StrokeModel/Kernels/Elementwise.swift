import Foundation

/// ReLU, max-pooling and softmax: the cheap layers, as plain loops over contiguous memory.
public enum ReLUForward {
    public static func run(_ input: UnsafePointer<Float>, count: Int, output: UnsafeMutablePointer<Float>) {
        for i in 0..<count { output[i] = max(input[i], 0) }
    }
}

public enum MaxPoolForward {
    /// Non-overlapping `size×size` max-pooling of `[planes, H, W]` (planes = N·C).
    /// `argmax[o]` receives the input offset within the plane of each output's maximum
    /// (the first one on ties), which the backward pass routes the gradient to.
    public static func run(
        _ input: UnsafePointer<Float>, planes: Int, height: Int, width: Int, size: Int,
        output: UnsafeMutablePointer<Float>, argmax: UnsafeMutablePointer<Int32>
    ) {
        let outH = height / size, outW = width / size
        let inPlane = height * width, outPlane = outH * outW
        Compute.parallelFor(planes, minimumChunk: 16) { range in
            for plane in range {
                let source = input + plane * inPlane
                let destination = output + plane * outPlane
                let indices = argmax + plane * outPlane
                if size == 2 {
                    pool2(source, width: width, outH: outH, outW: outW, output: destination, argmax: indices)
                    continue
                }
                for oy in 0..<outH {
                    for ox in 0..<outW {
                        var best = -Float.infinity
                        var bestIndex = 0
                        for dy in 0..<size {
                            let row = (oy * size + dy) * width + ox * size
                            for dx in 0..<size where source[row + dx] > best {
                                best = source[row + dx]
                                bestIndex = row + dx
                            }
                        }
                        destination[oy * outW + ox] = best
                        indices[oy * outW + ox] = Int32(bestIndex)
                    }
                }
            }
        }
    }
}

extension MaxPoolForward {
    /// The common 2×2 case, unrolled (the generic loop is several times slower).
    @inline(__always)
    static func pool2(
        _ source: UnsafePointer<Float>, width: Int, outH: Int, outW: Int,
        output: UnsafeMutablePointer<Float>, argmax: UnsafeMutablePointer<Int32>
    ) {
        for oy in 0..<outH {
            let top = source + 2 * oy * width, bottom = top + width
            let rowStart = Int32(2 * oy * width), below = Int32(width)
            for ox in 0..<outW {
                // Selects, not branches: which input wins is unpredictable.
                // Same tie rule as the generic loop: the first maximum in row order wins.
                let a = top[2 * ox], b = top[2 * ox + 1], c = bottom[2 * ox], d = bottom[2 * ox + 1]
                let index = rowStart + Int32(2 * ox)
                let upper = b > a ? b : a, upperIndex = b > a ? index + 1 : index
                let lower = d > c ? d : c, lowerIndex = d > c ? index + below + 1 : index + below
                output[oy * outW + ox] = lower > upper ? lower : upper
                argmax[oy * outW + ox] = lower > upper ? lowerIndex : upperIndex
            }
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
