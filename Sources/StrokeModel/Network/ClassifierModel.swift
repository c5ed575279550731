/// Everything a model file holds: the network, its trained weights, what its outputs mean
/// and where it came from.
public struct ClassifierModel: Sendable, Equatable {
/// The network: its input and layers.
    public var architecture: Architecture
    /// Class names in output order.
    public var labels: [String]
    /// One array per entry of `architecture.parameterSpecs`, in that order, row-major.
    public var parameters: [[Float]]
/// How an image's pixels become the network's input.
    public var input: InputEncoding
    /// How editor strokes are drawn into the input image, so the editor renders as training did.
    public var rasterizer: RasterizerParameters
    /// How the model was trained; `nil` for hand-made models (tests, imports).
    public var provenance: TrainingProvenance?
    /// The temperature its logits are divided by and its recommended rejection threshold.
    public var calibration: ModelCalibration

/// A model of `architecture` with `parameters` (one array per `architecture.parameterSpecs`
/// entry) and one label per output.
    public init(
        architecture: Architecture, labels: [String], parameters: [[Float]],
        input: InputEncoding = .init(), rasterizer: RasterizerParameters = .init(),
        provenance: TrainingProvenance? = nil, calibration: ModelCalibration = .none
    ) {
        precondition(labels.count == architecture.classCount, "one label per output")
        precondition(parameters.count == architecture.parameterSpecs.count, "one array per parameter")
        self.architecture = architecture
        self.labels = labels
        self.parameters = parameters
        self.input = input
        self.rasterizer = rasterizer
        self.provenance = provenance
        self.calibration = calibration
    }

    /// The output of the `other` class (strokes that are none of the shapes), or nil for a
    /// model that has none: such a model rejects only under its threshold.
    public var otherIndex: Int? { labels.firstIndex(of: RejectionRule.otherLabel) }
}

/// How an 8-bit image becomes the network's input.
public struct InputEncoding: Codable, Hashable, Sendable {
    /// Input value = pixel × scale (1/255: pixels in 0…1).
    public var scale: Float
    /// `white-on-black`: ink is bright, background is 0.
    public var ink: String

    /// Pixels times `scale`, ink as `ink` says (the defaults are the shipped models' encoding).
    public init(scale: Float = 1 / 255, ink: String = "white-on-black") {
        self.scale = scale
        self.ink = ink
    }
}

/// The training record stored in a model file, so a model can be traced and reproduced.
public struct TrainingProvenance: Codable, Hashable, Sendable {
    /// SHA-256 over the training images and labels (see `DatasetFingerprint`).
    public var datasetFingerprint: String
    /// Images in the primary dataset.
    public var datasetImages: Int
    /// The training seed: the same seed, data and thread count give the same file.
    public var seed: UInt64
    /// Epochs trained.
    public var epochs: Int
    /// The epoch whose weights were kept, when validation chose one.
    public var bestEpoch: Int?
    /// Images per training step.
    public var batchSize: Int
    /// The optimizer and its settings, as text.
    public var optimizer: String
    /// The peak learning rate.
    public var learningRate: Float
    /// Decoupled weight decay.
    public var weightDecay: Float
    /// The learning-rate schedule, as text.
    public var schedule: String
    /// The augmentation ranges, as text.
    public var augmentation: String
    /// Worker threads of the run (part of what makes it reproducible).
    public var threads: Int
    /// How the convolutions shaped their sgemms (`ConvolutionPlan`), also part of what makes
    /// the run reproducible; absent in files from before it was chosen by measurement.
    public var convolution: String?
    /// Images held out for validation (0 when none were).
    public var validationImages: Int
    /// Accuracy on them, when there were any.
    public var validationAccuracy: Double?
    /// Rows true class, columns predicted class, in label order (summed over folds
    /// when the figures come from cross-validation).
    public var validationConfusion: [[Int]]?
    /// With `--folds K`: K, and the mean and worst fold accuracy of the same recipe.
    public var crossValidationFolds: Int?
    /// The mean accuracy over the folds, when the recipe was cross-validated.
    public var crossValidationMeanAccuracy: Double?
    /// The worst fold's accuracy.
    public var crossValidationWorstAccuracy: Double?
    /// Every dataset of a mixture, the primary first (the fields above describe the primary).
    /// Absent when the model trained on all of one dataset, and in files from before mixtures.
    public var sources: [TrainingSource]?
    /// The command line that produced the file.
    public var command: String

    /// The record of a training run (what `strokes train` stores in the model file).
    public init(
        datasetFingerprint: String, datasetImages: Int, seed: UInt64, epochs: Int, bestEpoch: Int?,
        batchSize: Int, optimizer: String, learningRate: Float, weightDecay: Float, schedule: String,
        augmentation: String, threads: Int, validationImages: Int, validationAccuracy: Double?,
        validationConfusion: [[Int]]?, crossValidationFolds: Int? = nil,
        crossValidationMeanAccuracy: Double? = nil, crossValidationWorstAccuracy: Double? = nil,
        sources: [TrainingSource]? = nil, convolution: String? = nil, command: String
    ) {
        self.datasetFingerprint = datasetFingerprint
        self.datasetImages = datasetImages
        self.seed = seed
        self.epochs = epochs
        self.bestEpoch = bestEpoch
        self.batchSize = batchSize
        self.optimizer = optimizer
        self.learningRate = learningRate
        self.weightDecay = weightDecay
        self.schedule = schedule
        self.augmentation = augmentation
        self.threads = threads
        self.validationImages = validationImages
        self.validationAccuracy = validationAccuracy
        self.validationConfusion = validationConfusion
        self.crossValidationFolds = crossValidationFolds
        self.crossValidationMeanAccuracy = crossValidationMeanAccuracy
        self.crossValidationWorstAccuracy = crossValidationWorstAccuracy
        self.sources = sources
        self.convolution = convolution
        self.command = command
    }
}

/// One dataset of a training mixture, as the model file records it.
public struct TrainingSource: Codable, Hashable, Sendable {
    /// The folder as given on the command line.
    public var path: String
    /// SHA-256 of the images taken from it (for a count, of its seeded subset; see `DatasetFingerprint`).
    public var fingerprint: String
    /// Images taken from it.
    public var images: Int
    /// As given: a count (`500`) or a weight (`0.5x`).
    public var share: String
    /// Images it gave each epoch of the final model.
    public var imagesPerEpoch: Int

    /// A source dataset as the provenance records it.
    public init(path: String, fingerprint: String, images: Int, share: String, imagesPerEpoch: Int) {
        self.path = path
        self.fingerprint = fingerprint
        self.images = images
        self.share = share
        self.imagesPerEpoch = imagesPerEpoch
    }
}
