extension Automaton {
    /// Runs `word` on this ε-NFA by the subset simulation and records every step.
    ///
    /// Problems are checked before anything runs: first a missing initial state, then the
    /// first symbol not in the alphabet. Otherwise the outcome's trace starts with the
    /// ε-closure of the initial states and adds the (ε-closed) set of current states after
    /// each symbol, stopping early if that set becomes empty (see `SimulationOutcome`).
    public func run(_ word: Word) -> SimulationResult {
        guard !initial.isEmpty else { return .problem(.noInitialState) }
        if let index = word.symbols.firstIndex(where: { !alphabet.contains($0) }) {
            return .problem(.unknownSymbol(word.symbols[index], position: index + 1, alphabet: sortedAlphabet))
        }
        let transitions = TransitionIndex(self)
        var current = transitions.closure(of: initial)
        var trace = [step(reading: nil, into: current)]
        for symbol in word.symbols where !current.isEmpty {
            current = transitions.step(current, on: symbol)
            trace.append(step(reading: symbol, into: current))
        }
        let accepted = trace.count == word.count + 1 && !current.isDisjoint(with: accepting)
        return .outcome(SimulationOutcome(word: word, accepted: accepted, trace: trace))
    }

    /// Whether `word` is in the language. A word with a symbol outside the alphabet, or any
    /// word when there is no initial state, is not.
    public func accepts(_ word: Word) -> Bool {
        run(word).outcome?.accepted ?? false
    }

    private func step(reading symbol: String?, into states: Set<Int>) -> SimulationStep {
        let sorted = states.sorted()
        return SimulationStep(symbol: symbol, states: sorted, stateNames: sorted.map { names[$0] })
    }
}
