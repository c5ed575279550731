/// Convolution forward over a whole batch: im2col, then the dense kernel over the patches.
public enum ConvolutionForward {
    /// `output[n, y, x, f] = bias[f] + Σ weight[f, ky, kx, c] · input[n, y+ky−p, x+kx−p, c]`,
    /// with channels-last images and weights (see `ParameterLayout`).
    ///
    /// - Parameter patches: scratch of `g.positions × g.patchLength` floats; left holding the
    ///   patch matrix, which the backward pass reuses for the weight gradient.
    public static func run(
        input: UnsafePointer<Float>, geometry g: ConvGeometry, filters: Int,
        weight: UnsafePointer<Float>, bias: UnsafePointer<Float>,
        patches: UnsafeMutablePointer<Float>, output: UnsafeMutablePointer<Float>
    ) {
        Im2col.im2col(input, g, into: patches)
        // Each patch is a sample of a dense layer whose weight is the filter bank; the
        // result's rows are output positions, i.e. the channels-last output.
        DenseForward.run(
            input: patches, batch: g.positions, inputs: g.patchLength, outputs: filters,
            weight: weight, bias: bias, output: output)
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
        for n in 0..<batch { ShortRow.copy(output + n * outputs, from: bias, count: outputs) }
        BLAS.sgemm(
            transposeB: true, m: batch, n: outputs, k: inputs,
            a: input, lda: inputs, b: weight, ldb: inputs, beta: 1, c: output, ldc: outputs)
    }
}
