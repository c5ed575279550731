import StrokeModel

/// Convolution backward over a whole batch: two sgemms and a col2im.
public enum ConvolutionBackward {
    /// Given `outputGradient` (`[N, F, Ho, Wo]`) and the forward pass's im2col matrix,
    /// writes the weight and bias gradients (overwritten) and, when `inputGradient` is
    /// non-nil, the input gradient (`[N, C, H, W]`, overwritten).
    ///
    /// - Parameters:
    ///   - product: scratch of `filters × g.columns` floats.
    ///   - colsGradient: scratch of `g.rows × g.columns` floats (only used for the input gradient).
    public static func run(
        outputGradient: UnsafePointer<Float>, geometry g: ConvGeometry, filters: Int,
        cols: UnsafePointer<Float>, weight: UnsafePointer<Float>,
        weightGradient: UnsafeMutablePointer<Float>, biasGradient: UnsafeMutablePointer<Float>,
        product: UnsafeMutablePointer<Float>, colsGradient: UnsafeMutablePointer<Float>,
        inputGradient: UnsafeMutablePointer<Float>?
    ) {
        // [N, F, P] → [F, N·P], the layout the forward sgemm produced; bias gradient on the way.
        let plane = g.outPlane
        Compute.parallelFor(filters) { range in
            for f in range {
                var sum: Float = 0
                for n in 0..<g.batch {
                    let source = outputGradient + (n * filters + f) * plane
                    let destination = product + f * g.columns + n * plane
                    for p in 0..<plane {
                        destination[p] = source[p]
                        sum += source[p]
                    }
                }
                biasGradient[f] = sum
            }
        }
        // dW[F, K] = dY[F, N·P] · colsᵀ[N·P, K]
        BLAS.sgemm(
            transposeB: true, m: filters, n: g.rows, k: g.columns,
            a: product, lda: g.columns, b: cols, ldb: g.columns, c: weightGradient, ldc: g.rows)
        guard let inputGradient else { return }
        // dCols[K, N·P] = Wᵀ[K, F] · dY[F, N·P], folded back onto the image by col2im.
        BLAS.sgemm(
            transposeA: true, m: g.rows, n: g.columns, k: filters,
            a: weight, lda: g.rows, b: product, ldb: g.columns, c: colsGradient, ldc: g.columns)
        Im2col.col2im(colsGradient, g, into: inputGradient)
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
        biasGradient.update(repeating: 0, count: outputs)
        for n in 0..<batch {
            let row = outputGradient + n * outputs
            for o in 0..<outputs { biasGradient[o] += row[o] }
        }
        guard let inputGradient else { return }
        // dX[N, I] = dY[N, O] · W[O, I]
        BLAS.sgemm(
            m: batch, n: inputs, k: outputs,
            a: outputGradient, lda: outputs, b: weight, ldb: inputs, c: inputGradient, ldc: inputs)
    }
}
