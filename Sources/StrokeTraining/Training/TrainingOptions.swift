import StrokeModel

/// Every setting of a training run. The defaults are the ones chosen by cross-validation
/// on the hand-drawn strokes (see models/README.md).
public struct TrainingOptions: Hashable, Sendable {
    public var epochs = 60
    public var batchSize = 64
    public var optimizer: OptimizerKind = .adam()
    public var learningRate: Float = 0.002
    public var weightDecay: Float = 1e-4
    public var schedule: LearningRateSchedule = .cosine(warmupEpochs: 2)
    public var labelSmoothing: Float = 0
    public var augmentation = Augmentation()
    public var seed: UInt64 = 1
    public var threads = 1
    /// Keep the weights of the epoch with the best validation accuracy (else the last epoch's).
    public var keepBest = true
    /// How the convolutions shape their sgemms; nil: timed on this machine when the run starts
    /// (`ConvolutionTuning`). The same plan, seed, data and thread count give the same bits.
    public var convolution: ConvolutionPlan?

    public init() {}
}

/// Where a run is after one gradient step: what a live progress bar shows.
public struct StepProgress: Sendable, Equatable {
    public var epoch: Int
    public var epochs: Int
    /// Steps done in this epoch, of `steps`.
    public var step: Int
    public var steps: Int
    /// Running mean loss and accuracy over this epoch's steps so far.
    public var loss: Float
    public var accuracy: Double
    /// Training images processed since the run started.
    public var images: Int
    public var elapsedSeconds: Double

    /// Share of the run done, in 0...1.
    public var fractionDone: Double {
        (Double(epoch - 1) + Double(step) / Double(max(steps, 1))) / Double(max(epochs, 1))
    }

    /// Seconds left at the pace so far (nil before any time has passed).
    public var secondsLeft: Double? {
        let done = fractionDone
        guard done > 0, elapsedSeconds > 0 else { return nil }
        return elapsedSeconds / done * (1 - done)
    }
}

/// One epoch's figures, for the progress line and the report.
public struct EpochReport: Sendable, Equatable, Codable {
    public var epoch: Int
    public var epochs: Int
    public var learningRate: Float
    public var trainLoss: Float
    public var trainAccuracy: Double
    public var validationLoss: Float?
    public var validationAccuracy: Double?
    public var imagesPerSecond: Double
    public var elapsedSeconds: Double

    /// `epoch  3/40  loss 0.412  acc 86.2%  val 91.3% (loss 0.25)  2,310 img/s  4.1 s  ETA 51 s`
    public var line: String {
        var parts = [
            "epoch \(pad(epoch, to: String(epochs).count))/\(epochs)",
            "loss \(DecimalText.fixed(Double(trainLoss), digits: 4))",
            "acc \(DecimalText.fixed(trainAccuracy * 100, digits: 1))%",
        ]
        if let validationAccuracy, let validationLoss {
            parts.append("val \(DecimalText.fixed(validationAccuracy * 100, digits: 1))% (loss \(DecimalText.fixed(Double(validationLoss), digits: 4)))")
        }
        parts.append("\(Int(imagesPerSecond.rounded())) img/s")
        parts.append("\(DecimalText.fixed(elapsedSeconds, digits: 1)) s")
        let remaining = elapsedSeconds / Double(epoch) * Double(epochs - epoch)
        parts.append("ETA \(DecimalText.fixed(remaining, digits: 0)) s")
        return parts.joined(separator: "  ")
    }
}

private func pad(_ value: Int, to width: Int) -> String {
    let text = String(value)
    return String(repeating: " ", count: max(0, width - text.count)) + text
}
