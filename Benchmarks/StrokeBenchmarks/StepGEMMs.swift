import StrokeModel
import StrokeTraining

/// One phase of one layer (`layer` nil: a step-level phase), ordered as a step runs them:
/// the input, the forward pass layer by layer, the loss, the backward pass from the last
/// layer down, then the shards' sum and the optimizer.
package struct PhaseKey: Hashable, Comparable, Sendable {
    package let layer: Int?
    package let phase: PhaseProfile.Phase

    package init(layer: Int?, _ phase: PhaseProfile.Phase) {
        self.layer = layer
        self.phase = phase
    }

    private var order: (Int, Int, Int) {
        let stage = switch phase {
        case .input: 0
        case .loss: 2
        case .shardSum, .optimizer: 4
        default: phase.isBackward ? 3 : 1
        }
        let layer = layer ?? 0
        return (stage, stage == 3 ? -layer : layer, phase.rawValue)
    }

    package static func < (a: PhaseKey, b: PhaseKey) -> Bool { a.order < b.order }
}

/// The sgemm calls a training step of an architecture makes, phase by phase, derived from
/// its geometry (the profile counts the calls the kernels really make; tests hold the two
/// together).
package enum StepGEMMs {
    /// For a conv: one sgemm per image and kernel row (window rows) or per image (patch
    /// matrix), as `plan` says, for the forward pass (`ConvolutionForward`), the weight
    /// gradient, and (except for the first layer) the input gradient, a forward convolution of
    /// the output gradient with the flipped kernel (`ConvolutionBackward`). For a dense layer:
    /// one each per shard of the batch (`ShardedStep`), the forward pass an sgemv when the
    /// shard is one image.
    package static func byPhase(
        _ architecture: Architecture, batch: Int, plan: ConvolutionPlan
    ) -> [PhaseKey: [TrainingBenchmark.GEMMShape]] {
        typealias Shape = TrainingBenchmark.GEMMShape
        var phases: [PhaseKey: [Shape]] = [:]
        for (index, layer) in architecture.layers.enumerated() {
            let input = architecture.shapes[index]
            switch layer {
            case let .conv(filters, kernel, padding):
                let g = ForwardPass.geometry(input, kernel: kernel, padding: padding, batch: batch)
                // Window rows: k products per image of inner size k·C; the patch matrix (stored by
                // columns, so transposed where the window rows are not): one of k·k·C.
                let rows = plan.strategy(ofLayer: index, in: architecture) == .windowRows
                let perImage = rows ? kernel : 1
                let (calls, inner) = (batch * perImage, g.patchLength / perImage)
                guard calls > 0 else { continue }
                phases[PhaseKey(layer: index, .convolutionGEMM)] = [
                    Shape(m: g.outPlane, n: filters, k: inner, count: calls, transposeA: !rows)
                ]
                phases[PhaseKey(layer: index, .weightGradientGEMM)] = [
                    Shape(m: inner, n: filters, k: g.outPlane, count: calls, transposeA: rows)
                ]
                if index > 0 {
                    // Output H×W, one channel per input channel, rows of k·F (or k·k·F) floats.
                    phases[PhaseKey(layer: index, .inputGradientGEMM)] = [
                        Shape(m: input.height * input.width, n: input.channels, k: kernel * kernel * filters / perImage,
                              count: calls, transposeA: !rows)
                    ]
                }
            case let .dense(units):
                for (images, shards) in shardSizes(batch) {
                    if images > 1 {
                        phases[PhaseKey(layer: index, .denseForward), default: []]
                            .append(Shape(m: images, n: units, k: input.count, count: shards, transposeB: true))
                    }
                    phases[PhaseKey(layer: index, .weightGradientGEMM), default: []]
                        .append(Shape(m: units, n: input.count, k: images, count: shards, transposeA: true))
                    if index > 0 {
                        phases[PhaseKey(layer: index, .inputGradientGEMM), default: []]
                            .append(Shape(m: images, n: input.count, k: units, count: shards))
                    }
                }
            case .relu, .maxPool, .flatten:
                break
            }
        }
        return phases
    }

    /// The batch's shards as (images per shard, how many shards of that size), empty ones left out.
    static func shardSizes(_ batch: Int) -> [(images: Int, shards: Int)] {
        let sizes = (0..<ShardedStep.shards).map { batch * ($0 + 1) / ShardedStep.shards - batch * $0 / ShardedStep.shards }
        return Set(sizes).filter { $0 > 0 }.sorted().map { size in (size, sizes.filter { $0 == size }.count) }
    }
}

extension StepGEMMs {
    /// The batch's shards in words, e.g. `2 shards of 32 images`.
    package static func shardDescription(_ batch: Int) -> String {
        shardSizes(batch).map { "\($0.shards) shard\($0.shards == 1 ? "" : "s") of \($0.images) image\($0.images == 1 ? "" : "s")" }
            .joined(separator: " and ")
    }
}
