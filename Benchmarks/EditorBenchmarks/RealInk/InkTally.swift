import StrokeModel

/// Right out of total, and the share right.
package struct InkTally: Hashable, Sendable {
    package var right = 0
    package var total = 0

    package init(right: Int = 0, total: Int = 0) {
        (self.right, self.total) = (right, total)
    }

    package var share: Double { total == 0 ? 0 : Double(right) / Double(total) }

    package mutating func count(_ isRight: Bool) {
        total += 1
        if isRight { right += 1 }
    }

    package static func + (a: InkTally, b: InkTally) -> InkTally { InkTally(right: a.right + b.right, total: a.total + b.total) }

    /// `148/150 (98.7%)`.
    package var text: String { "\(right)/\(total) (\(Self.percent(share)))" }

    /// `98.7%`.
    package static func percent(_ share: Double) -> String { DecimalText.fixed(100 * share, digits: 1) + "%" }
}
