import StrokeModel

/// Right out of total, and the share right.
public struct InkTally: Hashable, Sendable {
    public var right = 0
    public var total = 0

    public init(right: Int = 0, total: Int = 0) {
        (self.right, self.total) = (right, total)
    }

    public var share: Double { total == 0 ? 0 : Double(right) / Double(total) }

    public mutating func count(_ isRight: Bool) {
        total += 1
        if isRight { right += 1 }
    }

    public static func + (a: InkTally, b: InkTally) -> InkTally { InkTally(right: a.right + b.right, total: a.total + b.total) }

    /// `148/150 (98.7%)`.
    public var text: String { "\(right)/\(total) (\(Self.percent(share)))" }

    /// `98.7%`.
    public static func percent(_ share: Double) -> String { DecimalText.fixed(100 * share, digits: 1) + "%" }
}
