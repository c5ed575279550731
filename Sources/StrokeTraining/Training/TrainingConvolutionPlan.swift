import StrokeModel

extension ConvolutionTuning {
    /// The plan for training steps over shards of `batch` images: each conv layer's forward
    /// and backward pass (the input gradient too, but for the first layer, which has none)
    /// timed together, as a shard's worker runs them, on one thread.
    package static func trainingPlan(for architecture: Architecture, batch: Int) -> ConvolutionPlan {
        cached("training", architecture, batch) {
            perLayer(architecture) { layer in
                let harness = LayerHarness(architecture, layer: layer, batch: batch)
                defer { harness.release() }
                let (g, filters) = (harness.geometry, harness.filters)
                let arena = ScratchArena()
                let outputGradient = arena.zeros(g.positions * filters, of: Float.self)
                outputGradient.update(repeating: 0.01, count: g.positions * filters)
                let weightGradient = arena.zeros(g.patchLength * filters, of: Float.self)
                let biasGradient = arena.zeros(filters, of: Float.self)
                let inputGradient = layer == 0 ? nil : arena.zeros(batch * architecture.shapes[layer].count, of: Float.self)
                let scratch = Dictionary(uniqueKeysWithValues: ConvolutionStrategy.allCases.map {
                    ($0, ConvolutionBackward.Scratch(g, filters: filters, strategy: $0))
                })
                return Compute.asOneWorker {
                    fastest { strategy in
                        harness.forward(strategy)
                        ConvolutionBackward.run(
                            outputGradient: outputGradient, rows: harness.rows[strategy]!, geometry: g, strategy: strategy,
                            filters: filters, weight: harness.weight, weightGradient: weightGradient,
                            biasGradient: biasGradient, scratch: scratch[strategy]!, inputGradient: inputGradient)
                    }
                }
            }
        }
    }
}
