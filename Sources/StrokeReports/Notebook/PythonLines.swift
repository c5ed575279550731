extension String {
    /// The text cut into lines as Python's `str.splitlines(keepends=True)` cuts it, each line
    /// keeping its line break: nbformat splits multi-line fields this way when it saves, so a
    /// notebook we write looks the same after Jupyter opens and saves it. Joined, the lines
    /// give the text back; an empty text has no lines.
    var pythonLines: [String] {
        var lines: [String] = []
        var line = String.UnicodeScalarView()
        var scalars = unicodeScalars.makeIterator()
        var next = scalars.next()
        while let scalar = next {
            line.append(scalar)
            next = scalars.next()
            if scalar == "\r", next == "\n" {
                line.append("\n")
                next = scalars.next()
            }
            if Self.pythonLineBreaks.contains(scalar) {
                lines.append(String(line))
                line = String.UnicodeScalarView()
            }
        }
        if !line.isEmpty { lines.append(String(line)) }
        return lines
    }

    /// Every character Python's `splitlines` ends a line at (`\r\n` counts as one break).
    private static let pythonLineBreaks: Set<Unicode.Scalar> = [
        "\n", "\r", "\u{0B}", "\u{0C}", "\u{1C}", "\u{1D}", "\u{1E}", "\u{85}", "\u{2028}", "\u{2029}",
    ]
}
