/// `confusion.csv`: the confusion matrix for spreadsheets and pandas
/// (`pd.read_csv(path, index_col=0)`), rows true class, columns predicted.
extension EvaluationReport {
    package func confusionCSV() -> String {
        let m = confusion
        var csv = ([Self.field("true \\ predicted")] + m.labels.map(Self.field)).joined(separator: ",") + "\n"
        for (t, label) in m.labels.enumerated() {
            csv += ([Self.field(label)] + m.counts[t].map(String.init)).joined(separator: ",") + "\n"
        }
        return csv
    }

    /// RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
