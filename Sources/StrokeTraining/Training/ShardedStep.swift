import StrokeModel

/// One training step's gradient, computed over a fixed number of shards of the batch, each a
/// whole forward and backward pass with its own buffers, then added in shard order.
///
/// With two threads the shards run at once, each on its own core with a single-threaded
/// OpenBLAS and no synchronisation until the sum; with one thread they run one after the
/// other. Either way the arithmetic is the same, so the bits do not depend on the thread
/// count.
package final class ShardedStep {
    /// Shards per batch: the most threads a step uses.
    package static let shards = 2

    let architecture: Architecture
    private let forwards: [ForwardPass]
    private let backwards: [BackwardPass]
    private let feeders: [BatchFeeder]
    /// `shardGradients[s]`: shard `s + 1`'s gradient (shard 0 writes `gradients` itself).
    private let shardGradients: [ParameterBuffer]
    /// The batch's gradient, after `run`.
    package let gradients: ParameterBuffer
    /// Each shard's loss and hits, written by the shard's worker (not an array: two workers
    /// writing one Swift array at once is an exclusivity violation).
    private let losses: UnsafeMutablePointer<Float>
    private let hits: UnsafeMutablePointer<Int>
    private let arena = ScratchArena()
    /// Phase laps of every shard and of the sum after them, when profiling; nil in training.
    package var profile: StepProfile? {
        didSet {
            for shard in 0..<Self.shards {
                forwards[shard].profile = profile?.shards[shard]
                backwards[shard].profile = profile?.shards[shard]
            }
        }
    }

    package init(
        architecture: Architecture, capacity: Int, dataset: Dataset, augmentation: Augmentation, scale: Float, seed: UInt64,
        convolution plan: ConvolutionPlan? = nil
    ) {
        self.architecture = architecture
        let shardCapacity = Self.shardCapacity(capacity)
        forwards = (0..<Self.shards).map { _ in ForwardPass(architecture: architecture, capacity: shardCapacity, plan: plan) }
        backwards = forwards.map { BackwardPass(for: $0) }
        feeders = (0..<Self.shards).map { _ in
            BatchFeeder(dataset: dataset, augmentation: augmentation, scale: scale, seed: seed, capacity: shardCapacity)
        }
        gradients = ParameterBuffer(architecture: architecture)
        shardGradients = (1..<Self.shards).map { _ in ParameterBuffer(architecture: architecture) }
        losses = arena.zeros(Self.shards, of: Float.self)
        hits = arena.zeros(Self.shards, of: Int.self)
    }

    /// The most images one shard of a batch of `capacity` holds.
    package static func shardCapacity(_ capacity: Int) -> Int { (capacity + shards - 1) / shards }

    /// Computes the gradient of the mean loss over `indices` (dataset images, augmented for
    /// `epoch`) into `gradients`; returns the mean loss and the rows classified correctly.
    package func run(parameters: ParameterBuffer, indices: ArraySlice<Int>, epoch: Int, labelSmoothing: Float) -> (loss: Float, correct: Int) {
        let count = indices.count, start = indices.startIndex
        let workers = min(Compute.threads, Self.shards)
        Compute.dataParallel(workers) { worker in
            for shard in (Self.shards * worker / workers)..<(Self.shards * (worker + 1) / workers) {
                let part = indices[(start + count * shard / Self.shards)..<(start + count * (shard + 1) / Self.shards)]
                let target = shard == 0 ? gradients : shardGradients[shard - 1]
                guard !part.isEmpty else {
                    target.storage.update(repeating: 0)
                    (losses[shard], hits[shard]) = (0, 0)
                    continue
                }
                let forward = forwards[shard], backward = backwards[shard], feeder = feeders[shard]
                let profile = forward.profile
                profile?.restart()
                // The slice keeps its place in the batch, so augmentation draws what it would unsharded.
                feeder.fill(forward, indices: part, epoch: epoch)
                profile?.lap(.input)
                let logits = forward.run(parameters: parameters, count: part.count)
                (losses[shard], hits[shard]) = SoftmaxCrossEntropy.run(
                    logits: logits, targets: feeder.targets, batch: part.count, classes: architecture.classCount,
                    labelSmoothing: labelSmoothing, meanOver: count, gradient: backward.logitsGradient)
                profile?.lap(.loss)
                backward.run(forward: forward, parameters: parameters, parameterGradients: target)
            }
        }
        profile?.sequential.restart()
        for other in shardGradients {
            ShortRow.add(gradients.storage.baseAddress!, from: other.storage.baseAddress!, count: gradients.count)
        }
        profile?.sequential.lap(.shardSum)
        var total: (loss: Float, correct: Int) = (0, 0)
        for shard in 0..<Self.shards { total = (total.loss + losses[shard], total.correct + hits[shard]) }
        return total
    }
}
