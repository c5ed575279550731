/// Convolution forward, image by image, shaped by a `ConvolutionStrategy`: the image's window
/// rows, then one sgemm per kernel row accumulating into the output; or its patch matrix,
/// then one sgemm.
///
/// Image by image rather than one sgemm over the whole batch's patch matrix (the first
/// design's layout): 1.2–2× faster on the reference network at batch 1 to 64 (`strokes bench
/// training` prints both), because each product (M = Ho·Wo) is small enough for OpenBLAS's
/// unpacked small-matrix kernel while it stays in cache.
package enum ConvolutionForward {
    /// `output[n, y, x, f] = bias[f] + Σ weight[ky, kx, c, f] · input[n, y+ky−p, x+kx−p, c]`,
    /// with channels-last images and weights in the kernels' `[k, k, C, F]` order (see
    /// `ParameterLayout`).
    ///
    /// - Parameters:
    ///   - bias: nil for none (the output starts from the first kernel row's product).
    ///   - rows: scratch of `g.scratchCount(strategy)` floats, where the window rows or the
    ///     patch matrix stay for the weight gradient.
    ///   - relu: apply the ReLU that follows the layer to each image's output while it is
    ///     still in cache (the same bits as a separate pass over the batch, which would read
    ///     and write every activation again from memory).
    ///   - profile: laps per image for window rows, sgemms and bias/ReLU; the images then run
    ///     one after the other on this thread (a training shard's worker runs them so anyway).
    package static func run(
        input: UnsafePointer<Float>, geometry g: ConvGeometry, filters: Int,
        weight: UnsafePointer<Float>, bias: UnsafePointer<Float>?,
        rows: UnsafeMutablePointer<Float>, strategy: ConvolutionStrategy = .windowRows,
        output: UnsafeMutablePointer<Float>, relu: Bool = false, profile: LayerProfile? = nil
    ) {
        if let profile {
            for n in 0..<g.batch {
                image(n, input: input, geometry: g, filters: filters, weight: weight, bias: bias,
                      rows: rows, strategy: strategy, output: output, relu: relu, profile: profile)
            }
            return
        }
        Compute.parallelFor(g.batch, callingBLAS: true) { images in
            for n in images {
                image(n, input: input, geometry: g, filters: filters, weight: weight, bias: bias,
                      rows: rows, strategy: strategy, output: output, relu: relu, profile: nil)
            }
        }
    }

    @inline(__always)
    private static func image(
        _ n: Int, input: UnsafePointer<Float>, geometry g: ConvGeometry, filters: Int,
        weight: UnsafePointer<Float>, bias: UnsafePointer<Float>?,
        rows allRows: UnsafeMutablePointer<Float>, strategy: ConvolutionStrategy,
        output: UnsafeMutablePointer<Float>, relu: Bool, profile: LayerProfile?
    ) {
        let (rowLength, outPlane) = (g.windowRow, g.outPlane)
        let rows = allRows + n * g.scratchPerImage(strategy)
        let out = output + n * outPlane * filters
        switch strategy {
        case .windowRows: WindowRows.gather(input, g, image: n, into: rows)
        case .patchMatrix: PatchRows.gather(input, g, image: n, into: rows)
        }
        profile?.lapWindowRows()
        if let bias {
            DenseForward.startRows(out, rows: outPlane, columns: filters, with: bias)
            profile?.lap(.biasReLU)
        }
        var calls = 0
        if strategy == .patchMatrix {
            // Y[Ho·Wo, F] (+)= Pᵀ · W[k·k·C, F], P stored by columns (`PatchRows`).
            BLAS.sgemm(
                transposeA: true, m: outPlane, n: filters, k: g.patchLength, a: rows, lda: outPlane,
                b: weight, ldb: filters, beta: bias == nil ? 0 : 1, c: out, ldc: filters)
            calls += 1
        }
        for ky in 0..<g.kernel where strategy == .windowRows {
            // Output (oy, ox) reads window row (oy + ky, ox): the Ho·Wo rows from ky·Wo on.
            BLAS.sgemm(
                m: outPlane, n: filters, k: rowLength,
                a: rows + ky * g.outWidth * rowLength, lda: rowLength,
                b: weight + ky * rowLength * filters, ldb: filters, beta: bias == nil && ky == 0 ? 0 : 1,
                c: out, ldc: filters)
            calls += 1
        }
        profile?.lapConvolutionGEMM(calls: calls)
        if relu {
            ReLUForward.run(out, count: outPlane * filters, output: out)
            profile?.lap(.biasReLU)
        }
    }
}

/// Dense (fully connected) forward: one sgemm over the batch.
package enum DenseForward {
    /// `output[n, o] = bias[o] + Σ_i input[n, i] · weight[o, i]`.
    package static func run(
        input: UnsafePointer<Float>, batch: Int, inputs: Int, outputs: Int,
        weight: UnsafePointer<Float>, bias: UnsafePointer<Float>,
        output: UnsafeMutablePointer<Float>, profile: LayerProfile? = nil
    ) {
        startRows(output, rows: batch, columns: outputs, with: bias)
        if batch == 1 {
            BLAS.sgemv(m: outputs, n: inputs, a: weight, lda: inputs, x: input, beta: 1, y: output)
            profile?.lap(.denseForward)
            return
        }
        BLAS.sgemm(
            transposeB: true, m: batch, n: outputs, k: inputs,
            a: input, lda: inputs, b: weight, ldb: inputs, beta: 1, c: output, ldc: outputs)
        profile?.lap(.denseForward, gemmCalls: 1)
    }

    /// Every row of `output` (`rows × columns`) set to `bias`, for an sgemm to add onto.
    @inline(__always)
    package static func startRows(_ output: UnsafeMutablePointer<Float>, rows: Int, columns: Int, with bias: UnsafePointer<Float>) {
        for r in 0..<rows { ShortRow.copy(output + r * columns, from: bias, count: columns) }
    }
}
