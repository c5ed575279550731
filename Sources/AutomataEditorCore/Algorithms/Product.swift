extension Automaton {
    /// A complete DFA for the words accepted by this automaton or by `other`, over the union
    /// of their alphabets (product construction, reachable pairs only; states named `(p, q)`).
    public func union(_ other: Automaton) -> Automaton {
        product(with: other) { $0 || $1 }
    }

    /// A complete DFA for the words accepted by both this automaton and `other`, over the
    /// union of their alphabets (product construction, reachable pairs only).
    public func intersection(_ other: Automaton) -> Automaton {
        product(with: other) { $0 && $1 }
    }

    /// The product of the complete DFAs of both automata over the merged alphabet: a pair is
    /// accepting when `accepts(left accepts, right accepts)` holds. Both sides are completed
    /// so that a word one side rejects early still drives the other side on.
    func product(with other: Automaton, accepts: (Bool, Bool) -> Bool) -> Automaton {
        let merged = alphabet.union(other.alphabet)
        let left = DFATable(self, extraSymbols: merged)
        let right = DFATable(other, extraSymbols: merged)
        var pairs = [Pair(left: 0, right: 0)]
        var numbers = [pairs[0]: 0]
        var newTransitions = Set<Transition>()
        var next = 0
        while next < pairs.count {
            let pair = pairs[next]
            for (column, symbol) in left.symbols.enumerated() {
                let target = Pair(left: left.next[pair.left][column], right: right.next[pair.right][column])
                let number = numbers[target] ?? {
                    pairs.append(target)
                    numbers[target] = pairs.count - 1
                    return pairs.count - 1
                }()
                newTransitions.insert(Transition(from: next, symbol: .text(symbol), to: number))
            }
            next += 1
        }
        let newAccepting = pairs.indices.filter { accepts(left.accepting[pairs[$0].left], right.accepting[pairs[$0].right]) }
        return Automaton(stateCount: pairs.count, initial: [0], accepting: Set(newAccepting),
                         transitions: newTransitions, alphabet: merged,
                         names: pairs.map { "(\(left.names[$0.left]), \(right.names[$0.right]))" })
    }

    private struct Pair: Hashable { var left: Int, right: Int }
}
