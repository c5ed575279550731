import StrokeModel

/// Convolution backward in chunks of a few images (shipped) against one patch matrix for the
/// whole batch, timed alternately in the same run so a noisy machine favours neither.
public enum ConvolutionBackwardBenchmark {
    public struct Comparison: Sendable {
        public let layer: Int
        public let batch: Int
        /// Seconds per image, chunked and whole batch.
        public let chunked: Double
        public let wholeBatch: Double
        public var speedUp: Double { wholeBatch / chunked }
    }

    public static func compare(_ architecture: Architecture, batch: Int, passes: Int = 10, repeats: Int = 7) -> [Comparison] {
        architecture.layers.indices.compactMap { index in
            guard case let .conv(filters, kernel, padding) = architecture.layers[index] else { return nil }
            let g = ForwardPass.geometry(architecture.shapes[index], kernel: kernel, padding: padding, batch: batch)
            let arena = ScratchArena()
            var random = SeededGenerator(seed: 4)
            let inputCount = batch * architecture.shapes[index].count
            let input = arena.zeros(inputCount, of: Float.self)
            let outputGradient = arena.zeros(g.positions * filters, of: Float.self)
            let weight = arena.zeros(g.patchLength * filters, of: Float.self)
            for i in 0..<inputCount { input[i] = random.nextFloat() }
            for i in 0..<(g.positions * filters) { outputGradient[i] = random.nextFloat() - 0.5 }
            for i in 0..<(g.patchLength * filters) { weight[i] = random.nextFloat() - 0.5 }
            let weightGradient = arena.zeros(g.patchLength * filters, of: Float.self)
            let biasGradient = arena.zeros(filters, of: Float.self)
            let inputGradient = arena.zeros(inputCount, of: Float.self)
            let chunkedScratch = ConvolutionBackward.Scratch(g, filters: filters, workers: 1)
            let wholeScratch = ConvolutionBackward.Scratch(g, filters: filters, workers: 1, chunkFloats: .max)
            let run = { (chunkFloats: Int) in
                ConvolutionBackward.run(
                    outputGradient: outputGradient, input: input, geometry: g, filters: filters, weight: weight,
                    weightGradient: weightGradient, biasGradient: biasGradient,
                    scratch: chunkFloats == .max ? wholeScratch : chunkedScratch,
                    inputGradient: index == 0 ? nil : inputGradient)
            }
            var chunked: [Double] = [], whole: [Double] = []
            run(ConvolutionBackward.chunkFloats)
            run(Int.max)
            for _ in 0..<repeats {
                chunked.append(seconds(ContinuousClock().measure { for _ in 0..<passes { run(ConvolutionBackward.chunkFloats) } }))
                whole.append(seconds(ContinuousClock().measure { for _ in 0..<passes { run(Int.max) } }))
            }
            let perImage = Double(passes * batch)
            return Comparison(
                layer: index, batch: batch, chunked: chunked.sorted()[repeats / 2] / perImage,
                wholeBatch: whole.sorted()[repeats / 2] / perImage)
        }
    }
}
