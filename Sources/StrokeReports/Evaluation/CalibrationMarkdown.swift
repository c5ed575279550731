import StrokeModel
import StrokeTraining

/// The calibration and threshold figures as Markdown, shared by `strokes evaluate --markdown`,
/// `report.md` and the notebook. Each returns a section's body; callers add the heading.
extension EvaluationReport {
    /// The full table's thresholds: 0.05 steps and 0.99 (the report's own and the recommended
    /// one are added).
    static let fullTableThresholds: [Double] = (0..<20).map { Double($0 * 5) / 100 } + [0.99]

    /// With `other` images: accuracy on the real classes and `other` rejected, apart.
    var openSetMarkdown: String? {
        guard let open = openSet, open.otherImages > 0, let calibration else { return nil }
        let threshold = Self.thresholdText(calibration.threshold)
        var md = "On the real classes, accuracy **\(Self.percent(open.realAccuracy, digits: 2))** "
            + "(\(open.realCorrect) of \(open.realImages) images; an `other` prediction counts as wrong). "
            + "Of the `other` strokes, **\(Self.percent(open.otherRejected))** are rejected "
            + "(\(open.otherRejectedImages) of \(open.otherImages)) at threshold \(threshold)."
        if calibration.threshold > 0 {
            md += " At that threshold \(Self.percent(open.coverage)) of the real strokes are kept "
                + "(\(open.realKept) of \(open.realImages)), \(Self.percent(open.keptAccuracy, digits: 2)) of them right."
        }
        return md
    }

    /// The expected calibration error in a sentence, the plot, and every bin.
    func calibrationMarkdown(plot: String?) -> String? {
        calibrationMarkdownParts.map { $0.intro + (plot.map { "![Reliability diagram](\($0))\n\n" } ?? "") + $0.table }
    }

    /// What each threshold costs: the rule, the recommendation, the plot, and the table with
    /// the recommended row in bold.
    func riskCoverageMarkdown(plot: String?) -> String? {
        riskCoverageMarkdownParts.map { $0.intro + (plot.map { "![Risk–coverage](\($0))\n\n" } ?? "") + $0.table }
    }

    /// The calibration section's text and its table of bins, for a plot to go between.
    var calibrationMarkdownParts: (intro: String, table: String)? {
        guard let c = calibration else { return nil }
        var md = "Expected calibration error **\(FixedDecimal(c.expectedCalibrationError, digits: 3))** over "
            + "\(c.bins.count) equal-width confidence bins, at temperature \(DecimalText.fixed(c.temperature, digits: 3, trimmingZeros: true))"
        if let before = c.unscaledExpectedCalibrationError, c.temperature != 1 {
            md += " (\(FixedDecimal(before, digits: 3)) before scaling)"
        }
        md += ". In a calibrated model each bin's accuracy equals its mean confidence; "
            + "a bin below the diagonal is overconfident, one above it underconfident.\n\n"
        var table = "| confidence | predictions | mean confidence | accuracy | accuracy − confidence |\n|---|---:|---:|---:|---:|\n"
        for bin in c.bins {
            var gap = "–"
            if let accuracy = bin.accuracy, let confidence = bin.meanConfidence {
                gap = (accuracy >= confidence ? "+" : "−") + FixedDecimal(abs(accuracy - confidence) * 100, digits: 1).description + " pt"
            }
            table += "| \(FixedDecimal(bin.lower, digits: 3))–\(FixedDecimal(bin.upper, digits: 3)) | \(bin.count) | "
                + "\(Self.percent(bin.meanConfidence)) | \(Self.percent(bin.accuracy)) | \(gap) |\n"
        }
        return (md, table)
    }

    /// The threshold section's text and its table, for a plot to go between.
    var riskCoverageMarkdownParts: (intro: String, table: String)? {
        let selection = riskCoverageSelection(Self.fullTableThresholds)
        guard let c = calibration, !selection.isEmpty else { return nil }
        let withOther = riskCoverage.contains { $0.otherRejected != nil }
        var md = "A stroke is rejected (\"I don't know\") when its most probable class is `other` or its shape confidence "
            + "is under the threshold: 1 − p(`other`); the top probability for a model without `other`. For each threshold: the share of real strokes (every class but `other`) kept, "
            + "the accuracy on them" + (withOther ? ", and the share of `other` strokes rejected" : "") + ". "
        if let recommended = c.recommendedThreshold {
            md += "The recommended threshold, **\(Self.thresholdText(recommended))**, keeps at least "
                + "\(Percent(RiskCoverage.requiredCoverage, digits: 0)) of the real strokes and rejects the most `other` ones."
        } else if withOther {
            md += "No threshold is recommended: none keeps \(Percent(RiskCoverage.requiredCoverage, digits: 0)) of the real strokes."
        } else {
            md += "No threshold is recommended: without `other` strokes there is nothing to weigh the kept ones against."
        }
        md += "\n\n"
        var table = "| threshold | real strokes kept | accuracy on kept |" + (withOther ? " `other` rejected |" : "") + " |\n"
        table += "|---:|---:|---:|" + (withOther ? "---:|" : "") + "---|\n"
        for entry in selection {
            let r = entry.row
            let cells = [Self.thresholdText(r.shownThreshold), Self.percent(r.coverage), Self.percent(r.accuracy)]
                + (withOther ? [Self.percent(r.otherRejected)] : [])
            table += "| " + cells.map { entry.recommended ? "**\($0)**" : $0 }.joined(separator: " | ") + " | \(entry.note) |\n"
        }
        return (md, table)
    }
}
