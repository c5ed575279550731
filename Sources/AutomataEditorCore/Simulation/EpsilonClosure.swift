extension Automaton {
    /// The ε-closure of `states`: the states themselves and every state reachable from them
    /// by ε-moves alone. The closure of the empty set is empty.
    public func epsilonClosure(of states: Set<Int>) -> Set<Int> {
        TransitionIndex(self).closure(of: states)
    }
}
