import Foundation
import StrokeModel

/// What a training run produces.
public struct TrainingResult: Sendable {
    package let parameters: ParameterBuffer
    public let history: [EpochReport]
    /// The epoch whose weights were kept (1-based); the last one without validation; 0 when
    /// the loss diverged before any epoch ended (then nothing is worth keeping).
    public let keptEpoch: Int
    /// The kept weights' predictions on the validation set, when there is one.
    public let validation: Predictions?
    /// Set when the loss stopped being finite and the run stopped early.
    public let divergence: Divergence?
}

/// Where the loss became NaN or infinite; the run stops there, keeping the best weights so far.
public struct Divergence: Sendable, Equatable, CustomStringConvertible {
    public let epoch: Int
    public let step: Int
    public let loss: Float

    public var description: String {
        "the loss became \(loss.isNaN ? "NaN" : loss > 0 ? "inf" : "-inf") at epoch \(epoch), step \(step)"
    }
}

/// Where a run keeps its checkpoint (written atomically after every epoch and when stopped),
/// and what may stop it.
public struct Checkpointing: Sendable {
    public var url: URL
    /// Go on from the checkpoint at `url` when there is one (else start afresh and replace it).
    public var resume: Bool
    /// Checked after every step: when set, the run writes its checkpoint and stops.
    public var stop: StopRequest?
    /// Tells apart runs of one command (cross-validation folds): part of the checkpoint's key.
    public var phase: String

    public init(url: URL, resume: Bool, stop: StopRequest? = nil, phase: String = "") {
        self.url = url
        self.resume = resume
        self.stop = stop
        self.phase = phase
    }
}

public enum TrainingError: Error, Equatable, CustomStringConvertible {
    /// Stopped on request, with a checkpoint to resume from.
    case interrupted(checkpoint: String, epoch: Int, step: Int, steps: Int)
    case checkpoint(CheckpointError)

    public var description: String {
        switch self {
        case let .interrupted(path, epoch, step, steps):
            step == 0
                ? "stopped after epoch \(epoch - 1); checkpoint \(path) written"
                : "stopped at epoch \(epoch), step \(step) of \(steps); checkpoint \(path) written"
        case let .checkpoint(error): error.description
        }
    }
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

    /// Trains on a mixture of datasets, without checkpoints.
    public func train(
        _ mixture: TrainingMixture, validation: Dataset? = nil, progress: (EpochReport) -> Void = { _ in }
    ) -> TrainingResult {
        do { return try train(mixture, validation: validation, checkpointing: nil, progress: progress) } catch {
            fatalError("a run without checkpoints cannot stop: \(error)")  // nothing can request it
        }
    }

