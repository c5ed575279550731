import StrokeModel
import StrokeTraining

/// The shipped convolution forward pass under each `ConvolutionStrategy` against the layout
/// they replaced, measured in the same run: window rows with one sgemm per image and kernel
/// row, each image's patch matrix with one sgemm (`ConvolutionForward`), versus the whole
/// batch's patch matrix (im2col) and one sgemm.
package enum ConvolutionBenchmark {
    package struct Comparison: Sendable {
        package let layer: Int
        package let batch: Int
        /// Seconds per image: the shipped strategies, and the reference.
        package let windowRows: Double
        package let imagePatches: Double
        package let patchMatrix: Double
        /// The faster shipped strategy against the reference.
        package var speedUp: Double { patchMatrix / min(windowRows, imagePatches) }
    }

    /// One comparison per conv layer of `architecture`, on random inputs and weights.
    package static func compare(_ architecture: Architecture, batch: Int, passes: Int = 20, repeats: Int = 5) -> [Comparison] {
        architecture.layers.indices.compactMap { index in
            guard case let .conv(filters, kernel, padding) = architecture.layers[index] else { return nil }
            let g = ForwardPass.geometry(architecture.shapes[index], kernel: kernel, padding: padding, batch: batch)
            let arena = ScratchArena()
            var random = SeededGenerator(seed: 3)
            let input = arena.zeros(batch * architecture.shapes[index].count, of: Float.self)
            let weight = arena.zeros(g.patchLength * filters, of: Float.self)
            let bias = arena.zeros(filters, of: Float.self)
            for i in 0..<(batch * architecture.shapes[index].count) { input[i] = random.nextFloat() }
            for i in 0..<(g.patchLength * filters) { weight[i] = random.nextFloat() - 0.5 }
            let rows = arena.zeros(max(g.scratchCount(.windowRows), g.scratchCount(.patchMatrix)), of: Float.self)
            let patches = arena.zeros(g.positions * g.patchLength, of: Float.self)
            let output = arena.zeros(g.positions * filters, of: Float.self)

            let shipped = { (strategy: ConvolutionStrategy) in
                ConvolutionForward.run(
                    input: input, geometry: g, filters: filters, weight: weight, bias: bias,
                    rows: rows, strategy: strategy, output: output)
            }
            let reference = {
                PatchMatrix.im2col(input, g, into: patches)
                DenseForward.startRows(output, rows: g.positions, columns: filters, with: bias)
                BLAS.sgemm(
                    m: g.positions, n: filters, k: g.patchLength, a: patches, lda: g.patchLength,
                    b: weight, ldb: filters, beta: 1, c: output, ldc: filters)
            }
            let time = { (body: () -> Void) in
                TrainingBenchmark.medianSeconds(repeats: repeats, warmup: body) { for _ in 0..<passes { body() } }
            }
            let perImage = Double(passes * batch)
            return Comparison(
                layer: index, batch: batch, windowRows: time { shipped(.windowRows) } / perImage,
                imagePatches: time { shipped(.patchMatrix) } / perImage, patchMatrix: time(reference) / perImage)
        }
    }
}
