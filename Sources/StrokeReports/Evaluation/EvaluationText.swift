/// The terminal rendering of an evaluation (what `strokes evaluate` prints on stdout).
extension EvaluationReport {
    package func render() -> String {
        var lines = ["model \(model), dataset \(dataset)" + (split.map { ", split \($0)" } ?? "") + ", \(images) images"]
        lines += headlineText
        if let calibrationText { lines.append(calibrationText) }
        lines += [
            "",
            "confusion matrix (rows true class, columns predicted):",
            ConfusionText.matrix(confusion),
            "",
            perClassTable,
            "",
            "largest confusions:",
        ]
        lines += confusions.isEmpty ? ["  none"] : confusions.map { "  \($0.truth) → \($0.predicted): \($0.count)" }
        lines.append("")
        if let riskCoverageText { lines += [riskCoverageText, ""] }
        if misclassified.isEmpty {
            lines.append("misclassified: none")
        } else {
            lines.append("misclassified (\(misclassified.count)), true → predicted (probability of the prediction):")
            lines += misclassified.map {
                "  \($0.path): \($0.truth) → \($0.predicted) (\(FixedDecimal($0.confidence, digits: 3)))"
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Like `ConfusionText.perClass`, but from the report's own figures and headed `support`
    /// as in the JSON.
    private var perClassTable: String {
        var rows = [["class", "precision", "recall", "F1", "support"]]
        for m in perClass {
            rows.append([m.label, Percent(m.precision).description, Percent(m.recall).description,
                         FixedDecimal(m.f1, digits: 3).description, String(m.support)])
        }
        return TextTable.render(rows, rightAligned: [1, 2, 3, 4])
    }
}
