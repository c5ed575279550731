extension Automaton {
    /// The same language with a transition on every symbol from every state: each missing
    /// (state, symbol) pair goes to a new non-accepting dead state `∅` that loops on every
    /// symbol. The alphabet becomes `alphabet ∪ extraSymbols`.
    ///
    /// Meant for DFAs (a partial DFA becomes complete), but it keeps the language of any
    /// automaton. Returns the automaton unchanged, apart from the wider alphabet, when nothing
    /// is missing; ε-moves do not count as transitions on a symbol.
    public func completed(over extraSymbols: Set<String> = []) -> Automaton {
        let symbols = alphabet.union(extraSymbols).sorted()
        var covered = [Set<String>](repeating: [], count: stateCount)
        for transition in transitions {
            if case .text(let symbol) = transition.symbol { covered[transition.from].insert(symbol) }
        }
        let dead = stateCount
        var newTransitions = transitions
        for state in 0..<stateCount {
            for symbol in symbols where !covered[state].contains(symbol) {
                newTransitions.insert(Transition(from: state, symbol: .text(symbol), to: dead))
            }
        }
        guard newTransitions.count > transitions.count else {
            var widened = self
            widened.alphabet = Set(symbols)
            return widened
        }
        for symbol in symbols { newTransitions.insert(Transition(from: dead, symbol: .text(symbol), to: dead)) }
        return Automaton(stateCount: stateCount + 1, initial: initial, accepting: accepting,
                         transitions: newTransitions, alphabet: Set(symbols),
                         names: names + [Automaton.deadStateName(avoiding: names)])
    }

    /// `∅`, primed as often as needed to differ from every existing name.
    static func deadStateName(avoiding names: [String]) -> String {
        var name = "∅"
        while names.contains(name) { name += "′" }
        return name
    }
}
