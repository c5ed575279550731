import Foundation
import StrokeBenchmarks
import StrokeModel
import StrokeReports

/// `strokes bench training --profile`'s table: one row per phase of a training step, each
/// sgemm phase beside its floor, then what the phases leave unaccounted.
enum TrainingProfileTable {
    static func render(_ result: TrainingProfile.Result, architecture: Architecture) -> String {
        let shards = StepGEMMs.shardDescription(result.batch)
        let how = result.workers == 1
            ? "\(shards), one after the other on 1 thread"
            : "\(shards), one per thread on \(result.workers) threads at once: each phase is its time summed over the shards "
                + "and divided by \(result.workers), timed on the thread that runs it (inside a shard all is sequential); "
                + "waiting for the slower shard falls in other/unaccounted"
        var rows = [["layer", "phase", "ms/step", "share", "sgemm calls", "M×N×K", "floor ms", "of floor"]]
        let ms = { (seconds: Double) in FixedDecimal(seconds * 1000, digits: 3).description }
        let share = { (seconds: Double) in Percent(seconds / result.instrumentedStep, digits: 1).description }
        for phase in result.phases {
            let layer = phase.key.layer.map { "\($0) \(architecture.layers[$0].summary)" } ?? "step"
            let floor = phase.floorSeconds
            rows.append([
                layer, name(phase.key, architecture, result.plan), ms(phase.seconds), share(phase.seconds),
                phase.gemmCalls > 0 ? String(phase.gemmCalls) : "–",
                phase.shapes.isEmpty ? "–" : phase.shapes.map { "\($0.m)×\($0.n)×\($0.k)" }.joined(separator: "+"),
                floor.map(ms) ?? "–", floor.map { FixedDecimal(phase.seconds / $0, digits: 2).description + "×" } ?? "–",
            ])
        }
        rows.append(["step", "sum of phases", ms(result.accounted), share(result.accounted), "–", "–", "–", "–"])
        rows.append(["step", "other/unaccounted", ms(result.unaccounted), share(result.unaccounted), "–", "–", "–", "–"])
        rows.append(["step", "whole step, lapped", ms(result.instrumentedStep), share(result.instrumentedStep), "–", "–", "–", "–"])
        let plain = result.plainRuns.sorted()
        var lines = [
            "profile, \(result.threads) thread\(result.threads == 1 ? "" : "s"), batch \(result.batch), convolution \(result.plan): \(how)",
            TextTable.render(rows, rightAligned: [2, 3, 4, 6, 7]),
            "whole step without laps: \(ms(result.plainMedian)) ms median, \(ms(plain.first!))–\(ms(plain.last!)) ms over "
                + "\(plain.count) runs of \(result.stepsPerRun) steps, alternating with the lapped runs "
                + "(laps: \(Percent(result.instrumentedStep / result.plainMedian - 1, digits: 1)) of the step)",
        ]
        for phase in result.phases {
            let implied = phase.shapes.reduce(0) { $0 + $1.count }
            if implied != phase.gemmCalls {
                lines.append("note: \(name(phase.key, architecture, result.plan)) of layer \(phase.key.layer ?? -1) made \(phase.gemmCalls) sgemm calls, "
                    + "the geometry implies \(implied): its floor times the implied ones")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// What the phase does, in the words of the kernels that run it.
    static func name(_ key: PhaseKey, _ architecture: Architecture, _ plan: ConvolutionPlan) -> String {
        let dense = key.layer.map { if case .dense = architecture.layers[$0] { true } else { false } } ?? false
        let patches = key.layer.map { plan.strategy(ofLayer: $0, in: architecture) == .patchMatrix } ?? false
        return switch key.phase {
        case .input: "input batch (scaled images)"
        case .windowRows: patches ? "patch matrix (gather)" : "window rows (gather)"
        case .convolutionGEMM: patches ? "sgemm, 1 per image" : "sgemm, 1 per image and kernel row"
        case .biasReLU: "bias + ReLU"
        case .reluForward: "ReLU"
        case .poolForward: "max-pool"
        case .denseForward: "sgemm + bias"
        case .loss: "softmax cross-entropy"
        case .poolBackward: "max-pool backward (+ ReLU's)"
        case .reluBackward: "ReLU backward"
        case .biasGradient: "bias gradient (column sums)"
        case .weightGradientGEMM: dense ? "weight gradient sgemm dYᵀ·X" : "weight gradient sgemm rowsᵀ·dY"
        case .inputGradientRows: patches ? "input gradient: flip + dY patch matrix" : "input gradient: flip + dY window rows"
        case .inputGradientGEMM: dense ? "input gradient sgemm dY·W" : "input gradient sgemm (dY ⊛ flipped W)"
        case .shardSum: "sum of the shards' gradients"
        case .optimizer: "optimizer (Adam)"
        }
    }
}
