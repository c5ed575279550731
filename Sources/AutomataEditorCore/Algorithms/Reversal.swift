extension Automaton {
    /// An automaton for the words of this one read backwards: every transition turned round,
    /// the accepting states made the initial ones and the initial states the accepting ones.
    /// An NFA (several initial states when there were several accepting ones); names kept.
    public func reversed() -> Automaton {
        let turned = Set(transitions.map { Transition(from: $0.to, symbol: $0.symbol, to: $0.from) })
        return Automaton(stateCount: stateCount, initial: accepting, accepting: initial,
                         transitions: turned, alphabet: alphabet, names: names)
    }
}
