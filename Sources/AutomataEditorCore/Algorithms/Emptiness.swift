extension Automaton {
    /// Whether the automaton accepts no word at all (always true without an initial state).
    public var isEmpty: Bool { shortestAcceptedWord() == nil }

    /// A shortest accepted word — the first in length-then-alphabetical order (symbols
    /// compared as strings) — or nil if the language is empty.
    ///
    /// Breadth-first search over the states of the ε-free automaton, linear in its size. The
    /// states reached by the same word travel together as one group, and groups are extended
    /// symbol by symbol in sorted order, so groups appear in word order and each state is
    /// first reached by its least word: the first accepting state found gives the answer.
    public func shortestAcceptedWord() -> Word? {
        let free = removingEpsilonMoves()
        let index = TransitionIndex(free)
        let symbols = sortedAlphabet
        // Each group: the states first reached by one word, kept as (parent group, last symbol).
        var groups: [(states: [Int], parent: Int, symbol: String)] = [(initial.sorted(), -1, "")]
        var seen = initial
        func word(of group: Int) -> Word {
            var symbols: [String] = []
            var group = group
            while groups[group].parent >= 0 {
                symbols.append(groups[group].symbol)
                group = groups[group].parent
            }
            return Word(symbols: symbols.reversed())
        }
        var next = 0
        while next < groups.count {
            if groups[next].states.contains(where: free.accepting.contains) { return word(of: next) }
            for symbol in symbols {
                var reached: [Int] = []
                for state in groups[next].states {
                    for target in index.targets[state][symbol] ?? [] where seen.insert(target).inserted {
                        reached.append(target)
                    }
                }
                if !reached.isEmpty { groups.append((reached, next, symbol)) }
            }
            next += 1
        }
        return nil
    }
}
