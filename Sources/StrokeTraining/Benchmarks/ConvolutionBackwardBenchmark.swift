import StrokeModel

/// Convolution backward from window rows (shipped) against the chunked patch matrix it
/// replaced, at one thread, timed alternately in the same run so a noisy machine favours
/// neither. The window rows come from the forward pass, so they are built before timing.
public enum ConvolutionBackwardBenchmark {
    public struct Comparison: Sendable {
        public let layer: Int
        public let batch: Int
        /// Seconds per image, window rows and chunked patch matrix.
        public let windowRows: Double
        public let patchMatrix: Double
        public var speedUp: Double { patchMatrix / windowRows }
    }

    public static func compare(_ architecture: Architecture, batch: Int, passes: Int = 10, repeats: Int = 7) -> [Comparison] {
        architecture.layers.indices.compactMap { index -> Comparison? in
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
            let windowRows = arena.zeros(g.windowRowsCount, of: Float.self)
            for n in 0..<batch { Im2col.windowRows(input, g, image: n, into: windowRows + n * g.windowScratchPerImage) }
            let weightGradient = arena.zeros(g.patchLength * filters, of: Float.self)
            let biasGradient = arena.zeros(filters, of: Float.self)
            let inputGradient = arena.zeros(inputCount, of: Float.self)
            let shipped = ConvolutionBackward.Scratch(g, filters: filters)
            let chunked = PatchMatrixConvolutionBackward.Scratch(g, filters: filters, workers: 1)
            let dx = index == 0 ? nil : inputGradient
            let runShipped = {
                ConvolutionBackward.run(
                    outputGradient: outputGradient, windowRows: windowRows, geometry: g, filters: filters, weight: weight,
                    weightGradient: weightGradient, biasGradient: biasGradient, scratch: shipped, inputGradient: dx)
            }
            let runChunked = {
                PatchMatrixConvolutionBackward.run(
                    outputGradient: outputGradient, input: input, geometry: g, filters: filters, weight: weight,
                    weightGradient: weightGradient, biasGradient: biasGradient, scratch: chunked, inputGradient: dx)
            }
            runShipped()
            runChunked()
            var shippedTimes: [Double] = [], chunkedTimes: [Double] = []
            for _ in 0..<repeats {
                shippedTimes.append(seconds(ContinuousClock().measure { for _ in 0..<passes { runShipped() } }))
                chunkedTimes.append(seconds(ContinuousClock().measure { for _ in 0..<passes { runChunked() } }))
            }
            let perImage = Double(passes * batch)
            return Comparison(
                layer: index, batch: batch, windowRows: shippedTimes.sorted()[repeats / 2] / perImage,
                patchMatrix: chunkedTimes.sorted()[repeats / 2] / perImage)
        }
    }
}
