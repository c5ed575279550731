import StrokeModel
import Testing
@testable import StrokeTraining

/// The phase profile of a training step (`strokes bench training --profile`): its laps tile
/// the step without overlap, count the sgemm calls the network's geometry implies, and leave
/// training bit for bit as it is without them. Nothing here judges speed.
@Suite("training step profile", .serialized)
struct StepProfileTests {
    static let architecture = Architecture.reference(classes: 4)
    static let batch = 6

    /// A step of the reference network on random images, with Adam, laps optional.
    final class Run {
        let step: ShardedStep
        let parameters = ParameterBuffer(architecture: StepProfileTests.architecture)
        let optimizer = Optimizer(kind: .adam(), weightDecay: 1e-4, architecture: StepProfileTests.architecture)

        init() {
            let (architecture, batch) = (StepProfileTests.architecture, StepProfileTests.batch)
            WeightInitializer.heNormal(parameters, seed: 1)
            var random = SeededGenerator(seed: 5)
            let data = Dataset(
                labels: ["a", "b", "c", "d"], images: (0..<(batch * Dataset.imageSize)).map { _ in UInt8(truncatingIfNeeded: random.next()) },
                targets: (0..<batch).map { $0 % 4 }, paths: (0..<batch).map { "\($0).png" })
            step = ShardedStep(architecture: architecture, capacity: batch, dataset: data, augmentation: Augmentation(), scale: 1 / 255, seed: 3)
        }

        @discardableResult
        func run(epoch: Int) -> Float {
            let (loss, _) = step.run(parameters: parameters, indices: Array(0..<StepProfileTests.batch)[...], epoch: epoch, labelSmoothing: 0.1)
            step.profile?.sequential.restart()
            optimizer.step(parameters: parameters, gradients: step.gradients, learningRate: 0.01)
            step.profile?.sequential.lap(.optimizer)
            return loss
        }
    }

    @Test(arguments: [1, 2]) func lapsTileTheStepAndCountTheSGEMMsTheGeometryImplies(threads: Int) {
        Compute.setThreads(threads)
        defer { Compute.setThreads(1) }
        let run = Run()
        let profile = StepProfile(architecture: Self.architecture)
        run.run(epoch: 1)
        run.step.profile = profile
        let steps = 3
        let start = PhaseProfile.now()
        for epoch in 1...steps { run.run(epoch: epoch) }
        let wall = PhaseProfile.now() - start

        // Each shard's laps run on one thread, the sequential ones after the shards: each
        // shard's phases and the sequential ones fit in the wall time without overlapping.
        let sequential = profile.sequential.entries
        #expect(Set(sequential.map(\.phase)) == [.shardSum, .optimizer])
        for shard in profile.shards {
            let lapped = (shard.entries + sequential).reduce(0) { $0 + $1.nanoseconds }
            #expect(lapped <= wall, "\(lapped) ns lapped in \(wall) ns")
        }
        let entries = profile.shards.flatMap(\.entries) + sequential
        #expect(entries.allSatisfy { $0.nanoseconds > 0 && $0.laps > 0 }, "\(entries.filter { $0.nanoseconds == 0 })")

        // The phases the reference network has: conv 0, relu 1, pool 2, conv 3, relu 4, pool 5,
        // flatten 6, dense 7, relu 8, dense 9. The ReLUs after the convs run inside them
        // (forward) and inside the pools (backward); the first conv has no input gradient.
        let layered: Set<String> = [
            "0 windowRows", "0 convolutionGEMM", "0 biasReLU", "0 biasGradient", "0 weightGradientGEMM",
            "2 poolForward", "2 poolBackward",
            "3 windowRows", "3 convolutionGEMM", "3 biasReLU", "3 biasGradient", "3 weightGradientGEMM",
            "3 inputGradientRows", "3 inputGradientGEMM",
            "5 poolForward", "5 poolBackward",
            "7 denseForward", "7 weightGradientGEMM", "7 biasGradient", "7 inputGradientGEMM",
            "8 reluForward", "8 reluBackward",
            "9 denseForward", "9 weightGradientGEMM", "9 biasGradient", "9 inputGradientGEMM",
        ]
        for shard in profile.shards {
            let keys = shard.entries.map { entry in entry.layer.map { "\($0) \(entry.phase)" } ?? "step \(entry.phase)" }
            #expect(Set(keys) == layered.union(["step input", "step loss"]), "\(keys)")
        }

        // sgemm calls per step, from the geometry: a 5×5 conv makes one per image and kernel
        // row for its output, its weight gradient and (not the first) its input gradient; a
        // dense layer one each per shard (two shards of 3 images).
        var calls: [String: Int] = [:]
        for entry in profile.shards.flatMap(\.entries) where entry.gemmCalls > 0 {
            calls["\(entry.layer!) \(entry.phase)", default: 0] += entry.gemmCalls / steps
        }
        let perConv = Self.batch * 5, perDense = 2
        #expect(calls == [
            "0 convolutionGEMM": perConv, "0 weightGradientGEMM": perConv,
            "3 convolutionGEMM": perConv, "3 weightGradientGEMM": perConv, "3 inputGradientGEMM": perConv,
            "7 denseForward": perDense, "7 weightGradientGEMM": perDense, "7 inputGradientGEMM": perDense,
            "9 denseForward": perDense, "9 weightGradientGEMM": perDense, "9 inputGradientGEMM": perDense,
        ])
    }

    @Test(arguments: [1, 2]) func lapsLeaveTrainingBitIdentical(threads: Int) {
        Compute.setThreads(threads)
        defer { Compute.setThreads(1) }
        let plain = Run(), lapped = Run()
        lapped.step.profile = StepProfile(architecture: Self.architecture)
        for epoch in 1...4 {
            let (a, b) = (plain.run(epoch: epoch), lapped.run(epoch: epoch))
            #expect(a.bitPattern == b.bitPattern, "epoch \(epoch): loss \(a) vs \(b)")
        }
        #expect(Array(plain.parameters.storage) == Array(lapped.parameters.storage))
        #expect(Array(plain.step.gradients.storage) == Array(lapped.step.gradients.storage))
        #expect(lapped.step.profile!.shards[0].entries.count > 0, "the profile lapped")
    }
}
