/// How much of one dataset a training mixture takes.
public enum DatasetShare: Hashable, Sendable, CustomStringConvertible {
    /// A fixed, seeded, class-stratified subset of this many images for the whole run, each
    /// image once per epoch.
    case count(Int)
    /// round(weight × images) per epoch: whole passes for the integer part, a fresh random draw
    /// for the fraction.
    case weight(Double)

    /// Every image once per epoch.
    public static let all = DatasetShare.weight(1)

    /// `500` (a count) or `0.5x`, `2x` (a weight). Nil for anything else, and for zero or
    /// negative values, which would take no image.
    public init?(_ text: String) {
        let isNumber = { (part: Substring) in
            !part.isEmpty && part.allSatisfy { ("0"..."9").contains($0) || $0 == "." }
        }
        if text.hasSuffix("x") {
            let number = text.dropLast()
            guard isNumber(number), let weight = Double(number), weight > 0, weight.isFinite else { return nil }
            self = .weight(weight)
        } else {
            guard isNumber(text[...]), let count = Int(text), count > 0 else { return nil }
            self = .count(count)
        }
    }

    /// As written on the command line: `500`, `0.5x`, `2x`.
    public var description: String {
        switch self {
        case let .count(n): "\(n)"
        case let .weight(w): w == w.rounded() && w < 1e15 ? "\(Int(w))x" : "\(w)x"
        }
    }
}
