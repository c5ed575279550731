extension Automaton {
    /// A shortest word accepted by exactly one of the two automata — the first such word in
    /// length-then-alphabetical order — or nil when they accept the same language.
    ///
    /// Breadth-first search for an accepting state of the product of their complete DFAs over
    /// the merged alphabet, where a pair accepts when exactly one side does.
    public func distinguishingWord(from other: Automaton) -> Word? {
        product(with: other) { $0 != $1 }.shortestAcceptedWord()
    }

    /// Whether both automata accept the same language.
    public func isEquivalent(to other: Automaton) -> Bool {
        distinguishingWord(from: other) == nil
    }
}
