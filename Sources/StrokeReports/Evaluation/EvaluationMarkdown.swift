import StrokeTraining

import Foundation

/// The Markdown rendering of an evaluation (`strokes evaluate --markdown`).
extension EvaluationReport {
    package func markdown() -> String {
        var md = "# Evaluation report\n\n"
        md += "- model: `\(model)`\n"
        md += "- dataset: `\(dataset)`" + (split.map { ", split \($0)" } ?? "") + ", \(images) images\n"
        md += "- accuracy: \(Percent(accuracy, digits: 2)) (\(correct)/\(images)), loss \(FixedDecimal(loss, digits: 4))\n\n"
        if let openSetMarkdown { md += openSetMarkdown + "\n\n" }
        md += "## Confusion matrix\n\nRows true class, columns predicted.\n\n"
        md += Self.markdownMatrix(confusion) + "\n"
        md += "## Per class\n\n| class | precision | recall | F1 | support |\n|---|---:|---:|---:|---:|\n"
        for m in perClass {
            md += "| \(cell(m.label)) | \(Percent(m.precision)) | \(Percent(m.recall)) | \(FixedDecimal(m.f1, digits: 3)) | \(m.support) |\n"
        }
        md += "\n## Largest confusions\n\n"
        md += confusions.isEmpty ? "None.\n" : confusions.map { "- \($0.truth) → \($0.predicted): \($0.count)\n" }.joined()
        if let calibration = calibrationMarkdown(plot: nil) { md += "\n## Calibration\n\n" + calibration }
        if let thresholds = riskCoverageMarkdown(plot: nil) { md += "\n## Rejection threshold\n\n" + thresholds }
        md += "\n## Misclassified\n\n"
        guard !misclassified.isEmpty else { return md + "None.\n" }
        md += "| file | true | predicted | probability |\n|---|---|---|---:|\n"
        for m in misclassified {
            md += "| `\(cell(m.path))` | \(cell(m.truth)) | \(cell(m.predicted)) | \(FixedDecimal(m.confidence, digits: 3)) |\n"
        }
        return md
    }

    /// A confusion matrix as a Markdown table, rows true class, columns predicted.
    static func markdownMatrix(_ m: ConfusionMatrix) -> String {
        var md = "| true \\ predicted | " + m.labels.joined(separator: " | ") + " |\n"
        md += "|---|" + String(repeating: "---:|", count: m.labels.count) + "\n"
        for (t, label) in m.labels.enumerated() {
            md += "| \(label) | " + m.counts[t].map(String.init).joined(separator: " | ") + " |\n"
        }
        return md
    }

    /// A `|` in a file name would end the table cell.
    private func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
