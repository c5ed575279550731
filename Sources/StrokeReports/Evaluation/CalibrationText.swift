import StrokeTraining
import StrokeModel

/// The calibration and threshold figures in words and plain-text tables (`strokes evaluate`).
extension EvaluationReport {
    /// The thresholds of the terminal's short table, besides the report's own and the recommended one.
    static let shortTableThresholds: [Double] = [0, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99]

    /// With `other` images, accuracy on the real classes and `other` rejected are given apart
    /// (one high figure must not hide the other); else the plain accuracy.
    var headlineText: [String] {
        let overall = "accuracy \(Percent(accuracy, digits: 2)) (\(correct)/\(images)), loss \(FixedDecimal(loss, digits: 4))"
        guard let open = openSet, open.otherImages > 0, let calibration else { return [overall] }
        let threshold = Self.thresholdText(calibration.threshold)
        var lines = [
            "real classes: accuracy \(Self.percent(open.realAccuracy, digits: 2)) (\(open.realCorrect)/\(open.realImages); "
                + "predicting other counts as wrong)",
            "other: \(Self.percent(open.otherRejected)) rejected (\(open.otherRejectedImages)/\(open.otherImages)) at threshold \(threshold)",
        ]
        if calibration.threshold > 0 {
            lines.append("at threshold \(threshold): \(Self.percent(open.coverage)) of real strokes kept "
                + "(\(open.realKept)/\(open.realImages)), \(Self.percent(open.keptAccuracy, digits: 2)) of them right")
        }
        return lines + ["all classes: " + overall]
    }

    /// `calibration: ECE 0.021 at temperature 1.43 (0.045 before scaling)`.
    var calibrationText: String? {
        guard let c = calibration else { return nil }
        var text = "calibration: ECE \(FixedDecimal(c.expectedCalibrationError, digits: 3)) "
            + "at temperature \(DecimalText.fixed(c.temperature, digits: 3, trimmingZeros: true))"
        if let before = c.unscaledExpectedCalibrationError, c.temperature != 1 {
            text += " (\(FixedDecimal(before, digits: 3)) before scaling)"
        }
        return text + ", \(c.bins.count) confidence bins"
    }

    /// A few thresholds, the report's own and the recommended one: what each costs.
    var riskCoverageText: String? {
        let selection = riskCoverageSelection(Self.shortTableThresholds)
        guard !selection.isEmpty else { return nil }
        let withOther = riskCoverage.contains { $0.otherRejected != nil }
        var rows = [["threshold", "real kept", "accuracy on kept"] + (withOther ? ["other rejected"] : []) + [""]]
        for entry in selection {
            let r = entry.row
            rows.append([Self.thresholdText(r.shownThreshold), Self.percent(r.coverage), Self.percent(r.accuracy)]
                + (withOther ? [Self.percent(r.otherRejected)] : []) + [entry.note])
        }
        let columns = withOther ? 4 : 3
        return "rejection threshold (a stroke is rejected when its top class is other or its shape confidence is under it: "
            + "1 − p(other); the top probability for a model without other):\n"
            + TextTable.render(rows, rightAligned: Set(0..<columns))
    }

    /// The rows at `thresholds`, the report's threshold and the recommended one, in order,
    /// each with a note saying which of the last two it is.
    func riskCoverageSelection(_ thresholds: [Double]) -> [(row: RiskCoverage.Row, note: String, recommended: Bool)] {
        guard let calibration else { return [] }
        let inUse = calibration.threshold, recommended = calibration.recommendedThreshold
        let wanted = Set(thresholds + [inUse] + [recommended].compactMap { $0 })
        return riskCoverage.filter { wanted.contains($0.shownThreshold) }.map { row in
            var notes: [String] = []
            if row.shownThreshold == recommended { notes.append("recommended") }
            // A threshold of 0 is no threshold: nothing to point at.
            if row.shownThreshold == inUse && inUse > 0 { notes.append("in use") }
            return (row, notes.joined(separator: ", "), row.shownThreshold == recommended)
        }
    }

    /// Two decimals, or up to four when a threshold needs them (0.655).
    static func thresholdText(_ threshold: Double) -> String {
        let two = DecimalText.fixed(threshold, digits: 2)
        return abs((Double(two) ?? threshold) - threshold) < 1e-9 ? two : DecimalText.fixed(threshold, digits: 4, trimmingZeros: true)
    }

    /// A share as a percentage, or an en dash when it is undefined.
    static func percent(_ share: Double?, digits: Int = 1) -> String {
        share.map { Percent($0, digits: digits).description } ?? "–"
    }
}
