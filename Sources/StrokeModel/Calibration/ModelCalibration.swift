/// How a model's outputs become probabilities that mean what they say, and where its editor
/// should stop trusting them: the `calibration` metadata of a model file.
///
/// Temperature scaling divides the logits by `temperature` before the softmax (Guo et al.,
/// 2017): it changes no decision, only how sure each one is. `strokes train` fits it on
/// held-out predictions and chooses `threshold` from the same ones.
public struct ModelCalibration: Codable, Hashable, Sendable {
    /// Logits are divided by this before the softmax; 1 leaves them as they are.
    public var temperature: Float
    /// The recommended rejection threshold (see `RejectionRule`); nil when none was chosen.
    public var threshold: Float?
    /// What both were fitted on, e.g. "out-of-fold predictions of 5-fold cross-validation".
    public var fittedOn: String?
    /// Expected calibration error of those predictions after scaling (15 equal-width bins).
    public var expectedCalibrationError: Double?
    /// At `threshold`: the share of held-out strokes of the real classes that are kept,
    public var coverage: Double?
    /// the accuracy on the kept ones,
    public var keptAccuracy: Double?
    /// and the share of held-out `other` strokes that are rejected.
    public var otherRejected: Double?

    /// No scaling and no threshold: what a model file without `calibration` means.
    public static let none = ModelCalibration(temperature: 1)

    /// A calibration with `temperature` and, optionally, a recommended `threshold` and the
    /// figures it was chosen on.
    public init(
        temperature: Float, threshold: Float? = nil, fittedOn: String? = nil, expectedCalibrationError: Double? = nil,
        coverage: Double? = nil, keptAccuracy: Double? = nil, otherRejected: Double? = nil
    ) {
        self.temperature = temperature
        self.threshold = threshold
        self.fittedOn = fittedOn
        self.expectedCalibrationError = expectedCalibrationError
        self.coverage = coverage
        self.keptAccuracy = keptAccuracy
        self.otherRejected = otherRejected
    }

    /// Why a file's calibration cannot be used, or nil.
    var problem: String? {
        guard temperature.isFinite, temperature > 0 else { return "temperature must be a positive number" }
        if let threshold, !(0...1).contains(threshold) { return "threshold must be in 0…1" }
        return nil
    }
}
