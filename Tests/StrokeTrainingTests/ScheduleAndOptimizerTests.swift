import StrokeModel
import Testing
@testable import StrokeTraining

@Suite("optimizers and schedules")
struct ScheduleAndOptimizerTests {
    @Test func cosineWarmsUpThenDecaysToZero() {
        let s = LearningRateSchedule.cosine(warmupEpochs: 1)
        #expect(s.factor(step: 0, totalSteps: 100, stepsPerEpoch: 10) == 0.1)
        #expect(s.factor(step: 9, totalSteps: 100, stepsPerEpoch: 10) == 1)
        #expect(abs(s.factor(step: 55, totalSteps: 100, stepsPerEpoch: 10) - 0.5) < 1e-6)
        #expect(s.factor(step: 99, totalSteps: 100, stepsPerEpoch: 10) < 0.01)
    }

    @Test func stepScheduleDropsByItsFactor() {
        let s = LearningRateSchedule.step(epochs: 2, factor: 0.1)
        #expect(s.factor(step: 19, totalSteps: 100, stepsPerEpoch: 10) == 1)
        #expect(abs(s.factor(step: 20, totalSteps: 100, stepsPerEpoch: 10) - 0.1) < 1e-7)
    }

    /// One parameter tensor pair on a tiny dense layer, to watch single updates.
    private func buffers() -> (Architecture, ParameterBuffer, ParameterBuffer) {
        let a = try! Architecture(input: .vector(2), layers: [.dense(units: 1)])
        return (a, ParameterBuffer(architecture: a, values: [[1, -2], [0.5]]), ParameterBuffer(architecture: a, values: [[0.5, 0.5], [0.5]]))
    }

    @Test func adamFirstStepMovesEachWeightByTheLearningRate() {
        let (a, p, g) = buffers()
        Optimizer(kind: .adam(), weightDecay: 0, architecture: a).step(parameters: p, gradients: g, learningRate: 0.1)
        #expect(abs(p[0][0] - 0.9) < 1e-5 && abs(p[0][1] + 2.1) < 1e-5 && abs(p[1][0] - 0.4) < 1e-5)
    }

    @Test func weightDecayShrinksWeightsButNotBiases() {
        let (a, p, _) = buffers()
        let zero = ParameterBuffer(architecture: a)
        Optimizer(kind: .sgd(momentum: 0), weightDecay: 0.5, architecture: a).step(parameters: p, gradients: zero, learningRate: 0.1)
        #expect(abs(p[0][0] - 0.95) < 1e-6 && abs(p[0][1] + 1.9) < 1e-6)
        #expect(p[1][0] == 0.5)
    }

    @Test func sgdMomentumAccumulates() {
        let (a, p, g) = buffers()
        let sgd = Optimizer(kind: .sgd(momentum: 0.9), weightDecay: 0, architecture: a)
        sgd.step(parameters: p, gradients: g, learningRate: 0.1)
        sgd.step(parameters: p, gradients: g, learningRate: 0.1)
        // 1 − 0.1·0.5 − 0.1·(0.9·0.5 + 0.5)
        #expect(abs(p[0][0] - 0.855) < 1e-6)
    }
}
