extension Automaton {
    /// Runs `word` on this ε-NFA by the subset simulation and records every step.
    ///
    /// The trace starts with the ε-closure of the initial states and adds the (ε-closed) set
    /// of current states after each symbol, stopping early if that set becomes empty (see
    /// `SimulationOutcome`). Every word gets a verdict, as in JFLAP: without an initial state
    /// the trace is the empty set alone, and a symbol no transition reads leaves the run
    /// stuck there; both are rejections with their `reason`.
    public func run(_ word: Word) -> SimulationOutcome {
        guard !initial.isEmpty else {
            return SimulationOutcome(word: word, accepted: false, trace: [step(reading: nil, into: [])], reason: .noInitialState)
        }
        let transitions = TransitionIndex(self)
        var current = transitions.closure(of: initial)
        var trace = [step(reading: nil, into: current)]
        var reason: RejectionReason?
        for (index, symbol) in word.symbols.enumerated() where !current.isEmpty {
            current = transitions.step(current, on: symbol)
            trace.append(step(reading: symbol, into: current))
            if current.isEmpty && !transitions.reads(symbol) { reason = .unreadSymbol(symbol, position: index + 1) }
        }
        let accepted = trace.count == word.count + 1 && !current.isDisjoint(with: accepting)
        return SimulationOutcome(word: word, accepted: accepted, trace: trace, reason: reason)
    }

    /// Whether `word` is in the language. A word with a symbol no transition reads, or any
    /// word when there is no initial state, is not.
    public func accepts(_ word: Word) -> Bool {
        run(word).accepted
    }

    private func step(reading symbol: String?, into states: Set<Int>) -> SimulationStep {
        let sorted = states.sorted()
        return SimulationStep(symbol: symbol, states: sorted, stateNames: sorted.map { names[$0] })
    }
}
