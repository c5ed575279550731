/// Counts of (true class, predicted class) pairs and the metrics derived from them.
public struct ConfusionMatrix: Hashable, Sendable, Codable {
    public let labels: [String]
    /// `counts[true][predicted]`.
    public private(set) var counts: [[Int]]

    public init(labels: [String]) {
        self.labels = labels
        counts = Array(repeating: Array(repeating: 0, count: labels.count), count: labels.count)
    }

    public init(labels: [String], counts: [[Int]]) {
        precondition(counts.count == labels.count && counts.allSatisfy { $0.count == labels.count })
        self.labels = labels
        self.counts = counts
    }

    public init(labels: [String], truth: [Int], predicted: [Int]) {
        self.init(labels: labels)
        for (t, p) in zip(truth, predicted) { counts[t][p] += 1 }
    }

    public static func + (a: ConfusionMatrix, b: ConfusionMatrix) -> ConfusionMatrix {
        precondition(a.labels == b.labels, "matrices of different label sets")
        var sum = a
        for t in a.labels.indices { for p in a.labels.indices { sum.counts[t][p] += b.counts[t][p] } }
        return sum
    }

    public var total: Int { counts.reduce(0) { $0 + $1.reduce(0, +) } }
    public var correct: Int { labels.indices.reduce(0) { $0 + counts[$1][$1] } }
    public var accuracy: Double { total == 0 ? 0 : Double(correct) / Double(total) }

    /// Of the images predicted as class `c`, the share that are `c` (0 when none were).
    public func precision(_ c: Int) -> Double {
        let predicted = labels.indices.reduce(0) { $0 + counts[$1][c] }
        return predicted == 0 ? 0 : Double(counts[c][c]) / Double(predicted)
    }

    /// Of the images of class `c`, the share predicted as `c` (0 when there are none).
    public func recall(_ c: Int) -> Double {
        let actual = counts[c].reduce(0, +)
        return actual == 0 ? 0 : Double(counts[c][c]) / Double(actual)
    }

    public func f1(_ c: Int) -> Double {
        let p = precision(c), r = recall(c)
        return p + r == 0 ? 0 : 2 * p * r / (p + r)
    }

    public func support(_ c: Int) -> Int { counts[c].reduce(0, +) }

    /// Off-diagonal cells with a count, largest first (ties in label order).
    public var confusions: [(truth: String, predicted: String, count: Int)] {
        var cells: [(Int, Int, Int)] = []
        for t in labels.indices { for p in labels.indices where t != p && counts[t][p] > 0 { cells.append((t, p, counts[t][p])) } }
        return cells
            .sorted { ($0.2, -$0.0, -$0.1) > ($1.2, -$1.0, -$1.1) }
            .map { (labels[$0.0], labels[$0.1], $0.2) }
    }
}
