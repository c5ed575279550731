import StrokeModel

/// Convolution backward, image by image, shaped by the layer's `ConvolutionStrategy`.
///
/// - The weight gradient reads the rows the forward pass left behind (see
///   `ConvolutionForward`): with window rows, for kernel row `ky`, `dW[ky] (+)= rows[ky·Wo …]ᵀ
///   · dY`, one small sgemm per image and kernel row; with the patch matrix, `dW (+)= Pᵀ · dY`,
///   one per image; either way accumulating over the images in order.
/// - The input gradient is a forward convolution of the output gradient with the kernel
///   flipped and its channels swapped (`W'[ky, kx, f, c] = W[k−1−ky, k−1−kx, c, f]`, padding
///   `k−1−p`): window rows again, and no col2im scatter. (A padding wider than `k−1` leaves
///   output rows and columns that no input pixel reaches; they are cropped off first.)
///
/// Both products are small enough for OpenBLAS's unpacked small-matrix kernels, and nothing
/// is copied but the output gradient's window rows (1.1–1.4× faster than the chunked patch
/// matrix this replaced, `Benchmarks/NOTES.md`). Single-threaded: a training step runs it inside
/// a shard worker. Its plain-loop reference is `ReferenceKernels.convBackward`.
public enum ConvolutionBackward {
    /// One layer's buffers for the input gradient: the flipped kernel, one image's window
    /// rows (or patch matrix) of the output gradient, and its cropped copy (padding wider than
    /// `k−1` only).
    public final class Scratch: @unchecked Sendable {
        let flippedWeight: UnsafeMutablePointer<Float>
        let gradientRows: UnsafeMutablePointer<Float>
        let cropped: UnsafeMutablePointer<Float>
        private let arena = ScratchArena()

        package init(_ g: ConvGeometry, filters: Int, strategy: ConvolutionStrategy = .windowRows) {
            let t = ConvolutionBackward.transposed(g, filters: filters)
            flippedWeight = arena.zeros(g.patchLength * filters)
            gradientRows = arena.zeros(t.scratchPerImage(strategy))
            cropped = arena.zeros(ConvolutionBackward.crop(g) > 0 ? t.height * t.width * filters : 1)
        }
    }

    /// Given the output gradient (`[N, Ho, Wo, F]`) and the layer's rows from the forward pass
    /// over the same batch with the same `strategy` (`rows`, `g.scratchCount(strategy)`
    /// floats; `scratch` made for that strategy too), writes the
    /// weight (`[k, k, C, F]`) and bias gradients (overwritten) and, when `inputGradient` is
    /// non-nil, the input gradient (`[N, H, W, C]`, overwritten). `profile` laps the bias
    /// gradient, the weight-gradient sgemms, and the input gradient's rows and sgemms.
    package static func run(
        outputGradient: UnsafePointer<Float>, rows allRows: UnsafePointer<Float>, geometry g: ConvGeometry,
        strategy: ConvolutionStrategy = .windowRows, filters: Int, weight: UnsafePointer<Float>,
        weightGradient: UnsafeMutablePointer<Float>, biasGradient: UnsafeMutablePointer<Float>,
        scratch: Scratch, inputGradient: UnsafeMutablePointer<Float>?, profile: LayerProfile? = nil
    ) {
        DenseBackward.sumRows(outputGradient, rows: g.positions, columns: filters, into: biasGradient)
        profile?.lap(.biasGradient)
        let (rowLength, outPlane, outWidth) = (g.windowRow, g.outPlane, g.outWidth)
        var calls = 0
        for n in 0..<g.batch {
            let rows = allRows + n * g.scratchPerImage(strategy)
            let dy = outputGradient + n * outPlane * filters
            if strategy == .patchMatrix {
                // dW[k·k·C, F] (+)= P[k·k·C, Ho·Wo] · dY[Ho·Wo, F] (P by columns); the first image overwrites.
                BLAS.sgemm(
                    m: g.patchLength, n: filters, k: outPlane, a: rows, lda: outPlane,
                    b: dy, ldb: filters, beta: n == 0 ? 0 : 1, c: weightGradient, ldc: filters)
                calls += 1
            }
            for ky in 0..<g.kernel where strategy == .windowRows {
                // dW[ky][k·C, F] (+)= rows[ky·Wo ..< ky·Wo + Ho·Wo]ᵀ · dY[Ho·Wo, F]; the first image overwrites.
                BLAS.sgemm(
                    transposeA: true, m: rowLength, n: filters, k: outPlane,
                    a: rows + ky * outWidth * rowLength, lda: rowLength, b: dy, ldb: filters,
                    beta: n == 0 ? 0 : 1, c: weightGradient + ky * rowLength * filters, ldc: filters)
                calls += 1
            }
        }
        if g.batch == 0 { weightGradient.update(repeating: 0, count: g.patchLength * filters) }
        profile?.lap(.weightGradientGEMM, gemmCalls: calls)
        guard let inputGradient else { return }
        flip(weight, g, filters: filters, into: scratch.flippedWeight)
        // The flip and any crop are charged to the input gradient's window rows.
        var inputProfile = profile
        inputProfile?.rows = .inputGradientRows
        inputProfile?.gemm = .inputGradientGEMM
        let t = transposed(g, filters: filters), crop = crop(g)
        let inputPerImage = g.height * g.width * g.channels
        for n in 0..<g.batch {
            var dy = outputGradient + n * outPlane * filters
            if crop > 0 {
                for y in 0..<t.height {
                    (scratch.cropped + y * t.width * filters)
                        .update(from: dy + ((y + crop) * outWidth + crop) * filters, count: t.width * filters)
                }
                dy = UnsafePointer(scratch.cropped)
            }
            ConvolutionForward.run(
                input: dy, geometry: t, filters: g.channels,
                weight: scratch.flippedWeight, bias: nil, rows: scratch.gradientRows, strategy: strategy,
                output: inputGradient + n * inputPerImage, profile: inputProfile)
        }
    }

