import StrokeModel

/// What each rejection threshold costs and buys (see `RejectionRule`): for thresholds 0,
/// 0.01, …, 0.99, the share of real strokes (every class but `other`) kept, the accuracy on
/// the kept ones, and the share of `other` strokes rejected. Real and `other` strokes are
/// counted apart, so a high figure for one never hides the other.
public struct RiskCoverage: Sendable, Equatable {
    /// One threshold's figures, as reports show them and `metrics.json` holds them.
    public struct Row: Sendable, Equatable, Codable {
        public let threshold: Float
        /// Real strokes kept / real strokes (nil when there are none).
        @Nullable public private(set) var coverage: Double?
        /// Right among the kept real strokes (nil when none are kept).
        @Nullable public private(set) var accuracy: Double?
        /// `other` strokes rejected / `other` strokes (nil when there are none).
        @Nullable public private(set) var otherRejected: Double?

        public init(threshold: Float, coverage: Double?, accuracy: Double?, otherRejected: Double?) {
            self.threshold = threshold
            self.coverage = coverage
            self.accuracy = accuracy
            self.otherRejected = otherRejected
        }

        enum CodingKeys: String, CodingKey {
            case threshold, coverage, accuracy
            case otherRejected = "other_rejected"
        }
    }

    public let rows: [Row]
    /// Real strokes (true class not `other`) and `other` strokes in the predictions.
    public let realCount: Int
    public let otherCount: Int

    /// The thresholds every table and plot shows.
    public static let thresholds: [Float] = (0..<100).map { Float($0) / 100 }
    /// The share of real strokes the recommended threshold must keep.
    public static let requiredCoverage = 0.99

    public init(_ predictions: Predictions, thresholds: [Float] = Self.thresholds) {
        let other = predictions.otherIndex
        let real = (0..<predictions.count).filter { predictions.truth[$0] != other }
        let negatives = (0..<predictions.count).filter { predictions.truth[$0] == other }
        func kept(_ n: Int, _ threshold: Float) -> Bool { !predictions.isRejected(n, threshold: threshold) }
        rows = thresholds.map { threshold in
            let keptReal = real.filter { kept($0, threshold) }
            let right = keptReal.filter { predictions.predicted[$0] == predictions.truth[$0] }.count
            let rejected = negatives.filter { !kept($0, threshold) }.count
            return Row(
                threshold: threshold,
                coverage: real.isEmpty ? nil : Double(keptReal.count) / Double(real.count),
                accuracy: keptReal.isEmpty ? nil : Double(right) / Double(keptReal.count),
                otherRejected: negatives.isEmpty ? nil : Double(rejected) / Double(negatives.count))
        }
        realCount = real.count
        otherCount = negatives.count
    }

    /// The threshold to ship: among the rows that keep at least `requiredCoverage` of the
    /// real strokes, the one rejecting the most `other` strokes; of equals, the one keeping
    /// more real strokes, then the lowest. Nil without `other` strokes to reject (nothing to
    /// weigh the kept strokes against) or when no row keeps enough real strokes.
    public func recommended(requiredCoverage: Double = Self.requiredCoverage) -> Row? {
        rows.filter { ($0.coverage ?? 0) >= requiredCoverage && $0.otherRejected != nil }
            .min { a, b in
                if a.otherRejected! != b.otherRejected! { return a.otherRejected! > b.otherRejected! }
                if a.coverage! != b.coverage! { return a.coverage! > b.coverage! }
                return a.threshold < b.threshold
            }
    }

    /// The figures of `predictions` at exactly `threshold` (one not in `thresholds`, say).
    public static func row(_ predictions: Predictions, at threshold: Float) -> Row {
        RiskCoverage(predictions, thresholds: [threshold]).rows[0]
    }
}
