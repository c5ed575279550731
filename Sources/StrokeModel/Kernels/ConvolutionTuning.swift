import Foundation

/// Chooses each conv layer's `ConvolutionStrategy` by timing the candidates on the layer's
/// real shapes, as cuDNN's benchmark mode does: a few milliseconds per layer, once per machine
/// for each network, batch and thread count (`ConvolutionPlanStore` keeps the answer, so later
/// runs, in this process or another, run the same plan and give the same bits).
package enum ConvolutionTuning {
    /// Another strategy must beat window rows (the one the figures before it were measured
    /// with) by this factor: a near tie is left alone, so noise does not flip the choice.
    package static let margin = 0.9

    /// The strategy whose run is fastest: every candidate once to warm up, then `rounds`
    /// alternated timed runs, each candidate judged by its best.
    package static func fastest(rounds: Int = 5, _ run: (ConvolutionStrategy) -> Void) -> ConvolutionStrategy {
        var best: [ConvolutionStrategy: Double] = [:]
        for strategy in ConvolutionStrategy.allCases { run(strategy) }
        for _ in 0..<rounds {
            for strategy in ConvolutionStrategy.allCases {
                let start = ContinuousClock.now
                run(strategy)
                let elapsed = ContinuousClock.now - start
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
                best[strategy] = min(best[strategy] ?? .infinity, seconds)
            }
        }
        let reference = best[.windowRows] ?? .infinity
        let challenger = best.filter { $0.key != .windowRows }.min { $0.value < $1.value }
        if let challenger, challenger.value < reference * margin { return challenger.key }
        return .windowRows
    }

    /// The plan for classifying, one image or a batch: every strategy runs a batch image by
    /// image, so one plan serves both, timed on one image's forward pass (the editor's live
    /// path); a single call and a batch then give the same bits.
    package static func inferencePlan(for architecture: Architecture) -> ConvolutionPlan {
        cached("inference", architecture, 1) {
            perLayer(architecture) { layer in
                let harness = LayerHarness(architecture, layer: layer, batch: 1)
                defer { harness.release() }
                return Compute.asOneWorker { fastest { strategy in harness.forward(strategy) } }
            }
        }
    }

    /// A plan of `choose(layer)` for every conv layer (window rows for a network without any).
    package static func perLayer(_ architecture: Architecture, _ choose: (Int) -> ConvolutionStrategy) -> ConvolutionPlan {
        let layers = architecture.convolutionLayers
        return ConvolutionPlan(layers.isEmpty ? [.windowRows] : layers.map(choose))
    }

    /// The plan for `purpose` on this network, batch and thread count: the one this process
    /// already has, else the one kept on this machine (`ConvolutionPlanStore`), else measured
    /// now and kept. After `measureAfresh()` the kept plans are measured over once.
    package static func cached(
        _ purpose: String, _ architecture: Architecture, _ batch: Int, measure: () -> ConvolutionPlan
    ) -> ConvolutionPlan {
        let key = "\(purpose)|\(architecture.layers.map(\.summary).joined(separator: " "))|\(architecture.input)|\(batch)|\(Compute.threads)"
        let (known, afresh) = cache.lock.withLock { (cache.plans[key], cache.afresh) }
        if let known { return known }
        let plan: ConvolutionPlan
        if !afresh, let kept = store.plan(for: key) {
            plan = kept
        } else {
            if afresh { store.forget(key) }
            plan = store.record(measure(), for: key)
        }
        return cache.lock.withLock {
            if let earlier = cache.plans[key] { return earlier }  // another thread got here first: agree with it
            cache.plans[key] = plan
            return plan
        }
    }

    /// Where measured plans are kept between processes.
    package static let store = ConvolutionPlanStore.standard

    /// Makes this process measure every plan it needs again, replacing the kept ones
    /// (`strokes train --convolution measure`).
    package static func measureAfresh() { cache.lock.withLock { cache.afresh = true } }

    private static let cache = PlanCache()
}

private final class PlanCache: @unchecked Sendable {
    let lock = NSLock()
    var plans: [String: ConvolutionPlan] = [:]  // under `lock`
    var afresh = false  // under `lock`
}

/// One conv layer's buffers at one batch size, filled with plain values (the time does not
/// depend on them), to time its forward pass under each strategy.
package struct LayerHarness {
    package let geometry: ConvGeometry
    package let filters: Int
    package let input, weight, bias, output: UnsafeMutablePointer<Float>
    package let rows: [ConvolutionStrategy: UnsafeMutablePointer<Float>]

    package init(_ architecture: Architecture, layer: Int, batch: Int) {
        guard case let .conv(filters, kernel, padding) = architecture.layers[layer] else {
            preconditionFailure("layer \(layer) is not a convolution")
        }
        let g = ForwardPass.geometry(architecture.shapes[layer], kernel: kernel, padding: padding, batch: batch)
        func filled(_ count: Int, _ value: Float) -> UnsafeMutablePointer<Float> {
            let pointer = UnsafeMutablePointer<Float>.allocate(capacity: count)
            pointer.initialize(repeating: value, count: count)
            return pointer
        }
        geometry = g
        self.filters = filters
        input = filled(batch * architecture.shapes[layer].count, 0.5)
        weight = filled(g.patchLength * filters, 0.01)
        bias = filled(filters, 0.1)
        output = filled(batch * g.outPlane * filters, 0)
        rows = Dictionary(uniqueKeysWithValues: ConvolutionStrategy.allCases.map { ($0, filled(g.scratchCount($0), 0)) })
    }

    package func forward(_ strategy: ConvolutionStrategy) {
        ConvolutionForward.run(
            input: input, geometry: geometry, filters: filters, weight: weight, bias: bias,
            rows: rows[strategy]!, strategy: strategy, output: output, relu: true)
    }

    package func release() {
        for pointer in [input, weight, bias, output] + Array(rows.values) { pointer.deallocate() }
    }
}
