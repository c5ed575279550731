import Foundation
import StrokeModel

/// One training run's state between epochs: the weights, the best ones so far, the optimizer's
/// moments, the history and the running sums of the epoch under way. `Trainer.train` drives it
/// epoch by epoch; resuming, keeping the best epoch and checkpoints are its own functions.
final class TrainingRun {
    let trainer: Trainer
    let validation: Dataset?
    let checkpointing: Checkpointing?
    private(set) var sampler: EpochSampler
    let parameters: ParameterBuffer
    /// The best validated weights; without validation, the last finished epoch's.
    let best: ParameterBuffer
    let optimizer: Optimizer
    let gradientStep: ShardedStep
    /// How the convolutions shape their sgemms: the options', a resumed checkpoint's, or measured.
    let convolution: ConvolutionPlan
    let evaluator: Evaluator?
    let epochSize: Int
    let capacity: Int
    let stepsPerEpoch: Int
    /// Identifies the run in its checkpoint (nil without checkpoints).
    let key: String?

    private(set) var history: [EpochReport] = []
    private var bestScore: (accuracy: Double, loss: Float)?
    private(set) var keptEpoch = 0
    /// Where the run starts: 1 and 0 afresh, later when resumed from a checkpoint.
    private(set) var firstEpoch = 1
    private var firstStep = 0
    private var lossSum: Float = 0
    private var correct = 0
    private(set) var divergence: Divergence?
    private var started = ContinuousClock.now
    private var earlierSeconds = 0.0

    init(_ trainer: Trainer, mixture: TrainingMixture, validation: Dataset?, checkpointing: Checkpointing?) {
        let (architecture, options) = (trainer.architecture, trainer.options)
        self.trainer = trainer
        self.validation = validation
        self.checkpointing = checkpointing
        sampler = EpochSampler(mixture, seed: options.seed)
        epochSize = sampler.epochSize
        precondition(epochSize > 0 && options.epochs > 0, "nothing to train on")
        Compute.setThreads(options.threads)
        parameters = ParameterBuffer(architecture: architecture)
        WeightInitializer.heNormal(parameters, seed: options.seed)
        best = ParameterBuffer(architecture: architecture)
        best.copy(from: parameters)
        optimizer = Optimizer(kind: options.optimizer, weightDecay: options.weightDecay, architecture: architecture)
        capacity = min(options.batchSize, epochSize)
        let key = checkpointing.map { trainer.checkpointKey(mixture, validation: validation, phase: $0.phase) }
        self.key = key
        convolution = options.convolution
            ?? Self.resumedConvolution(checkpointing, key: key, architecture: architecture)
            ?? ConvolutionTuning.trainingPlan(for: architecture, batch: ShardedStep.shardCapacity(capacity))
        gradientStep = ShardedStep(
            architecture: architecture, capacity: capacity, dataset: mixture.combined,
            augmentation: options.augmentation, scale: trainer.scale, seed: options.seed, convolution: convolution)
        evaluator = validation.map { [convolution] _ in Evaluator(architecture: architecture, plan: convolution) }
        stepsPerEpoch = (epochSize + capacity - 1) / capacity
    }

    /// The plan of the checkpoint this run will resume from, so that it goes on with the same
    /// bits whatever this machine would measure now; nil when there is none to resume.
    private static func resumedConvolution(_ checkpointing: Checkpointing?, key: String?, architecture: Architecture) -> ConvolutionPlan? {
        guard let checkpointing, checkpointing.resume, FileManager.default.fileExists(atPath: checkpointing.url.path),
              let saved = try? TrainingCheckpoint.read(from: checkpointing.url, architecture: architecture),
              saved.state.key == key, let text = saved.state.convolution, let plan = ConvolutionPlan(text),
              plan.fits(architecture) else { return nil }
        return plan
    }

    /// Goes on from the checkpoint, when asked to and there is one of this run.
    func resumeIfAsked() throws(TrainingError) {
        guard let checkpointing, let key, checkpointing.resume, FileManager.default.fileExists(atPath: checkpointing.url.path) else { return }
        let architecture = trainer.architecture
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
        earlierSeconds = history.last?.elapsedSeconds ?? 0
        started = ContinuousClock.now
    }

