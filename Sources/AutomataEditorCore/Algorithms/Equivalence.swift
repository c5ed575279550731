extension Automaton {
    /// A shortest word accepted by exactly one of the two automata — the first such word in
    /// length-then-alphabetical order — or nil when they accept the same language.
    ///
    /// Breadth-first search for an accepting state of the product of their complete DFAs over
    /// the merged alphabet, where a pair accepts when exactly one side does.
    public func distinguishingWord(from other: Automaton) -> Word? {
        differences(from: other).shortestAcceptedWord()
    }

    /// A complete DFA for the words accepted by exactly one of the two automata (the product
    /// of their complete DFAs, a pair accepting when one side does and the other does not):
    /// empty exactly when they are equivalent.
    public func differences(from other: Automaton) -> Automaton {
        product(with: other) { $0 != $1 }
    }

    /// Whether both automata accept the same language.
    public func isEquivalent(to other: Automaton) -> Bool {
        distinguishingWord(from: other) == nil
    }
}
