/// One image's patch matrix, for `ConvolutionStrategy.patchMatrix`, stored by columns: row
/// `(ky, kx, c)` (the order of the weights, `[k, k, C, F]`) holds, for every output position in
/// row order, the input pixel that weight multiplies. The convolution is then one sgemm
/// against the weights (this matrix transposed), and the weight gradient one with `dY`.
///
/// By columns because on one channel each row is the padded image shifted, `Ho` runs of `Wo`
/// floats: five times fewer, longer copies than the `k·k` pieces of `k` floats a patch per
/// output position takes, which cost more than the one product saves.
package enum PatchRows {
    /// Fills image `n`'s patch matrix (`g.patchLength × g.outPlane`) at the start of `scratch`
    /// (`g.scratchPerImage(.patchMatrix)` floats).
    package static func gather(_ input: UnsafePointer<Float>, _ g: ConvGeometry, image n: Int, into scratch: UnsafeMutablePointer<Float>) {
        let (channels, kernel, outWidth, positions) = (g.channels, g.kernel, g.outWidth, g.outPlane)
        // The image is staged with its zero border after the matrix, so no copy needs a bounds check.
        let padded = scratch + g.patchLength &* positions
        let paddedRow = g.paddedWidth &* channels
        padded.update(repeating: 0, count: g.paddedCount)
        let image = input + n &* g.height &* g.imageRow
        for y in 0..<g.height {
            (padded + (y + g.padding) &* paddedRow + g.padding &* channels)
                .update(from: image + y &* g.imageRow, count: g.imageRow)
        }
        var row = scratch
        for ky in 0..<kernel {
            for kx in 0..<kernel {
                for c in 0..<channels {
                    var source = padded + ky &* paddedRow + kx &* channels + c
                    for _ in 0..<g.outHeight {
                        if channels == 1 {
                            ShortRow.copy(row, from: source, count: outWidth)
                        } else {
                            for x in 0..<outWidth { row[x] = source[x &* channels] }
                        }
                        source += paddedRow
                        row += outWidth
                    }
                }
            }
        }
    }
}
