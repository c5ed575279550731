/// Convolution forward over a whole batch: im2col, then one sgemm over the patches.
public enum ConvolutionForward {
    /// `output[n, y, x, f] = bias[f] + Σ weight[ky, kx, c, f] · input[n, y+ky−p, x+kx−p, c]`,
    /// with channels-last images and weights in the kernels' `[k, k, C, F]` order (see
    /// `ParameterLayout`).
    ///
    /// - Parameter patches: scratch of `g.positions × g.patchLength` floats; left holding the
    ///   patch matrix, which the backward pass reuses for the weight gradient.
    public static func run(
        input: UnsafePointer<Float>, geometry g: ConvGeometry, filters: Int,
        weight: UnsafePointer<Float>, bias: UnsafePointer<Float>,
        patches: UnsafeMutablePointer<Float>, output: UnsafeMutablePointer<Float>
    ) {
        Im2col.im2col(input, g, into: patches)
        DenseForward.startRows(output, rows: g.positions, columns: filters, with: bias)
        // Y[N·P, F] = P[N·P, L] · W[L, F] + bias: the rows are output positions, so the
        // result is already the channels-last output.
        BLAS.sgemm(
            m: g.positions, n: filters, k: g.patchLength,
            a: patches, lda: g.patchLength, b: weight, ldb: filters, beta: 1, c: output, ldc: filters)
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
        startRows(output, rows: batch, columns: outputs, with: bias)
        if batch == 1 {
            BLAS.sgemv(m: outputs, n: inputs, a: weight, lda: inputs, x: input, beta: 1, y: output)
            return
        }
        BLAS.sgemm(
            transposeB: true, m: batch, n: outputs, k: inputs,
            a: input, lda: inputs, b: weight, ldb: inputs, beta: 1, c: output, ldc: outputs)
    }

    /// Every row of `output` (`rows × columns`) set to `bias`, for an sgemm to add onto.
    @inline(__always)
    public static func startRows(_ output: UnsafeMutablePointer<Float>, rows: Int, columns: Int, with bias: UnsafePointer<Float>) {
        for r in 0..<rows { ShortRow.copy(output + r * columns, from: bias, count: columns) }
    }
}
