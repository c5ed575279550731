import Foundation

/// Where a training step's time goes, phase by phase (`strokes bench training --profile`):
/// nanoseconds, laps and sgemm calls summed per layer and phase over the steps recorded.
///
/// Time is charged by laps: `lap` charges everything since the previous lap (or `restart`)
/// to its phase, so the phases of one sequence tile it with no gaps and no double counting.
/// One per thread: a training shard's forward and backward pass share their worker's. Nil
/// everywhere in ordinary training, which then reads no clock and allocates nothing more.
package final class PhaseProfile: @unchecked Sendable {
    /// The phases, in the order a step runs them within a layer.
    package enum Phase: Int, CaseIterable, Sendable {
        /// Step-level: the batch's images written into the input (augmentation, scaling).
        case input
        // Forward.
        case windowRows, convolutionGEMM, biasReLU, reluForward, poolForward, denseForward
        /// Step-level: softmax cross-entropy and its gradient.
        case loss
        // Backward (pool backward includes a ReLU before it, fused).
        case poolBackward, reluBackward, biasGradient, weightGradientGEMM
        /// A conv's input gradient: flipped kernel, then the output gradient's window rows.
        case inputGradientRows
        case inputGradientGEMM
        /// Step-level, after the shards: their gradients added, and the optimizer's update.
        case shardSum, optimizer

        package var isBackward: Bool { rawValue >= Phase.poolBackward.rawValue && rawValue < Phase.shardSum.rawValue }
    }

    /// One recorded (layer, phase): `layer` is nil for step-level phases.
    package struct Entry: Sendable, Equatable {
        package let layer: Int?
        package let phase: Phase
        package var nanoseconds: UInt64
        package var laps: Int
        package var gemmCalls: Int
    }

    package let layers: Int
    private let slots: Int
    private let nanoseconds: UnsafeMutablePointer<UInt64>
    private let laps: UnsafeMutablePointer<Int>
    private let gemmCalls: UnsafeMutablePointer<Int>
    private var last: UInt64

    /// Room for `layers` layers and the step-level phases.
    package init(layers: Int) {
        self.layers = layers
        slots = (layers + 1) * Phase.allCases.count
        nanoseconds = .allocate(capacity: slots)
        laps = .allocate(capacity: slots)
        gemmCalls = .allocate(capacity: slots)
        last = Self.now()
        reset()
    }

    deinit {
        nanoseconds.deallocate()
        laps.deallocate()
        gemmCalls.deallocate()
    }

    /// Forgets everything recorded.
    package func reset() {
        nanoseconds.initialize(repeating: 0, count: slots)
        laps.initialize(repeating: 0, count: slots)
        gemmCalls.initialize(repeating: 0, count: slots)
        restart()
    }

    /// Starts a sequence of laps now (what came before is charged to nothing).
    @inline(__always)
    package func restart() { last = Self.now() }

    /// Charges the time since the previous lap to `phase` of `layer` (nil: step-level), with
    /// the sgemm calls it made.
    @inline(__always)
    package func lap(_ phase: Phase, layer: Int? = nil, gemmCalls calls: Int = 0) {
        let now = Self.now()
        let slot = ((layer ?? -1) + 1) * Phase.allCases.count + phase.rawValue
        nanoseconds[slot] += now &- last
        laps[slot] += 1
        gemmCalls[slot] += calls
        last = now
    }

    /// Every (layer, phase) lapped at least once, step-level first, then by layer and phase.
    package var entries: [Entry] {
        (0..<slots).compactMap { slot in
            guard laps[slot] > 0 else { return nil }
            let layer = slot / Phase.allCases.count - 1
            return Entry(
                layer: layer < 0 ? nil : layer, phase: Phase(rawValue: slot % Phase.allCases.count)!,
                nanoseconds: nanoseconds[slot], laps: laps[slot], gemmCalls: gemmCalls[slot])
        }
    }

    /// A monotonic clock (not the wall clock, which may jump), in nanoseconds.
    @inline(__always)
    package static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// A profile bound to one layer, as the kernels take it.
package struct LayerProfile {
    package let profile: PhaseProfile
    package let layer: Int
    /// Where a convolution's window rows and sgemms are charged: the forward pass's own, or
    /// (the input gradient is a forward convolution too) the backward pass's.
    package var rows = PhaseProfile.Phase.windowRows
    package var gemm = PhaseProfile.Phase.convolutionGEMM

    package init(_ profile: PhaseProfile, layer: Int) {
        self.profile = profile
        self.layer = layer
    }

    @inline(__always)
    package func lap(_ phase: PhaseProfile.Phase, gemmCalls: Int = 0) {
        profile.lap(phase, layer: layer, gemmCalls: gemmCalls)
    }

    @inline(__always)
    package func lapWindowRows() { lap(rows) }

    @inline(__always)
    package func lapConvolutionGEMM(calls: Int) { lap(gemm, gemmCalls: calls) }
}