    /// The geometry of one image's input-gradient convolution: the output gradient as input
    /// (`F` channels, `Ho × Wo` less the crop on every side), padded by `k − 1 − p` (or not at
    /// all when cropped), so the result is `H × W`.
    static func transposed(_ g: ConvGeometry, filters: Int) -> ConvGeometry {
        let crop = crop(g)
        return ConvGeometry(
            batch: 1, channels: filters, height: g.outHeight - 2 * crop, width: g.outWidth - 2 * crop,
            kernel: g.kernel, padding: max(0, g.kernel - 1 - g.padding))
    }

    /// Output rows (and columns) on each side that no input pixel reaches: `p − (k−1)` when
    /// the padding is wider than `k − 1`, else none.
    static func crop(_ g: ConvGeometry) -> Int { max(0, g.padding - (g.kernel - 1)) }

    /// `flipped[ky, kx, f, c] = weight[k−1−ky, k−1−kx, c, f]`.
    static func flip(_ weight: UnsafePointer<Float>, _ g: ConvGeometry, filters: Int, into flipped: UnsafeMutablePointer<Float>) {
        let (k, channels) = (g.kernel, g.channels)
        for ky in 0..<k {
            for kx in 0..<k {
                let source = weight + ((k - 1 - ky) * k + (k - 1 - kx)) * channels * filters
                let target = flipped + (ky * k + kx) * filters * channels
                for c in 0..<channels {
                    for f in 0..<filters { target[f * channels + c] = source[c * filters + f] }
                }
            }
        }
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
        run(
            outputGradient: outputGradient, input: input, batch: batch, inputs: inputs, outputs: outputs, weight: weight,
            weightGradient: weightGradient, biasGradient: biasGradient, inputGradient: inputGradient, profile: nil)
    }

    /// The same, lapping the weight gradient, bias gradient and input gradient into `profile`.
    package static func run(
        outputGradient: UnsafePointer<Float>, input: UnsafePointer<Float>,
        batch: Int, inputs: Int, outputs: Int, weight: UnsafePointer<Float>,
        weightGradient: UnsafeMutablePointer<Float>, biasGradient: UnsafeMutablePointer<Float>,
        inputGradient: UnsafeMutablePointer<Float>?, profile: LayerProfile?
    ) {
        // dW[O, I] = dYᵀ[O, N] · X[N, I]
        BLAS.sgemm(
            transposeA: true, m: outputs, n: inputs, k: batch,
            a: outputGradient, lda: outputs, b: input, ldb: inputs, c: weightGradient, ldc: inputs)
        profile?.lap(.weightGradientGEMM, gemmCalls: 1)
        sumRows(outputGradient, rows: batch, columns: outputs, into: biasGradient)
        profile?.lap(.biasGradient)
        guard let inputGradient else { return }
        // dX[N, I] = dY[N, O] · W[O, I]
        BLAS.sgemm(
            m: batch, n: inputs, k: outputs,
            a: outputGradient, lda: outputs, b: weight, ldb: inputs, c: inputGradient, ldc: inputs)
        profile?.lap(.inputGradientGEMM, gemmCalls: 1)
    }

    /// `sums[c] = Σ_r matrix[r, c]` (overwritten), rows added in order: a bias gradient.
    static func sumRows(_ matrix: UnsafePointer<Float>, rows: Int, columns: Int, into sums: UnsafeMutablePointer<Float>) {
        sums.update(repeating: 0, count: columns)
        // Sixteen columns at a time in a register, each column still summed row by row in
        // order (the same bits as the scalar loop, which the compiler does not vectorise).
        var first = 0
        while first + 16 <= columns {
            var sum = SIMD16<Float>(repeating: 0)
            for r in 0..<rows { sum += ShortRow.load(SIMD16<Float>.self, matrix + r * columns + first) }
            ShortRow.store(sum, sums + first)
            first += 16
        }
        for r in 0..<rows {
            let row = matrix + r * columns
            for c in first..<columns { sums[c] += row[c] }
        }
    }
}
