/// When a classification counts as "I don't know": the one rule the classifier, the training
/// reports and the threshold recommendation share, so a threshold means the same everywhere.
public enum RejectionRule {
    /// The class of strokes that are none of the shapes (scribbles, handwriting, ticks...). A
    /// model with this label says "I don't know" by choosing it; a model without it can only
    /// fall under the threshold.
    public static let otherLabel = "other"

    /// What a threshold is compared with: how sure the model is that the drawing is one of
    /// the shapes at all. For a model with an `other` class that is 1 − p(other): which shape
    /// it is, the top class (and, in the editor, where the stroke lies) says, and a stroke torn
    /// between arrow and cycle is still surely a stroke to draw. A model without `other`
    /// cannot tell "none of the shapes" from "unsure which", so its top probability stands in.
    @inlinable
    public static func shapeConfidence(topProbability: Float, otherProbability: Float?) -> Float {
        otherProbability.map { 1 - $0 } ?? topProbability
    }

    /// Rejected when the most probable class is `other` (`otherIndex`, nil for a model without
    /// one) or the shape confidence is under `threshold`.
    @inlinable
    public static func rejects(topIndex: Int, shapeConfidence: Float, threshold: Float, otherIndex: Int?) -> Bool {
        topIndex == otherIndex || shapeConfidence < threshold
    }
}
