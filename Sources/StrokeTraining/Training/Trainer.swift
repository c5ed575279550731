import Foundation
import StrokeModel

/// What a training run produces.
public struct TrainingResult: Sendable {
    public let parameters: ParameterBuffer
    public let history: [EpochReport]
    /// The epoch whose weights were kept (1-based); the last one without validation.
    public let keptEpoch: Int
    /// The kept weights' predictions on the validation set, when there is one.
    public let validation: Predictions?
}

/// Trains a network with mini-batch gradient descent on a dataset of 8-bit images.
public final class Trainer {
    public let architecture: Architecture
    public let options: TrainingOptions
    public let scale: Float
    /// Called after every gradient step, for live progress (a bar on a terminal).
    public var onStep: ((StepProgress) -> Void)?

    public init(architecture: Architecture, options: TrainingOptions, scale: Float = 1 / 255) {
        self.architecture = architecture
        self.options = options
        self.scale = scale
    }

    /// Trains on `train`; after each epoch evaluates `validation` (if any) and reports progress.
    public func train(
        _ train: Dataset, validation: Dataset? = nil, progress: (EpochReport) -> Void = { _ in }
    ) -> TrainingResult {
        self.train(TrainingMixture(train), validation: validation, progress: progress)
    }

    /// Trains on a mixture of datasets: each epoch is `EpochSampler`'s order over all of them.
    public func train(
        _ mixture: TrainingMixture, validation: Dataset? = nil, progress: (EpochReport) -> Void = { _ in }
    ) -> TrainingResult {
        var sampler = EpochSampler(mixture, seed: options.seed)
        let epochSize = sampler.epochSize
        precondition(epochSize > 0 && options.epochs > 0, "nothing to train on")
        Compute.setThreads(options.threads)
        let parameters = ParameterBuffer(architecture: architecture)
        WeightInitializer.heNormal(parameters, seed: options.seed)
        let gradients = ParameterBuffer(architecture: architecture)
        let best = ParameterBuffer(architecture: architecture)
        let optimizer = Optimizer(kind: options.optimizer, weightDecay: options.weightDecay, architecture: architecture)

        let capacity = min(options.batchSize, epochSize)
        let forward = ForwardPass(architecture: architecture, capacity: capacity)
        let backward = BackwardPass(for: forward)
        let feeder = BatchFeeder(
            dataset: mixture.combined, augmentation: options.augmentation, scale: scale, seed: options.seed, capacity: capacity)
        let evaluator = validation.map { _ in Evaluator(architecture: architecture) }

        let stepsPerEpoch = (epochSize + capacity - 1) / capacity
        let totalSteps = stepsPerEpoch * options.epochs
        var history: [EpochReport] = []
        var bestScore: (accuracy: Double, loss: Float)? = nil
        var keptEpoch = options.epochs
        let started = ContinuousClock.now

        for epoch in 1...options.epochs {
            let epochStart = ContinuousClock.now
            let order = sampler.next()
            var lossSum: Float = 0, correct = 0, learningRate: Float = 0
            for step in 0..<stepsPerEpoch {
                let batch = order[(step * capacity)..<min(epochSize, (step + 1) * capacity)]
                feeder.fill(forward, indices: batch, epoch: epoch)
                let logits = forward.run(parameters: parameters, count: batch.count)
                let (loss, hits) = SoftmaxCrossEntropy.run(
                    logits: logits, targets: feeder.targets, batch: batch.count,
                    classes: architecture.classCount, labelSmoothing: options.labelSmoothing,
                    gradient: backward.logitsGradient)
                backward.run(forward: forward, parameters: parameters, parameterGradients: gradients)
                let globalStep = (epoch - 1) * stepsPerEpoch + step
                learningRate = options.learningRate
                    * options.schedule.factor(step: globalStep, totalSteps: totalSteps, stepsPerEpoch: stepsPerEpoch)
                optimizer.step(parameters: parameters, gradients: gradients, learningRate: learningRate)
                lossSum += loss * Float(batch.count)
                correct += hits
                if let onStep {
                    let seen = min(epochSize, (step + 1) * capacity)
                    onStep(StepProgress(
                        epoch: epoch, epochs: options.epochs, step: step + 1, steps: stepsPerEpoch,
                        loss: lossSum / Float(seen), accuracy: Double(correct) / Double(seen),
                        images: (epoch - 1) * epochSize + seen, elapsedSeconds: seconds(ContinuousClock.now - started)))
                }
            }
            let trainSeconds = seconds(ContinuousClock.now - epochStart)
            var report = EpochReport(
                epoch: epoch, epochs: options.epochs, learningRate: learningRate,
                trainLoss: lossSum / Float(epochSize), trainAccuracy: Double(correct) / Double(epochSize),
                validationLoss: nil, validationAccuracy: nil,
                imagesPerSecond: Double(epochSize) / max(trainSeconds, 1e-9),
                elapsedSeconds: seconds(ContinuousClock.now - started))
            if let validation, let evaluator {
                let predictions = evaluator.predict(parameters, on: validation, scale: scale)
                report.validationAccuracy = predictions.accuracy
                report.validationLoss = predictions.loss
                report.elapsedSeconds = seconds(ContinuousClock.now - started)
                // Best accuracy wins; on a tie the lower loss (the more confident model) wins.
                if options.keepBest, bestScore.map({ predictions.accuracy > $0.accuracy
                    || (predictions.accuracy == $0.accuracy && predictions.loss < $0.loss) }) ?? true {
                    bestScore = (predictions.accuracy, predictions.loss)
                    best.copy(from: parameters)
                    keptEpoch = epoch
                }
            }
            history.append(report)
            progress(report)
        }

        if validation != nil && options.keepBest { parameters.copy(from: best) }
        var finalValidation: Predictions?
        if let validation, let evaluator { finalValidation = evaluator.predict(parameters, on: validation, scale: scale) }
        return TrainingResult(parameters: parameters, history: history, keptEpoch: keptEpoch, validation: finalValidation)
    }
}

/// A duration in seconds, as a Double.
public func seconds(_ duration: Duration) -> Double {
    let (s, attoseconds) = duration.components
    return Double(s) + Double(attoseconds) * 1e-18
}
