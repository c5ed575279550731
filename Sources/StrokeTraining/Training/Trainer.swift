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
    /// How the convolutions shaped their sgemms.
    public let convolution: ConvolutionPlan
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
    /// More folds than the smallest class has images: a fold would miss a class.
    case tooManyFolds(folds: Int, smallestClass: Int)
    /// Cross-validation holds out parts of the primary; a validation set is held out already.
    case foldsWithValidationSet

    public var description: String {
        switch self {
        case let .interrupted(path, epoch, step, steps):
            step == 0
                ? "stopped after epoch \(epoch - 1); checkpoint \(path) written"
                : "stopped at epoch \(epoch), step \(step) of \(steps); checkpoint \(path) written"
        case let .checkpoint(error): error.description
        case let .tooManyFolds(folds, smallest):
            "\(folds) folds are more than the \(smallest) images of the smallest class; use at most that many folds"
        case .foldsWithValidationSet:
            "cross-validation holds out parts of the primary dataset, and a validation set is held out already; give one or the other"
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
        let run = TrainingRun(self, mixture: mixture, validation: validation, checkpointing: checkpointing)
        try run.resumeIfAsked()
        for epoch in stride(from: run.firstEpoch, through: options.epochs, by: 1) {
            let epochStart = ContinuousClock.now
            let (learningRate, trained) = try run.trainEpoch(epoch)
            guard trained else { break }  // diverged: keep what the finished epochs gave
            progress(run.finishEpoch(epoch, learningRate: learningRate, trainSeconds: seconds(ContinuousClock.now - epochStart)))
            try run.checkpointAfter(epoch)
        }
        return run.result()
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
