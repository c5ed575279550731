import StrokeModel
import StrokeTraining

/// One training step of a network on a fixed batch of random images (the trainer's sharded
/// step, without augmentation, then Adam), its buffers made once, to run again and again.
/// Its convolutions run the plan a training run would measure here, unless given one.
package final class StepHarness {
    package let step: ShardedStep
    package let plan: ConvolutionPlan
    private let parameters: ParameterBuffer
    private let optimizer: Optimizer
    private let indices: ArraySlice<Int>

    package init(_ architecture: Architecture, batch: Int, plan: ConvolutionPlan? = nil) {
        self.plan = plan ?? ConvolutionTuning.trainingPlan(for: architecture, batch: ShardedStep.shardCapacity(batch))
        parameters = ParameterBuffer(architecture: architecture)
        WeightInitializer.heNormal(parameters, seed: 1)
        optimizer = Optimizer(kind: .adam(), weightDecay: 1e-4, architecture: architecture)
        var random = SeededGenerator(seed: 2)
        let images = (0..<(batch * architecture.input.count)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let data = Dataset(
            labels: (0..<architecture.classCount).map { "class \($0)" }, images: images,
            targets: (0..<batch).map { $0 % architecture.classCount }, paths: (0..<batch).map { "\($0).png" })
        step = ShardedStep(
            architecture: architecture, capacity: batch, dataset: data, augmentation: .none, scale: 1 / 255, seed: 3,
            convolution: self.plan)
        indices = Array(0..<batch)[...]
    }

    /// One step: forward, loss, backward over the shards, their sum, the optimizer's update
    /// (lapped into the step's profile when it has one).
    package func run() {
        _ = step.run(parameters: parameters, indices: indices, epoch: 1, labelSmoothing: 0)
        step.profile?.sequential.restart()
        optimizer.step(parameters: parameters, gradients: step.gradients, learningRate: 1e-4)
        step.profile?.sequential.lap(.optimizer)
    }
}
