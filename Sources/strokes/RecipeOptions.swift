import ArgumentParser
import StrokeModel
import StrokeTraining
import CommandLineSupport

/// The training recipe's command-line options, shared by `train` and `bench`.
struct RecipeOptions: ParsableArguments {
    @Option(help: "Passes over the training set.") var epochs = TrainingOptions().epochs
    @Option(help: "Images per gradient step.") var batchSize = TrainingOptions().batchSize
    @Option(help: "adam (AdamW) or sgd (with momentum).") var optimizer = "adam"
    @Option(help: "Base learning rate (default: 0.002 for adam, 0.05 for sgd).") var learningRate: Float?
    @Option(help: "SGD momentum.") var momentum: Float = 0.9
    @Option(help: "Weight decay (decoupled for adam, L2 for sgd); biases are not decayed.")
    var weightDecay = TrainingOptions().weightDecay
    @Option(help: "Learning-rate schedule: cosine, constant or step.") var schedule = "cosine"
    @Option(help: "Warm-up epochs of the cosine schedule.") var warmup = 2
    @Option(help: "Label smoothing of the loss (0 = none).") var labelSmoothing: Float = 0
    @Flag(help: "Train without data augmentation.") var noAugment = false
    @Option(help: "Augmentation: largest rotation either way, in degrees.") var rotate = Augmentation().rotationDegrees
    @Option(help: "Augmentation: scale drawn from 1 ± this.") var zoom = Augmentation().scaleRange
    @Option(help: "Augmentation: largest shift either way, in pixels.") var shift = Augmentation().shiftPixels
    @Option(help: "Augmentation: probability of thickening the line.") var thicken = Augmentation().thickenProbability
    @Option(help: "Augmentation: ink brightness drawn from 1 ± this.") var brightness = Augmentation().brightnessRange
    @Option(help: "Augmentation: probability of a left–right mirror.") var mirror = Augmentation().mirrorProbability
    @Option(help: "Augmentation: probability of an upside-down flip.") var flip = Augmentation().flipProbability
    @Option(help: "Random seed: same seed and thread count give the same model file.") var seed: UInt64 = 1
    @Option(help: "Threads for OpenBLAS and the training loops.") var threads = 1
    @Option(help: ArgumentHelp(
        "How the convolutions shape their sgemms: auto, measure, window-rows, patch-matrix, or one per conv layer (patch-matrix,window-rows).",
        discussion: "auto runs the plan measured on this machine before, or times both strategies per layer now and keeps the faster (in ~/.cache/strokes/convolution-plans.json, or $STROKES_CACHE_DIR); measure times them again and replaces the kept plan. The model file records the plan, which gives the same bits again."))
    var convolution = "auto"

    /// Refuses impossible values before anything is read or written.
    func validate() throws {
        guard epochs > 0 else { throw ValidationError("--epochs must be at least 1") }
        guard batchSize > 0 else { throw ValidationError("--batch-size must be at least 1") }
        guard threads > 0 else { throw ValidationError("--threads must be at least 1") }
        if let learningRate, !(learningRate > 0 && learningRate.isFinite) {
            throw ValidationError("--learning-rate must be a number above 0, not \(learningRate)")
        }
        guard (0..<1).contains(momentum) else { throw ValidationError("--momentum must be in [0, 1), not \(momentum)") }
        guard weightDecay >= 0, weightDecay.isFinite else { throw ValidationError("--weight-decay must be 0 or more, not \(weightDecay)") }
        guard warmup >= 0 else { throw ValidationError("--warmup must be 0 or more epochs, not \(warmup)") }
        guard (0..<1).contains(labelSmoothing) else { throw ValidationError("--label-smoothing must be in [0, 1), not \(labelSmoothing)") }
        for (name, value) in [("--rotate", rotate), ("--shift", shift)] where !(value >= 0 && value.isFinite) {
            throw ValidationError("\(name) must be 0 or more, not \(value)")
        }
        // 1 ± zoom and 1 ± brightness are factors: at 1 or more they can reach zero or below.
        guard (0..<1).contains(zoom) else { throw ValidationError("--zoom must be in [0, 1), not \(zoom)") }
        guard (0..<1).contains(brightness) else { throw ValidationError("--brightness must be in [0, 1), not \(brightness)") }
        let probabilities: [(String, Float)] = [("--thicken", thicken), ("--mirror", mirror), ("--flip", flip)]
        for (name, value) in probabilities where !(0...1).contains(value) {
            throw ValidationError("\(name) is a probability and must be in [0, 1], not \(value)")
        }
    }

    func trainingOptions() throws -> TrainingOptions {
        try validate()
        var o = TrainingOptions()
        o.epochs = epochs
        o.batchSize = batchSize
        switch optimizer.lowercased() {
        case "adam", "adamw": o.optimizer = .adam()
        case "sgd": o.optimizer = .sgd(momentum: momentum)
        default: throw UsageError("unknown --optimizer '\(optimizer)': use adam or sgd")
        }
        o.learningRate = learningRate ?? (optimizer.lowercased() == "sgd" ? 0.05 : TrainingOptions().learningRate)
        o.weightDecay = weightDecay
        switch schedule.lowercased() {
        case "cosine": o.schedule = .cosine(warmupEpochs: warmup)
        case "constant": o.schedule = .constant
        case "step": o.schedule = .step(epochs: max(1, epochs / 3), factor: 0.1)
        default: throw UsageError("unknown --schedule '\(schedule)': use cosine, constant or step")
        }
        o.labelSmoothing = labelSmoothing
        o.augmentation.rotationDegrees = rotate
        o.augmentation.scaleRange = zoom
        o.augmentation.shiftPixels = shift
        o.augmentation.thickenProbability = thicken
        o.augmentation.brightnessRange = brightness
        o.augmentation.mirrorProbability = mirror
        o.augmentation.flipProbability = flip
        if noAugment { o.augmentation = .none }
        o.seed = seed
        o.threads = threads
        switch convolution {
        case "auto": break
        case "measure": ConvolutionTuning.measureAfresh()
        default:
            guard let plan = ConvolutionPlan(convolution) else {
                throw UsageError("unknown --convolution '\(convolution)': use auto, measure, window-rows, patch-matrix or a comma-separated list of the last two")
            }
            o.convolution = plan
        }
        return o
    }
}

extension TrainingOptions {
    var summary: String {
        "\(epochs) epochs, batch \(batchSize), \(optimizer), lr \(learningRate), weight decay \(weightDecay), "
            + "\(schedule), augmentation: \(augmentation), seed \(seed), \(threads) thread\(threads == 1 ? "" : "s"), "
            + "convolution: \(convolution.map(\.description) ?? "measured")"
    }
}