    /// Trains on a mixture of datasets: each epoch is `EpochSampler`'s order over all of them.
    /// With `checkpointing`, resumes from and keeps a checkpoint, and stops when asked.
    public func train(
        _ mixture: TrainingMixture, validation: Dataset? = nil, checkpointing: Checkpointing?,
        progress: (EpochReport) -> Void = { _ in }
    ) throws(TrainingError) -> TrainingResult {
        var sampler = EpochSampler(mixture, seed: options.seed)
        let epochSize = sampler.epochSize
        precondition(epochSize > 0 && options.epochs > 0, "nothing to train on")
        Compute.setThreads(options.threads)
        let parameters = ParameterBuffer(architecture: architecture)
        WeightInitializer.heNormal(parameters, seed: options.seed)
        // The best validated weights; without validation, the last finished epoch's.
        let best = ParameterBuffer(architecture: architecture)
        best.copy(from: parameters)
        let optimizer = Optimizer(kind: options.optimizer, weightDecay: options.weightDecay, architecture: architecture)

        let capacity = min(options.batchSize, epochSize)
        let gradientStep = ShardedStep(
            architecture: architecture, capacity: capacity, dataset: mixture.combined,
            augmentation: options.augmentation, scale: scale, seed: options.seed)
        let evaluator = validation.map { _ in Evaluator(architecture: architecture) }

        let stepsPerEpoch = (epochSize + capacity - 1) / capacity
        let totalSteps = stepsPerEpoch * options.epochs
        var history: [EpochReport] = []
        var bestScore: (accuracy: Double, loss: Float)? = nil
        var keptEpoch = 0
        var (firstEpoch, firstStep, lossSum, correct) = (1, 0, Float(0), 0)
        let key = checkpointing.map { checkpointKey(mixture, validation: validation, phase: $0.phase) }

        if let checkpointing, let key, checkpointing.resume, FileManager.default.fileExists(atPath: checkpointing.url.path) {
            let saved: TrainingCheckpoint
            do { saved = try TrainingCheckpoint.read(from: checkpointing.url, architecture: architecture) } catch {
                throw .checkpoint(error)
            }
            guard saved.state.key == key else { throw .checkpoint(.otherRun(checkpointing.url.path)) }
            parameters.copy(from: ParameterBuffer(architecture: architecture, values: saved.parameters))
            best.copy(from: ParameterBuffer(architecture: architecture, values: saved.best))
            optimizer.restore(steps: saved.state.optimizerSteps, first: saved.first, second: saved.second)
            history = saved.state.history
            bestScore = saved.state.bestAccuracy.map { ($0, Float(bitPattern: saved.state.bestLossBits ?? 0)) }
            keptEpoch = saved.state.keptEpoch
            (firstEpoch, firstStep) = (saved.state.epochsDone + 1, saved.state.stepsDone)
            (lossSum, correct) = (Float(bitPattern: saved.state.lossSumBits), saved.state.correct)
            // The orders of the epochs already done, drawn again so the sampler is where it was.
            for _ in 1..<firstEpoch { _ = sampler.next() }
        }

        /// The checkpoint now: `epochsDone` finished epochs and `stepsDone` steps of the next.
        func saveCheckpoint(epochsDone: Int, stepsDone: Int) throws(TrainingError) {
            guard let checkpointing, let key else { return }
            let moments = optimizer.state
            let state = TrainingCheckpoint.State(
                key: key, epochsDone: epochsDone, stepsDone: stepsDone, lossSumBits: lossSum.bitPattern,
                correct: correct, optimizerSteps: moments.steps, bestAccuracy: bestScore?.accuracy,
                bestLossBits: bestScore?.loss.bitPattern, keptEpoch: keptEpoch, history: history)
            let checkpoint = TrainingCheckpoint(
                state: state, parameters: parameters.arrays, best: best.arrays, first: moments.first, second: moments.second)
            do { try checkpoint.write(to: checkpointing.url) } catch { throw .checkpoint(error) }
        }

        let started = ContinuousClock.now
        let earlierSeconds = history.last?.elapsedSeconds ?? 0
        var divergence: Divergence?

        epochs: for epoch in stride(from: firstEpoch, through: options.epochs, by: 1) {
            let epochStart = ContinuousClock.now
            let order = sampler.next()
            var learningRate: Float = 0
            let resumed = epoch == firstEpoch ? firstStep : 0
            if resumed == 0 { (lossSum, correct) = (0, 0) }
            for step in resumed..<stepsPerEpoch {
                let batch = order[(step * capacity)..<min(epochSize, (step + 1) * capacity)]
                let (loss, hits) = gradientStep.run(
                    parameters: parameters, indices: batch, epoch: epoch, labelSmoothing: options.labelSmoothing)
                // A NaN or infinite loss would poison the weights at the update: stop before it.
                guard loss.isFinite else {
                    divergence = Divergence(epoch: epoch, step: step + 1, loss: loss)
                    break epochs
                }
                let globalStep = (epoch - 1) * stepsPerEpoch + step
                learningRate = options.learningRate
                    * options.schedule.factor(step: globalStep, totalSteps: totalSteps, stepsPerEpoch: stepsPerEpoch)
                optimizer.step(parameters: parameters, gradients: gradientStep.gradients, learningRate: learningRate)
                lossSum += loss * Float(batch.count)
                correct += hits
                if let onStep {
                    let seen = min(epochSize, (step + 1) * capacity)
                    onStep(StepProgress(
                        epoch: epoch, epochs: options.epochs, step: step + 1, steps: stepsPerEpoch,
                        loss: lossSum / Float(seen), accuracy: Double(correct) / Double(seen),
                        images: (epoch - 1) * epochSize + seen,
                        elapsedSeconds: earlierSeconds + seconds(ContinuousClock.now - started)))
                }
                // Mid-epoch; after the epoch's last step the epoch's own checkpoint comes first.
                if step + 1 < stepsPerEpoch, let checkpointing, checkpointing.stop?.isRequested == true {
                    try saveCheckpoint(epochsDone: epoch - 1, stepsDone: step + 1)
                    throw .interrupted(checkpoint: checkpointing.url.path, epoch: epoch, step: step + 1, steps: stepsPerEpoch)
                }
            }
            let trainSeconds = seconds(ContinuousClock.now - epochStart)
            var report = EpochReport(
                epoch: epoch, epochs: options.epochs, learningRate: learningRate,
                trainLoss: lossSum / Float(epochSize), trainAccuracy: Double(correct) / Double(epochSize),
                validationLoss: nil, validationAccuracy: nil,
                imagesPerSecond: Double(epochSize) / max(trainSeconds, 1e-9),
                elapsedSeconds: earlierSeconds + seconds(ContinuousClock.now - started))
            if let validation, let evaluator {
                let predictions = evaluator.predict(parameters, on: validation, scale: scale)
                report.validationAccuracy = predictions.accuracy
                report.validationLoss = predictions.loss
                report.elapsedSeconds = earlierSeconds + seconds(ContinuousClock.now - started)
                // Best accuracy wins; on a tie the lower loss (the more confident model) wins.
                if options.keepBest, bestScore.map({ predictions.accuracy > $0.accuracy
                    || (predictions.accuracy == $0.accuracy && predictions.loss < $0.loss) }) ?? true {
                    bestScore = (predictions.accuracy, predictions.loss)
                    best.copy(from: parameters)
                    keptEpoch = epoch
                }
            }
            if validation == nil || !options.keepBest {
                best.copy(from: parameters)
                keptEpoch = epoch
            }
            history.append(report)
            progress(report)
            try saveCheckpoint(epochsDone: epoch, stepsDone: 0)
            if epoch < options.epochs, let checkpointing, checkpointing.stop?.isRequested == true {
                throw .interrupted(checkpoint: checkpointing.url.path, epoch: epoch + 1, step: 0, steps: stepsPerEpoch)
            }
        }

        // What is kept: the best validated epoch, else the last (or, after a divergence, the
        // last that finished).
        parameters.copy(from: best)
        var finalValidation: Predictions?
        if let validation, let evaluator { finalValidation = evaluator.predict(parameters, on: validation, scale: scale) }
        return TrainingResult(
            parameters: parameters, history: history, keptEpoch: keptEpoch, validation: finalValidation, divergence: divergence)
    }

    /// Identifies a run for its checkpoint: the network, every option that changes the bits
    /// (not the thread count, which does not), the data of every source and the validation set.
    func checkpointKey(_ mixture: TrainingMixture, validation: Dataset?, phase: String) -> String {
        let o = options
        var parts = [
            phase, architecture.layers.map(\.summary).joined(separator: " "), "\(o.epochs)", "\(o.batchSize)",
            o.optimizer.description, "\(o.learningRate)", "\(o.weightDecay)", o.schedule.description,
            "\(o.labelSmoothing)", o.augmentation.description, "\(o.seed)", "\(o.keepBest)", "\(scale)",
        ]
        parts += mixture.sources.map { "\($0.dataset.fingerprint) \($0.imagesPerEpoch)" }
        parts.append(validation?.fingerprint ?? "no validation")
        return SHA256Hasher.hash(Array(parts.joined(separator: "|").utf8))
    }
}

/// A duration in seconds, as a Double.
public func seconds(_ duration: Duration) -> Double {
    let (s, attoseconds) = duration.components
    return Double(s) + Double(attoseconds) * 1e-18
}
