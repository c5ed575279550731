/// One image's patch matrix, for `ConvolutionStrategy.patchMatrix`: row `(oy, ox)` holds the
/// `k × k × C` window at output `(oy, ox)`, kernel rows one after the other, which is the
/// order of the weights (`[k, k, C, F]`), so the convolution is one sgemm against them.
package enum PatchRows {
    /// Fills image `n`'s patch matrix (`g.outPlane × g.patchLength`) at the start of `scratch`
    /// (`g.scratchPerImage(.patchMatrix)` floats).
    package static func gather(_ input: UnsafePointer<Float>, _ g: ConvGeometry, image n: Int, into scratch: UnsafeMutablePointer<Float>) {
        let (channels, windowRow, patchLength) = (g.channels, g.windowRow, g.patchLength)
        // The image is staged with its zero border after the patches, so every piece of a
        // patch is one fixed-length copy with no bounds checks.
        let padded = scratch + g.outPlane &* patchLength
        let paddedRow = g.paddedWidth &* channels
        padded.update(repeating: 0, count: g.paddedCount)
        let image = input + n &* g.height &* g.imageRow
        for y in 0..<g.height {
            (padded + (y + g.padding) &* paddedRow + g.padding &* channels)
                .update(from: image + y &* g.imageRow, count: g.imageRow)
        }
        var patch = scratch
        for oy in 0..<g.outHeight {
            var corner = padded + oy &* paddedRow
            for _ in 0..<g.outWidth {
                var window = corner
                for ky in 0..<g.kernel {
                    ShortRow.copy(patch + ky &* windowRow, from: window, count: windowRow)
                    window += paddedRow
                }
                corner += channels
                patch += patchLength
            }
        }
    }
}
