import StrokeTraining

/// Plain-text renderings of a confusion matrix and its per-class metrics.
package enum ConfusionText {
    /// Rows true class, columns predicted class, labelled.
    package static func matrix(_ m: ConfusionMatrix) -> String {
        var rows = [["true \\ predicted"] + m.labels]
        for (t, label) in m.labels.enumerated() { rows.append([label] + m.counts[t].map(String.init)) }
        return TextTable.render(rows, rightAligned: Set(1...m.labels.count))
    }

    /// Precision, recall, F1 and support of every class.
    package static func perClass(_ m: ConfusionMatrix) -> String {
        var rows = [["class", "precision", "recall", "F1", "images"]]
        for (c, label) in m.labels.enumerated() {
            rows.append([label, Percent(m.precision(c)).description, Percent(m.recall(c)).description,
                         FixedDecimal(m.f1(c), digits: 3).description, String(m.support(c))])
        }
        return TextTable.render(rows, rightAligned: [1, 2, 3, 4])
    }

    /// The largest confusions in words: `cycle → circle: 3`.
    package static func confusions(_ m: ConfusionMatrix, limit: Int = 5) -> String {
        let cells = m.confusions.prefix(limit)
        guard !cells.isEmpty else { return "no confusions" }
        return cells.map { "\($0.truth) → \($0.predicted): \($0.count)" }.joined(separator: "\n")
    }
}
