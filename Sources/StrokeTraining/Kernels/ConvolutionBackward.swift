import StrokeModel

/// Convolution backward over a whole batch: im2col, two sgemms over the patch matrix and a
/// col2im.
public enum ConvolutionBackward {
    /// Given the layer's `input` (`[N, H, W, C]`) and `outputGradient` (`[N, Ho, Wo, F]`),
    /// writes the weight (`[k, k, C, F]`) and bias gradients (overwritten) and, when
    /// `inputGradient` is non-nil, the input gradient (`[N, H, W, C]`, overwritten).
    ///
    /// - Parameter patches: scratch of `g.positions × g.patchLength` floats: the patch
    ///   matrix, then its gradient.
    public static func run(
        outputGradient: UnsafePointer<Float>, input: UnsafePointer<Float>, geometry g: ConvGeometry,
        filters: Int, weight: UnsafePointer<Float>,
        weightGradient: UnsafeMutablePointer<Float>, biasGradient: UnsafeMutablePointer<Float>,
        patches: UnsafeMutablePointer<Float>, inputGradient: UnsafeMutablePointer<Float>?
    ) {
        Im2col.im2col(input, g, into: patches)
        // dW[L, F] = Pᵀ[L, N·P] · dY[N·P, F]
        BLAS.sgemm(
            transposeA: true, m: g.patchLength, n: filters, k: g.positions,
            a: patches, lda: g.patchLength, b: outputGradient, ldb: filters, c: weightGradient, ldc: filters)
        DenseBackward.sumRows(outputGradient, rows: g.positions, columns: filters, into: biasGradient)
        guard let inputGradient else { return }
        // dP[N·P, L] = dY[N·P, F] · Wᵀ[F, L] (over P, no longer needed), folded back onto the
        // images by col2im.
        BLAS.sgemm(
            transposeB: true, m: g.positions, n: g.patchLength, k: filters,
            a: outputGradient, lda: filters, b: weight, ldb: filters, c: patches, ldc: g.patchLength)
        Im2col.col2im(patches, g, into: inputGradient)
    }
}

/// Dense backward: two sgemms and a column sum.
public enum DenseBackward {
    public static func run(
        outputGradient: UnsafePointer<Float>, input: UnsafePointer<Float>,
        batch: Int, inputs: Int, outputs: Int, weight: UnsafePointer<Float>,
        weightGradient: UnsafeMutablePointer<Float>, biasGradient: UnsafeMutablePointer<Float>,
        inputGradient: UnsafeMutablePointer<Float>?
    ) {
        // dW[O, I] = dYᵀ[O, N] · X[N, I]
        BLAS.sgemm(
            transposeA: true, m: outputs, n: inputs, k: batch,
            a: outputGradient, lda: outputs, b: input, ldb: inputs, c: weightGradient, ldc: inputs)
        sumRows(outputGradient, rows: batch, columns: outputs, into: biasGradient)
        guard let inputGradient else { return }
        // dX[N, I] = dY[N, O] · W[O, I]
        BLAS.sgemm(
            m: batch, n: inputs, k: outputs,
            a: outputGradient, lda: outputs, b: weight, ldb: inputs, c: inputGradient, ldc: inputs)
    }

    /// `sums[c] = Σ_r matrix[r, c]` (overwritten), rows added in order: a bias gradient.
    static func sumRows(_ matrix: UnsafePointer<Float>, rows: Int, columns: Int, into sums: UnsafeMutablePointer<Float>) {
        sums.update(repeating: 0, count: columns)
        for r in 0..<rows {
            let row = matrix + r * columns
            for c in 0..<columns { sums[c] += row[c] }
        }
    }
}