    /// The gradient steps of `epoch` (from where a resumed run stopped); false when the loss
    /// stopped being finite (`divergence` says where; the weights are not updated with it).
    func trainEpoch(_ epoch: Int) throws(TrainingError) -> (learningRate: Float, trained: Bool) {
        let options = trainer.options
        let order = sampler.next()
        let totalSteps = stepsPerEpoch * options.epochs
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
                return (learningRate, false)
            }
            let globalStep = (epoch - 1) * stepsPerEpoch + step
            learningRate = options.learningRate
                * options.schedule.factor(step: globalStep, totalSteps: totalSteps, stepsPerEpoch: stepsPerEpoch)
            optimizer.step(parameters: parameters, gradients: gradientStep.gradients, learningRate: learningRate)
            lossSum += loss * Float(batch.count)
            correct += hits
            reportStep(epoch: epoch, step: step)
            // Mid-epoch; after the epoch's last step the epoch's own checkpoint comes first.
            if step + 1 < stepsPerEpoch, let checkpointing, checkpointing.stop?.isRequested == true {
                try saveCheckpoint(epochsDone: epoch - 1, stepsDone: step + 1)
                throw .interrupted(checkpoint: checkpointing.url.path, epoch: epoch, step: step + 1, steps: stepsPerEpoch)
            }
        }
        return (learningRate, true)
    }

    /// Live progress after a step, when someone listens.
    private func reportStep(epoch: Int, step: Int) {
        guard let onStep = trainer.onStep else { return }
        let seen = min(epochSize, (step + 1) * capacity)
        onStep(StepProgress(
            epoch: epoch, epochs: trainer.options.epochs, step: step + 1, steps: stepsPerEpoch,
            loss: lossSum / Float(seen), accuracy: Double(correct) / Double(seen),
            images: (epoch - 1) * epochSize + seen, elapsedSeconds: elapsed))
    }

    /// The finished epoch's report, after validating it and keeping its weights if best.
    func finishEpoch(_ epoch: Int, learningRate: Float, trainSeconds: Double) -> EpochReport {
        var report = EpochReport(
            epoch: epoch, epochs: trainer.options.epochs, learningRate: learningRate,
            trainLoss: lossSum / Float(epochSize), trainAccuracy: Double(correct) / Double(epochSize),
            validationLoss: nil, validationAccuracy: nil,
            imagesPerSecond: Double(epochSize) / max(trainSeconds, 1e-9), elapsedSeconds: elapsed)
        if let validation, let evaluator {
            let predictions = evaluator.predict(parameters, on: validation, scale: trainer.scale)
            report.validationAccuracy = predictions.accuracy
            report.validationLoss = predictions.loss
            report.elapsedSeconds = elapsed
            keepIfBest(epoch, predictions)
        }
        if validation == nil || !trainer.options.keepBest {
            best.copy(from: parameters)
            keptEpoch = epoch
        }
        history.append(report)
        return report
    }

    /// Best accuracy wins; on a tie the lower loss (the more confident model) wins.
    private func keepIfBest(_ epoch: Int, _ predictions: Predictions) {
        guard trainer.options.keepBest else { return }
        let better = bestScore.map { predictions.accuracy > $0.accuracy
            || (predictions.accuracy == $0.accuracy && predictions.loss < $0.loss) } ?? true
        guard better else { return }
        bestScore = (predictions.accuracy, predictions.loss)
        best.copy(from: parameters)
        keptEpoch = epoch
    }

    /// After `epoch`: its checkpoint, then a stop when one was asked for and epochs remain.
    func checkpointAfter(_ epoch: Int) throws(TrainingError) {
        try saveCheckpoint(epochsDone: epoch, stepsDone: 0)
        if epoch < trainer.options.epochs, let checkpointing, checkpointing.stop?.isRequested == true {
            throw .interrupted(checkpoint: checkpointing.url.path, epoch: epoch + 1, step: 0, steps: stepsPerEpoch)
        }
    }

    /// The checkpoint now: `epochsDone` finished epochs and `stepsDone` steps of the next.
    private func saveCheckpoint(epochsDone: Int, stepsDone: Int) throws(TrainingError) {
        guard let checkpointing, let key else { return }
        let moments = optimizer.state
        let state = TrainingCheckpoint.State(
            key: key, epochsDone: epochsDone, stepsDone: stepsDone, lossSumBits: lossSum.bitPattern,
            correct: correct, optimizerSteps: moments.steps, bestAccuracy: bestScore?.accuracy,
            bestLossBits: bestScore?.loss.bitPattern, keptEpoch: keptEpoch, history: history,
            convolution: convolution.description)
        let checkpoint = TrainingCheckpoint(
            state: state, parameters: parameters.arrays, best: best.arrays, first: moments.first, second: moments.second)
        do { try checkpoint.write(to: checkpointing.url) } catch { throw .checkpoint(error) }
    }

    /// What is kept: the best validated epoch, else the last (or, after a divergence, the last
    /// that finished), with its predictions on the validation set.
    func result() -> TrainingResult {
        parameters.copy(from: best)
        let predictions = validation.flatMap { validation in evaluator?.predict(parameters, on: validation, scale: trainer.scale) }
        return TrainingResult(
            parameters: parameters, history: history, keptEpoch: keptEpoch, validation: predictions, divergence: divergence,
            convolution: convolution)
    }

    /// Seconds trained so far, the runs before a resume included.
    private var elapsed: Double { earlierSeconds + seconds(ContinuousClock.now - started) }
}
