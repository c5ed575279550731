/// Convolution forward over a whole batch: im2col, then one sgemm.
public enum ConvolutionForward {
    /// `output[n, f, :, :] = bias[f] + Σ weight[f, c, ky, kx] · input[n, c, …]`.
    ///
    /// - Parameters:
    ///   - cols: scratch of `g.rows × g.columns` floats; left holding the im2col matrix,
    ///     which the backward pass reuses for the weight gradient.
    ///   - product: scratch of `filters × g.columns` floats (the sgemm result, `[F, N·P]`).
    public static func run(
        input: UnsafePointer<Float>, geometry g: ConvGeometry, filters: Int,
        weight: UnsafePointer<Float>, bias: UnsafePointer<Float>,
        cols: UnsafeMutablePointer<Float>, product: UnsafeMutablePointer<Float>,
        output: UnsafeMutablePointer<Float>
    ) {
        Im2col.im2col(input, g, into: cols)
        BLAS.sgemm(
            m: filters, n: g.columns, k: g.rows,
            a: weight, lda: g.rows, b: cols, ldb: g.columns, c: product, ldc: g.columns)
        // [F, N·P] → [N, F, P], adding the bias on the way.
        let plane = g.outPlane
        Compute.parallelFor(filters) { range in
            for f in range {
                let b = bias[f]
                for n in 0..<g.batch {
                    let source = product + f * g.columns + n * plane
                    let destination = output + (n * filters + f) * plane
                    for p in 0..<plane { destination[p] = source[p] + b }
                }
            }
        }
    }
}

/// Dense (fully connected) forward: one sgemm over the batch.
public enum DenseForward {
    /// `output[n, o] = bias[o] + Σ_i input[n, i] · weight[o, i]`.
    public static func run(
        input: UnsafePointer<Float>, batch: Int, inputs: Int, outputs: Int,
        weight: UnsafePointer<Float>, bias: UnsafePointer<Float>,
        output: UnsafeMutablePointer<Float>
    ) {
        for n in 0..<batch {
            (output + n * outputs).update(from: bias, count: outputs)
        }
        BLAS.sgemm(
            transposeB: true, m: batch, n: outputs, k: inputs,
            a: input, lda: inputs, b: weight, ldb: inputs, beta: 1, c: output, ldc: outputs)
    }
}
