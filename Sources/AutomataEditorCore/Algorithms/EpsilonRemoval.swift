extension Automaton {
    /// The same language without ε-moves, on the same states (same indices, names, initial
    /// states and alphabet).
    ///
    /// A state gets an `a`-move to every state that some state of its ε-closure reaches by
    /// one `a`-move, and becomes accepting when its ε-closure contains an accepting state.
    /// (The ε-moves are folded in *before* each symbol, so the initial states need not change.)
    /// Returns `self` when there are no ε-moves.
    public func removingEpsilonMoves() -> Automaton {
        guard hasEpsilonMoves else { return self }
        let index = TransitionIndex(self)
        var newTransitions = Set<Transition>()
        var newAccepting = Set<Int>()
        for state in 0..<stateCount {
            let closure = index.closure(of: [state])
            if !closure.isDisjoint(with: accepting) { newAccepting.insert(state) }
            for symbol in alphabet {
                for target in index.move(closure, on: symbol) {
                    newTransitions.insert(Transition(from: state, symbol: .text(symbol), to: target))
                }
            }
        }
        return Automaton(stateCount: stateCount, initial: initial, accepting: newAccepting,
                         transitions: newTransitions, alphabet: alphabet, names: names)
    }
}
