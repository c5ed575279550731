import StrokeModel

/// What both exports carry of a model's calibration and rejection rule, so the ONNX and Core ML
/// files scale the logits as `strokes predict` does and say the same thing under the same keys.
///
/// A temperature of exactly 1 writes no scale and no `temperature` key, and a model with
/// neither an `other` class nor a threshold gets no rejection note: a model without calibration
/// exports byte for byte as it did before calibration existed.
struct ExportCalibration: Equatable, Sendable {
    /// Metadata keys, the same in ONNX `metadata_props` and Core ML `userDefined`.
    enum Key {
        static let temperature = "temperature"
        static let rejectionThreshold = "rejection_threshold"
        static let rejectionLabel = "rejection_label"
    }

    var temperature: Float
    var threshold: Float?
    /// `other` when the model has that class, else nil.
    var rejectionLabel: String?

    init(model: ClassifierModel) {
        temperature = model.calibration.temperature
        threshold = model.calibration.threshold
        rejectionLabel = model.otherIndex.map { model.labels[$0] }
    }

    /// What the logits are multiplied by before the softmax, or nil for no scale (temperature 1).
    /// `1 / temperature` in Float, the very factor `StrokeClassifier` multiplies by, so the
    /// exports round as it does.
    var logitScale: Float? { temperature == 1 ? nil : 1 / temperature }

    /// Why the calibration cannot be exported, or nil. A model file's is checked when it is
    /// read; a model built in code may still carry anything.
    var problem: String? {
        guard temperature.isFinite, temperature > 0 else { return "temperature \(temperature) is not a positive number" }
        if let threshold, !(0...1).contains(threshold) { return "rejection threshold \(threshold) is not in 0…1" }
        return nil
    }

    /// The metadata entries, in a fixed order; only those that apply.
    var entries: [(key: String, value: String)] {
        var entries: [(key: String, value: String)] = []
        if logitScale != nil { entries.append((Key.temperature, "\(temperature)")) }
        if let threshold { entries.append((Key.rejectionThreshold, "\(threshold)")) }
        if let rejectionLabel { entries.append((Key.rejectionLabel, rejectionLabel)) }
        return entries
    }

    /// One sentence on the temperature, or nil when there is no scale.
    var scaleNote: String? {
        logitScale.map { _ in
            "The logits are divided by the temperature \(temperature) (metadata '\(Key.temperature)') before the softmax, as strokes predict does."
        }
    }

    /// One sentence on what counts as rejected, or nil when nothing is (no `other`, no threshold).
    var rejectionNote: String? {
        var rules: [String] = []
        if let rejectionLabel {
            rules.append("the most probable class is '\(rejectionLabel)' (metadata '\(Key.rejectionLabel)')")
        }
        if let threshold {
            let score = rejectionLabel.map { "1 minus the probability of '\($0)'" } ?? "the top probability"
            rules.append("\(score) is under \(threshold) (metadata '\(Key.rejectionThreshold)')")
        }
        guard !rules.isEmpty else { return nil }
        return "Rejected, none of the shapes: a result where " + rules.joined(separator: " or ") + "."
    }
}
