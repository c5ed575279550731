import StrokeModel

/// A share shown as a percentage with one decimal, e.g. `99.3%`.
package struct Percent: CustomStringConvertible, Sendable {
    package let value: Double
    package let digits: Int

    package init(_ value: Double, digits: Int = 1) {
        self.value = value
        self.digits = digits
    }

    package var description: String { FixedDecimal(value * 100, digits: digits).description + "%" }
}

/// A number with a fixed count of decimals, without Foundation's locale-dependent formatting.
package struct FixedDecimal: CustomStringConvertible, Sendable {
    package let value: Double
    package let digits: Int

    package init(_ value: Double, digits: Int) {
        self.value = value
        self.digits = digits
    }

    package var description: String { DecimalText.fixed(value, digits: digits) }
}

/// Left- or right-aligned plain-text table columns.
package enum TextTable {
    package static func render(_ rows: [[String]], rightAligned: Set<Int> = []) -> String {
        let widths = (0..<(rows.map(\.count).max() ?? 0)).map { column in
            rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
