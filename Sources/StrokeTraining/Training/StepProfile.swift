import StrokeModel

/// The phase laps of a `ShardedStep` (`strokes bench training --profile`): one profile per
/// shard, lapped by the thread that runs the shard, and one for what runs after the shards
/// on the calling thread (their gradients' sum; the caller laps the optimizer there too).
package final class StepProfile: @unchecked Sendable {
    package let shards: [PhaseProfile]
    package let sequential: PhaseProfile

    package init(architecture: Architecture, shards count: Int = ShardedStep.shards) {
        shards = (0..<count).map { _ in PhaseProfile(layers: architecture.layers.count) }
        sequential = PhaseProfile(layers: architecture.layers.count)
    }

    package func reset() {
        shards.forEach { $0.reset() }
        sequential.reset()
    }
}
