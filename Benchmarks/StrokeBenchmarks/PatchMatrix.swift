import StrokeModel
import StrokeTraining

/// The whole batch's patch matrix (im2col): the layout the shipped window rows replaced, kept
/// as the reference `strokes bench training` times the convolution forward pass against.
enum PatchMatrix {
    /// Fills `patches` from `input` (`[N, H, W, C]`).
    ///
    /// Each image is first copied into a zero-padded scratch image, so every window row is a
    /// fixed-length copy with no bounds checks. With `padded` (`g.paddedCount` floats) the
    /// images are done one after another in that scratch, allocating nothing (a training
    /// worker's loop); without it they are split between threads, each with its own.
    static func im2col(
        _ input: UnsafePointer<Float>, _ g: ConvGeometry, into patches: UnsafeMutablePointer<Float>,
        padded scratch: UnsafeMutablePointer<Float>? = nil
    ) {
        withPaddedImages(g, scratch) { padded, n in
            // The border stays zero (set once per chunk); only the interior is rewritten.
            let source = input + n * g.height * g.imageRow
            for y in 0..<g.height {
                interiorRow(y, of: padded, g).update(from: source + y * g.imageRow, count: g.imageRow)
            }
            forEachWindowRow(g, image: n, padded: padded, patches: patches) { window, patchRow in
                ShortRow.copy(patchRow, from: window, count: g.windowRow)
            }
        }
    }

    /// Where image row `y` starts inside the padded image.
    @inline(__always)
    private static func interiorRow(_ y: Int, of padded: UnsafeMutablePointer<Float>, _ g: ConvGeometry) -> UnsafeMutablePointer<Float> {
        padded + ((y + g.padding) * g.paddedWidth + g.padding) * g.channels
    }

    /// Calls `body` for every image with a zeroed padded image of scratch: `scratch` for all of
    /// them in turn, or else one temporary per thread. Chunks own whole images (their patch
    /// rows and their pixels), so no two threads write the same memory.
    @inline(__always)
    private static func withPaddedImages(
        _ g: ConvGeometry, _ scratch: UnsafeMutablePointer<Float>?,
        _ body: (_ padded: UnsafeMutablePointer<Float>, _ image: Int) -> Void
    ) {
        if let scratch {
            scratch.update(repeating: 0, count: g.paddedCount)
            for n in 0..<g.batch { body(scratch, n) }
            return
        }
        Compute.parallelFor(g.batch) { images in
            withUnsafeTemporaryAllocation(of: Float.self, capacity: g.paddedCount) { buffer in
                let padded = buffer.baseAddress!
                padded.initialize(repeating: 0, count: g.paddedCount)
                for n in images { body(padded, n) }
            }
        }
    }

    /// For every output position of image `n` and every kernel row, where that window row starts in
    /// the padded image and in the patch matrix.
    @inline(__always)
    private static func forEachWindowRow(
        _ g: ConvGeometry, image n: Int, padded: UnsafeMutablePointer<Float>,
        patches: UnsafeMutablePointer<Float>,
        _ body: (_ window: UnsafeMutablePointer<Float>, _ patchRow: UnsafeMutablePointer<Float>) -> Void
    ) {
        // Run thousands of times per image with rows of 5–80 floats: the index arithmetic is
        // hoisted and unchecked (every offset stays inside the buffers sized from `g`).
        let (kernel, channels, windowRow, patchLength) = (g.kernel, g.channels, g.windowRow, g.patchLength)
        let paddedRow = g.paddedWidth &* channels
        var patch = patches + n &* g.outPlane &* patchLength
        for oy in 0..<g.outHeight {
            var corner = padded + oy &* paddedRow
            for _ in 0..<g.outWidth {
                var window = corner, row = patch
                for _ in 0..<kernel {
                    body(window, row)
                    window += paddedRow
                    row += windowRow
                }
                corner += channels
                patch += patchLength
            }
        }
    }
}
