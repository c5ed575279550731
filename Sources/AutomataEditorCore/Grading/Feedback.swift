/// What tells a student more than right or wrong (the research behind Automata Tutor found
/// they give up less often with it): the shortest word their automaton accepts but should not,
/// the shortest it rejects but should accept, the share of all short words it gets right
/// (partial credit), and, when one change would make it right, that change. Nothing of the
/// reference is shown: only words, and the submission's own states.
public struct Feedback: Sendable, Equatable {
    /// The first word (length, then alphabetical order) accepted but not meant to be; nil: none.
    public var wronglyAccepted: Word?
    /// The first word rejected but meant to be accepted; nil: none.
    public var wronglyRejected: Word?
    /// Words up to `upTo` symbols long over both alphabets classified right, out of all of them.
    public var right: Double
    public var all: Double
    public var upTo: Int
    /// One change that makes the submission right, when a search within the budget finds one.
    public var hint: RepairHint?

    /// The share of words right, 0…1.
    public var share: Double { all > 0 ? right / all : 1 }

    /// Compares `submission` with `reference` over the union of their alphabets.
    public init(for submission: Automaton, against reference: Automaton, upTo: Int = 8, hintBudget: Int = RepairHint.defaultBudget) {
        let symbols = submission.alphabet.union(reference.alphabet)
        let mine = DFATable(submission, extraSymbols: symbols), meant = DFATable(reference, extraSymbols: symbols)
        let pairs = ProductWalk(mine, meant)
        wronglyAccepted = pairs.firstWord { mine.accepting[$0] && !meant.accepting[$1] }
        wronglyRejected = pairs.firstWord { !mine.accepting[$0] && meant.accepting[$1] }
        (right, all) = pairs.agreement(upTo: upTo)
        self.upTo = upTo
        hint = wronglyAccepted == nil && wronglyRejected == nil ? nil
            : RepairHint.search(submission, against: meant, budget: hintBudget)
    }

    /// `accepts ab but should not · rejects b but should accept · 94.3% of words up to length 8 right`.
    public var text: String {
        var parts: [String] = []
        if let wronglyAccepted { parts.append("accepts \(wronglyAccepted) but should not") }
        if let wronglyRejected { parts.append("rejects \(wronglyRejected) but should accept it") }
        parts.append("\(percent) of words up to length \(upTo) right")
        if let hint { parts.append("hint: \(hint)") }
        return parts.joined(separator: " · ")
    }

    /// The share as a percentage with one decimal, never rounded up to 100% when short of it.
    public var percent: String {
        let tenths = (share * 1000).rounded(.down) / 10
        return tenths == tenths.rounded() ? "\(Int(tenths))%" : "\(tenths)%"
    }
}

/// Two complete DFAs over the same symbols walked together from their initial states.
struct ProductWalk {
    let first: DFATable, second: DFATable

    init(_ first: DFATable, _ second: DFATable) {
        precondition(first.symbols == second.symbols, "the same alphabet")
        self.first = first
        self.second = second
    }

    /// The first word (length, then alphabetical order) leading to a pair where `holds`.
    func firstWord(where holds: (Int, Int) -> Bool) -> Word? {
        let width = second.stateCount
        var parent = [Int: (pair: Int, symbol: Int)]()
        var queue = [0]
        var seen: Set<Int> = [0]
        var index = 0
        while index < queue.count {
            let pair = queue[index]
            index += 1
            let (a, b) = (pair / width, pair % width)
            if holds(a, b) {
                var symbols: [String] = []
                var at = pair
                while let step = parent[at] {
                    symbols.append(first.symbols[step.symbol])
                    at = step.pair
                }
                return Word(symbols: symbols.reversed())
            }
            for symbol in first.symbols.indices {
                let next = first.next[a][symbol] * width + second.next[b][symbol]
                if seen.insert(next).inserted {
                    parent[next] = (pair, symbol)
                    queue.append(next)
                }
            }
        }
        return nil
    }

    /// How many words of up to `length` symbols both classify alike, and how many there are
    /// (counted per pair of states, length by length, so long lengths cost no more than short).
    func agreement(upTo length: Int) -> (right: Double, all: Double) {
        let width = second.stateCount
        var counts = [0: 1.0]
        var right = 0.0, all = 0.0
        for step in 0...length {
            for (pair, count) in counts {
                all += count
                if first.accepting[pair / width] == second.accepting[pair % width] { right += count }
            }
            guard step < length else { break }
            var next: [Int: Double] = [:]
            for (pair, count) in counts {
                let (a, b) = (pair / width, pair % width)
                for symbol in first.symbols.indices {
                    next[first.next[a][symbol] * width + second.next[b][symbol], default: 0] += count
                }
            }
            counts = next
        }
        return (right, all)
    }
}
