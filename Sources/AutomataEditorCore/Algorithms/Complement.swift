extension Automaton {
    /// A complete DFA accepting exactly the words over `alphabet ∪ extraSymbols` that this
    /// automaton rejects: determinise, complete over the (possibly larger) alphabet, then swap
    /// accepting and non-accepting states. Not minimised; names are the subset names.
    public func complemented(over extraSymbols: Set<String> = []) -> Automaton {
        var dfa = determinized().completed(over: extraSymbols)
        dfa.accepting = Set(0..<dfa.stateCount).subtracting(dfa.accepting)
        return dfa
    }
}
