import Foundation

/// Fits the one temperature that makes held-out probabilities honest: the T minimising the
/// cross-entropy of softmax(logits / T) against the true classes (Guo et al., 2017).
///
/// The loss is convex in 1/T, so a golden-section search over 1/T finds the minimum; sums run
/// in Double so the fit does not depend on the order of a few thousand small terms.
public enum TemperatureScaling {
    /// The range searched: from much softer (T = 20) to much sharper (T = 0.05) than trained.
    static let inverseRange: ClosedRange<Double> = 0.05...20

    /// The fitted temperature; 1 when there is nothing to fit on. Held-out predictions that
    /// are all right say nothing about how sure the model should be (the loss keeps falling
    /// as T shrinks, and would leave a model sure of everything): 1 then too.
    public static func fit(_ predictions: Predictions) -> Float {
        guard predictions.count > 0, predictions.predicted != predictions.truth else { return 1 }
        var (low, high) = (inverseRange.lowerBound, inverseRange.upperBound)
        let ratio = (sqrt(5.0) - 1) / 2
        var a = high - ratio * (high - low), b = low + ratio * (high - low)
        var lossA = loss(predictions, inverse: a), lossB = loss(predictions, inverse: b)
        for _ in 0..<80 {
            if lossA <= lossB {
                (high, b, lossB) = (b, a, lossA)
                a = high - ratio * (high - low)
                lossA = loss(predictions, inverse: a)
            } else {
                (low, a, lossA) = (a, b, lossB)
                b = low + ratio * (high - low)
                lossB = loss(predictions, inverse: b)
            }
        }
        return Float(1 / ((low + high) / 2))
    }

    /// Mean cross-entropy of softmax(logits × `inverse`).
    static func loss(_ predictions: Predictions, inverse: Double) -> Double {
        let classes = predictions.labels.count
        var total = 0.0
        for n in 0..<predictions.count {
            let row = predictions.logits[(n * classes)..<((n + 1) * classes)].map { Double($0) * inverse }
            let top = row.max()!
            let logSum = top + log(row.reduce(0) { $0 + exp($1 - top) })
            total += logSum - row[predictions.truth[n]]
        }
        return total / Double(predictions.count)
    }
}
