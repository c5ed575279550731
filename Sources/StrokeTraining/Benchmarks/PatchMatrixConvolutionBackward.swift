import StrokeModel

/// The convolution backward pass training used before `ConvolutionBackward`'s window rows,
/// kept as the reference `strokes bench training` compares it with: in chunks of a few
/// images, per chunk, im2col, two sgemms over the chunk's patch matrix (the weight gradient
/// accumulating across chunks) and a col2im.
///
/// A chunk's patch matrix (about 256 KB) stays in cache between the im2col that writes it and
/// the sgemms that read it; the whole batch's (5–20 MB) did not, and the step waited on memory.
/// The chunks form a fixed number of groups, each summing its weight gradient on its own;
/// the groups are added in order at the end. Threads take whole groups (each with a
/// single-threaded OpenBLAS and its own scratch), so the bits do not depend on the thread count.
public enum PatchMatrixConvolutionBackward {
    /// Floats of patch matrix per chunk: about 256 KB, well inside L2.
    public static let chunkFloats = 65_536
    /// Groups of chunks with their own weight-gradient sums: the most threads that can share
    /// one layer's backward pass.
    public static let groups = 4

    /// Per-worker and per-group buffers for one conv layer, sized for a batch capacity.
    public final class Scratch: @unchecked Sendable {
        let imagesPerChunk: Int
        let workers: Int
        /// `patches[w]`: one chunk's patch matrix, then its gradient.
        let patches: [UnsafeMutablePointer<Float>]
        /// `padded[w]`: one zero-bordered image for im2col and col2im.
        let padded: [UnsafeMutablePointer<Float>]
        /// `partials[g - 1]`: group `g`'s weight gradient (group 0 writes the real one).
        let partials: [UnsafeMutablePointer<Float>]
        private let arena = ScratchArena()

        /// - Parameter chunkFloats: patch-matrix floats per chunk (`Int.max`: the whole batch at once).
        package init(_ g: ConvGeometry, filters: Int, workers: Int = Compute.threads, chunkFloats: Int = PatchMatrixConvolutionBackward.chunkFloats) {
            let images = max(1, min(g.batch, chunkFloats / (g.outPlane * g.patchLength)))
            imagesPerChunk = images
            self.workers = min(max(1, workers), PatchMatrixConvolutionBackward.groups)
            patches = (0..<self.workers).map { [arena] _ in arena.zeros(images * g.outPlane * g.patchLength) }
            padded = (0..<self.workers).map { [arena] _ in arena.zeros(g.paddedCount) }
            partials = (1..<PatchMatrixConvolutionBackward.groups).map { [arena] _ in arena.zeros(g.patchLength * filters) }
        }
    }

    /// Given the layer's `input` (`[N, H, W, C]`) and `outputGradient` (`[N, Ho, Wo, F]`),
    /// writes the weight (`[k, k, C, F]`) and bias gradients (overwritten) and, when
    /// `inputGradient` is non-nil, the input gradient (`[N, H, W, C]`, overwritten).
    package static func run(
        outputGradient: UnsafePointer<Float>, input: UnsafePointer<Float>, geometry g: ConvGeometry,
        filters: Int, weight: UnsafePointer<Float>,
        weightGradient: UnsafeMutablePointer<Float>, biasGradient: UnsafeMutablePointer<Float>,
        scratch: Scratch, inputGradient: UnsafeMutablePointer<Float>?
    ) {
        DenseBackward.sumRows(outputGradient, rows: g.positions, columns: filters, into: biasGradient)
        let chunks = (g.batch + scratch.imagesPerChunk - 1) / scratch.imagesPerChunk
        let groupCount = min(groups, chunks)
        let workers = min(scratch.workers, Compute.threads, groupCount)
        let inputPerImage = g.height * g.width * g.channels
        Compute.dataParallel(workers) { worker in
            let patches = scratch.patches[worker], padded = scratch.padded[worker]
            for group in (groupCount * worker / workers)..<(groupCount * (worker + 1) / workers) {
                let gradient = group == 0 ? weightGradient : scratch.partials[group - 1]
                let first = chunks * group / groupCount
                for index in first..<(chunks * (group + 1) / groupCount) {
                    let start = index * scratch.imagesPerChunk, count = min(scratch.imagesPerChunk, g.batch - start)
                    let c = ConvGeometry(
                        batch: count, channels: g.channels, height: g.height, width: g.width, kernel: g.kernel, padding: g.padding)
                    let dy = outputGradient + start * g.outPlane * filters
                    Im2col.im2col(input + start * inputPerImage, c, into: patches, padded: padded)
                    // dW[L, F] (+)= Pᵀ[L, n·P] · dY[n·P, F]; a group's first chunk overwrites.
                    BLAS.sgemm(
                        transposeA: true, m: g.patchLength, n: filters, k: c.positions,
                        a: patches, lda: g.patchLength, b: dy, ldb: filters,
                        beta: index == first ? 0 : 1, c: gradient, ldc: filters)
                    guard let inputGradient else { continue }
                    // dP[n·P, L] = dY[n·P, F] · Wᵀ[F, L] (over P, no longer needed), folded back
                    // onto the images by col2im.
                    BLAS.sgemm(
                        transposeB: true, m: c.positions, n: g.patchLength, k: filters,
                        a: dy, lda: filters, b: weight, ldb: filters, c: patches, ldc: g.patchLength)
                    Im2col.col2im(patches, c, into: inputGradient + start * inputPerImage, padded: padded)
                }
            }
        }
        for group in 1..<max(1, groupCount) {
            let partial = scratch.partials[group - 1]
            for i in 0..<(g.patchLength * filters) { weightGradient[i] += partial[i] }
        }
    }
}

