/// What the classifier decided about one image or drawing.
///
/// Small and allocation-free for up to 16 classes: the probabilities live inline and the
/// labels are the classifier's own array, shared, not copied.
public struct Classification: Sendable, Equatable, CustomStringConvertible {
    /// Every class name, in output order.
    public let labels: [String]
    /// Index of the most probable class (even when rejected).
    public let topIndex: Int
    /// Whether the drawing was rejected: its top class is `other`, or its shape confidence was
    /// under the classifier's rejection threshold (see `RejectionRule`).
    public let isRejected: Bool
    /// Whether the top class is `other`: the model itself says the drawing is none of the shapes.
    public let isOther: Bool
    /// How sure the model is that the drawing is one of the shapes: 1 − p(other), or the top
    /// probability for a model without `other` (see `RejectionRule`). The threshold applies to it.
    public let shapeConfidence: Float
    private let inline: SIMD16<Float>
    private let overflow: [Float]?

    init(labels: [String], probabilities: UnsafeBufferPointer<Float>, threshold: Float, otherIndex: Int?) {
        self.labels = labels
        var top = 0
        for c in probabilities.indices where probabilities[c] > probabilities[top] { top = c }
        topIndex = top
        isOther = top == otherIndex
        shapeConfidence = RejectionRule.shapeConfidence(
            topProbability: probabilities[top], otherProbability: otherIndex.map { probabilities[$0] })
        isRejected = RejectionRule.rejects(topIndex: top, shapeConfidence: shapeConfidence, threshold: threshold, otherIndex: otherIndex)
        if probabilities.count <= 16 {
            var values = SIMD16<Float>()
            for c in probabilities.indices { values[c] = probabilities[c] }
            inline = values
            overflow = nil
        } else {
            inline = SIMD16<Float>()
            overflow = Array(probabilities)
        }
    }

    /// The decided class, or nil when the drawing was rejected (a scribble, not a shape). Never `other`.
    public var label: String? { isRejected ? nil : labels[topIndex] }
    /// The most probable class, whether or not it passed the threshold.
    public var topLabel: String { labels[topIndex] }
    /// The probability of the most probable class.
    public var confidence: Float { probability(at: topIndex) }

/// The probability of the class at `index` in `labels`.
    public func probability(at index: Int) -> Float {
        overflow?[index] ?? inline[index]
    }

/// The probability of the class named `label`; nil for a label the model does not have.
    public func probability(of label: String) -> Float? {
        labels.firstIndex(of: label).map(probability(at:))
    }

    /// Every class's probability, in output order.
    public var probabilities: [Float] { labels.indices.map(probability(at:)) }

    public var description: String {
        let list = labels.indices.map { "\(labels[$0]) \(probability(at: $0))" }.joined(separator: ", ")
        return "\(label ?? (isOther ? "rejected (none of the shapes)" : "rejected (unsure, \(topLabel))")): \(list)"
    }
}
