import StrokeModel

/// Convolution backward over a whole batch: the dense backward over the patches, and a col2im.
public enum ConvolutionBackward {
    /// Given `outputGradient` (`[N, Ho, Wo, F]`, channels-last) and the forward pass's patch
    /// matrix, writes the weight and bias gradients (overwritten) and, when `inputGradient`
    /// is non-nil, the input gradient (`[N, H, W, C]`, overwritten).
    ///
    /// - Parameter patchesGradient: scratch of `g.positions × g.patchLength` floats (only used
    ///   for the input gradient).
    public static func run(
        outputGradient: UnsafePointer<Float>, geometry g: ConvGeometry, filters: Int,
        patches: UnsafePointer<Float>, weight: UnsafePointer<Float>,
        weightGradient: UnsafeMutablePointer<Float>, biasGradient: UnsafeMutablePointer<Float>,
        patchesGradient: UnsafeMutablePointer<Float>, inputGradient: UnsafeMutablePointer<Float>?
    ) {
        // The forward pass was a dense layer over the patches, so its backward is too.
        DenseBackward.run(
            outputGradient: outputGradient, input: patches, batch: g.positions, inputs: g.patchLength,
            outputs: filters, weight: weight, weightGradient: weightGradient, biasGradient: biasGradient,
            inputGradient: inputGradient == nil ? nil : patchesGradient)
        guard let inputGradient else { return }
        Im2col.col2im(patchesGradient, g, into: inputGradient)
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
