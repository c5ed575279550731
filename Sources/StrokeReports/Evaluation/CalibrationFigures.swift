import StrokeModel
import StrokeTraining

extension EvaluationReport {
    /// Whether the model's probabilities mean what they say, and the threshold they are read at.
    package struct Calibration: Sendable, Equatable {
        /// Predictions whose top probability fell in (lower, upper] (the first bin also holds `lower`).
        package struct Bin: Sendable, Equatable {
            package let lower: Double
            package let upper: Double
            package let count: Int
            /// Mean top probability of the bin's predictions; nil when it is empty.
            package let meanConfidence: Double?
            /// Share of the bin's predictions that are right; nil when it is empty.
            package let accuracy: Double?

            /// A bin with its figures; `meanConfidence` and `accuracy` are nil for an empty one.
            package init(lower: Double, upper: Double, count: Int, meanConfidence: Double?, accuracy: Double?) {
                self.lower = lower
                self.upper = upper
                self.count = count
                self.meanConfidence = meanConfidence
                self.accuracy = accuracy
            }
        }

        /// The temperature the probabilities were computed at (1: unscaled).
        package let temperature: Double
        /// The rejection threshold the open-set figures are given at: the model's own or the
        /// user's; 0 when there was none.
        package let threshold: Double
        /// The threshold `RiskCoverage.recommended()` picks from these predictions; nil when
        /// there are no `other` strokes or no threshold keeps enough real ones.
        package let recommendedThreshold: Double?
        /// Expected calibration error at `temperature` (15 equal-width bins).
        package let expectedCalibrationError: Double
        /// The same at temperature 1, when the unscaled predictions were given.
        package let unscaledExpectedCalibrationError: Double?
        package let bins: [Bin]

        /// Figures as given; the report computes them from predictions.
        package init(
            temperature: Double, threshold: Double, recommendedThreshold: Double?, expectedCalibrationError: Double,
            unscaledExpectedCalibrationError: Double?, bins: [Bin]
        ) {
            self.temperature = temperature
            self.threshold = threshold
            self.recommendedThreshold = recommendedThreshold
            self.expectedCalibrationError = expectedCalibrationError
            self.unscaledExpectedCalibrationError = unscaledExpectedCalibrationError
            self.bins = bins
        }

        init(_ summary: CalibrationSummary, temperature: Float, threshold: Float, recommended: Float?, unscaled: CalibrationSummary?) {
            self.init(
                temperature: EvaluationReport.shortest(temperature), threshold: EvaluationReport.shortest(threshold),
                recommendedThreshold: recommended.map(EvaluationReport.shortest),
                expectedCalibrationError: summary.expectedCalibrationError,
                unscaledExpectedCalibrationError: unscaled?.expectedCalibrationError,
                bins: summary.bins.map {
                    Bin(lower: $0.lower, upper: $0.upper, count: $0.count, meanConfidence: $0.meanConfidence, accuracy: $0.accuracy)
                })
        }
    }

    /// What one rejection threshold costs and buys (see `RiskCoverage`).
    package struct RiskCoverageRow: Sendable, Equatable {
        package let threshold: Double
        /// Share of the real strokes (true class not `other`) kept; nil when there are none.
        package let coverage: Double?
        /// Share of the kept real strokes that are right; nil when none are kept.
        package let accuracy: Double?
        /// Share of the `other` strokes rejected; nil when there are none.
        package let otherRejected: Double?

        /// A row with its figures; nil where a share has nothing to count.
        package init(threshold: Double, coverage: Double?, accuracy: Double?, otherRejected: Double?) {
            self.threshold = threshold
            self.coverage = coverage
            self.accuracy = accuracy
            self.otherRejected = otherRejected
        }

        init(_ row: RiskCoverage.Row) {
            self.init(
                threshold: EvaluationReport.shortest(row.threshold), coverage: row.coverage, accuracy: row.accuracy,
                otherRejected: row.otherRejected)
        }
    }

    /// The rows of `RiskCoverage`, with the one at `threshold` sorted in when it is not among them.
    static func riskCoverageRows(_ table: RiskCoverage, _ predictions: Predictions, threshold: Float) -> [RiskCoverageRow] {
        var rows = table.rows
        if !rows.contains(where: { $0.threshold == threshold }) {
            rows.append(RiskCoverage.row(predictions, at: threshold))
            rows.sort { $0.threshold < $1.threshold }
        }
        return rows.map(RiskCoverageRow.init)
    }

    /// The risk–coverage row at exactly `threshold`, if the report has one.
    package func riskCoverageRow(at threshold: Double) -> RiskCoverageRow? {
        riskCoverage.first { $0.threshold == threshold }
    }
}
