/// Two automata compared by the words they accept: equivalent, or the shortest word on which
/// they differ and which of them accepts it.
public struct LanguageComparison: Sendable, Equatable {
    /// The first word, in length-then-alphabetical order, accepted by exactly one of them;
    /// nil when they are equivalent.
    public var distinguishingWord: Word?
    /// Whether the first automaton is the one accepting `distinguishingWord`.
    public var firstAccepts: Bool

    public var isEquivalent: Bool { distinguishingWord == nil }

    /// Compares two automata.
    /// - Throws: `TooLarge` (which one: 0 or 1) when one determinises past the budget (the
    ///   one all operations share, `AutomatonOperation.stateBudget`, unless given).
    public init(_ first: Automaton, _ second: Automaton, stateBudget: Int = AutomatonOperation.stateBudget) throws(TooLarge) {
        for (which, automaton) in [first, second].enumerated() where automaton.determinizedStateCount(upTo: stateBudget) == nil {
            throw TooLarge(which: which, budget: stateBudget)
        }
        distinguishingWord = first.distinguishingWord(from: second)
        firstAccepts = distinguishingWord.map(first.accepts) ?? false
    }

    /// An automaton that determinises to more states than the budget.
    public struct TooLarge: Error, Sendable, Equatable {
        /// 0 for the first automaton, 1 for the second.
        public var which: Int
        public var budget: Int

        public var problem: String { "it would determinise to more than \(budget) states" }
    }

    /// `equivalent`, or `they differ on ab: A accepts it, B does not`.
    public func sentence(firstName: String, secondName: String) -> String {
        guard let word = distinguishingWord else { return "equivalent" }
        let (accepting, rejecting) = firstAccepts ? (firstName, secondName) : (secondName, firstName)
        return "not equivalent: they differ on \(word): \(accepting) accepts it, \(rejecting) does not"
    }
}
