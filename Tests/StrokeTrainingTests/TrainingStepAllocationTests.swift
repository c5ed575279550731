import AllocationCounter
import StrokeModel
import Testing
@testable import StrokeTraining

/// A steady-state training step (feeding an augmented batch, forward, loss, backward, Adam)
/// allocates nothing on the heap at one thread: no allocator traffic, and no page faults from
/// buffers returned to the system and faulted in again. Counted by the AllocationCounter test
/// library; only in optimised builds, which `make test` runs this suite in.
@Suite(
    "a training step allocates nothing after warm-up",
    .enabled(if: allocation_counting_supported() == 1 && isOptimizedTrainingBuild, "needs glibc and an optimised build"))
struct TrainingStepAllocationTests {
    @Test func stepsAfterTheFirstAllocateNothing() {
        Compute.setThreads(1)
        let architecture = Architecture.reference(classes: 3)
        var random = SeededGenerator(seed: 9)
        let count = 96
        let data = Dataset(
            labels: ["a", "b", "c"], images: (0..<(count * Dataset.imageSize)).map { _ in UInt8(truncatingIfNeeded: random.next()) },
            targets: (0..<count).map { $0 % 3 }, paths: (0..<count).map { "\($0).png" })
        let parameters = ParameterBuffer(architecture: architecture)
        WeightInitializer.heNormal(parameters, seed: 1)
        let optimizer = Optimizer(kind: .adam(), weightDecay: 1e-4, architecture: architecture)
        let shardedStep = ShardedStep(architecture: architecture, capacity: 32, dataset: data, augmentation: Augmentation(), scale: 1 / 255, seed: 3)
        let order = Array(0..<count)
        var losses: [Float] = []
        losses.reserveCapacity(16)
        let step = { (batch: Int, epoch: Int) in
            let indices = order[(batch * 32)..<((batch + 1) * 32)]
            let (loss, _) = shardedStep.run(parameters: parameters, indices: indices, epoch: epoch, labelSmoothing: 0)
            optimizer.step(parameters: parameters, gradients: shardedStep.gradients, learningRate: 0.002)
            losses.append(loss)
        }
        step(0, 1)  // warm-up
        let before = allocation_count()
        for epoch in 1...4 { for batch in 0..<3 { step(batch, epoch) } }
        let counted = allocation_count() - before
        #expect(counted == 0, "\(counted) allocations in 12 training steps")
        #expect(losses.count == 13 && losses.allSatisfy(\.isFinite), "the steps did real work: \(losses)")
    }
}

#if DEBUG
private let isOptimizedTrainingBuild = false
#else
private let isOptimizedTrainingBuild = true
#endif
