extension Automaton {
    /// An equivalent DFA by the subset construction, building only the subsets reachable from
    /// the ε-closure of the initial states.
    ///
    /// The result is a *partial* DFA: state 0 is the only initial state, there are no ε-moves
    /// and at most one transition per state and symbol, and the empty subset is left out
    /// (a missing transition rejects). Use `completed()` for a complete DFA. The one exception:
    /// with no initial state at all, the result is the single non-accepting state `{}`.
    /// States are named after their subsets, e.g. `{q0,q1}`; the alphabet is kept.
    public func determinized() -> Automaton {
        subsetConstruction(stoppingAfter: .max)!
    }

    /// How many states `determinized()` would have, or nil when more than `limit`: whether a
    /// construction is affordable, asked before making it (subsets can grow as 2ⁿ).
    public func determinizedStateCount(upTo limit: Int) -> Int? {
        subsetConstruction(stoppingAfter: limit)?.stateCount
    }

    /// The subset construction, or nil once it has more than `limit` states.
    private func subsetConstruction(stoppingAfter limit: Int) -> Automaton? {
        let index = TransitionIndex(self)
        let symbols = sortedAlphabet
        let start = index.closure(of: initial)
        var subsets = [start]
        var numbers = [start: 0]
        var newTransitions = Set<Transition>()
        var next = 0
        while next < subsets.count {
            let subset = subsets[next]
            for symbol in symbols {
                let target = index.step(subset, on: symbol)
                if target.isEmpty { continue }
                let number = numbers[target] ?? {
                    subsets.append(target)
                    numbers[target] = subsets.count - 1
                    return subsets.count - 1
                }()
                if subsets.count > limit { return nil }
                newTransitions.insert(Transition(from: next, symbol: .text(symbol), to: number))
            }
            next += 1
        }
        let newAccepting = Set(subsets.indices.filter { !subsets[$0].isDisjoint(with: accepting) })
        let newNames = subsets.map { "{" + $0.sorted().map { names[$0] }.joined(separator: ",") + "}" }
        return Automaton(stateCount: subsets.count, initial: [0], accepting: newAccepting,
                         transitions: newTransitions, alphabet: alphabet, names: newNames)
    }
}
