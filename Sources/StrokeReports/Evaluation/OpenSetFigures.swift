import StrokeModel
import StrokeTraining

extension EvaluationReport {
    /// The real classes and the `other` class counted apart, so that a high figure for one
    /// never hides a low one for the other. Counts, so every share can be shown as `n/m`.
    package struct OpenSet: Sendable, Equatable {
        /// Images whose true class is not `other`.
        package let realImages: Int
        /// Of those, predicted as their true class (an `other` prediction counts as wrong).
        package let realCorrect: Int
        /// Real images kept at the report's threshold (see `RejectionRule`),
        package let realKept: Int
        /// and of those, the right ones.
        package let keptCorrect: Int
        /// Images whose true class is `other`,
        package let otherImages: Int
        /// and of those, rejected at the report's threshold.
        package let otherRejectedImages: Int

        /// Counts as given; the report computes them from predictions.
        package init(realImages: Int, realCorrect: Int, realKept: Int, keptCorrect: Int, otherImages: Int, otherRejectedImages: Int) {
            self.realImages = realImages
            self.realCorrect = realCorrect
            self.realKept = realKept
            self.keptCorrect = keptCorrect
            self.otherImages = otherImages
            self.otherRejectedImages = otherRejectedImages
        }

        /// Top-1 accuracy on the real classes; nil without real images.
        package var realAccuracy: Double? { Self.share(realCorrect, of: realImages) }
        /// Share of real images kept at the threshold; nil without real images.
        package var coverage: Double? { Self.share(realKept, of: realImages) }
        /// Accuracy on the kept real images; nil when none are kept.
        package var keptAccuracy: Double? { Self.share(keptCorrect, of: realKept) }
        /// Share of `other` images rejected at the threshold; nil without `other` images.
        package var otherRejected: Double? { Self.share(otherRejectedImages, of: otherImages) }

        /// The figures of predictions that have an `other` class, at `threshold`; nil when they have none.
        init?(_ predictions: Predictions, threshold: Float) {
            guard let other = predictions.otherIndex else { return nil }
            var counts = (real: 0, correct: 0, kept: 0, keptCorrect: 0, other: 0, rejected: 0)
            for n in 0..<predictions.count {
                let rejected = predictions.isRejected(n, threshold: threshold)
                let right = predictions.predicted[n] == predictions.truth[n]
                if predictions.truth[n] == other {
                    counts.other += 1
                    if rejected { counts.rejected += 1 }
                } else {
                    counts.real += 1
                    if right { counts.correct += 1 }
                    if !rejected {
                        counts.kept += 1
                        if right { counts.keptCorrect += 1 }
                    }
                }
            }
            self.init(
                realImages: counts.real, realCorrect: counts.correct, realKept: counts.kept, keptCorrect: counts.keptCorrect,
                otherImages: counts.other, otherRejectedImages: counts.rejected)
        }

        static func share(_ part: Int, of whole: Int) -> Double? {
            whole == 0 ? nil : Double(part) / Double(whole)
        }
    }
}
