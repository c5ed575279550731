import StrokeModel
import StrokeTraining

extension EvaluationReport {
    /// Whether the model's probabilities mean what they say, and the threshold they are read at.
    /// Read and written as the `calibration` key of `strokes evaluate --json` and `metrics.json`.
    package struct Calibration: Sendable, Equatable, Codable {
        package typealias Bin = CalibrationSummary.Bin

        /// The temperature the probabilities were computed at (1: unscaled).
        package let temperature: Double
        /// The rejection threshold the open-set figures are given at: the model's own or the
        /// user's; 0 when there was none.
        package let threshold: Double
        /// The threshold `RiskCoverage.recommended()` picks from these predictions; nil when
        /// there are no `other` strokes or no threshold keeps enough real ones.
        @Nullable package private(set) var recommendedThreshold: Double?
        /// Expected calibration error at `temperature` (15 equal-width bins).
        package let expectedCalibrationError: Double
        /// The same at temperature 1, when the unscaled predictions were given.
        @Nullable package private(set) var unscaledExpectedCalibrationError: Double?
        package let bins: [Bin]

        enum CodingKeys: String, CodingKey {
            case temperature, threshold, bins
            case recommendedThreshold = "recommended_threshold", expectedCalibrationError = "ece"
            case unscaledExpectedCalibrationError = "ece_unscaled"
        }

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
                bins: summary.bins)
        }
    }

    /// The rows of `RiskCoverage`, with the one at `threshold` sorted in when it is not among them.
    static func riskCoverageRows(_ table: RiskCoverage, _ predictions: Predictions, threshold: Float) -> [RiskCoverage.Row] {
        var rows = table.rows
        if !rows.contains(where: { $0.threshold == threshold }) {
            rows.append(RiskCoverage.row(predictions, at: threshold))
            rows.sort { $0.threshold < $1.threshold }
        }
        return rows
    }

    /// The risk–coverage row at exactly `threshold`, if the report has one.
    package func riskCoverageRow(at threshold: Double) -> RiskCoverage.Row? {
        riskCoverage.first { $0.shownThreshold == threshold }
    }
}

extension RiskCoverage.Row {
    /// The threshold as reports print and plot it: the shortest decimal of the Float (0.95,
    /// not 0.949999988).
    var shownThreshold: Double { EvaluationReport.shortest(threshold) }
}
