/// The operations that make a new automaton from an automaton (and, for some, a second
/// one): the one catalogue that `automata apply`, the server's algorithms route and the
/// page's menu are built from. Adding an algorithm means adding its case here.
public enum AutomatonOperation: String, CaseIterable, Sendable {
    case determinise, minimise, complement, reverse, union, intersection, equivalence

    /// The operation named `text`, in either spelling (determinize is as common as
    /// determinise), any letter case; nil for none.
    public init?(named text: String) {
        self.init(rawValue: text.lowercased().replacingOccurrences(of: "ize", with: "ise"))
    }

    /// The names, for messages: `determinise, minimise, …`.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Whether it works on two automata (the second given with `--with` or `"with"`).
    public var takesSecond: Bool { [.union, .intersection, .equivalence].contains(self) }

    /// How a menu offers it: `Determinise`, `Union with…`.
    public var title: String {
        let word = rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        return takesSecond ? "\(word) with…" : word
    }

    /// What it makes, in one line (for help texts and the page's tooltips).
    public var summary: String {
        switch self {
        case .determinise: "the DFA of the reachable subsets"
        case .minimise: "the minimal complete DFA"
        case .complement: "a complete DFA for the words it rejects"
        case .reverse: "an automaton for its words read backwards"
        case .union: "a complete DFA for the words either accepts"
        case .intersection: "a complete DFA for the words both accept"
        case .equivalence: "whether both accept the same words, and if not the shortest word they differ on"
        }
    }

    /// The most states a construction may make, and the most either automaton may determinise
    /// to: beyond it the subset construction (2ⁿ for n states) would hold a server or a grader
    /// for long, and the drawing made of it could not be read anyway.
    public static let stateBudget = 4096

    /// `NAME-dfa`, `NAME-or-OTHER`…: the name a result is saved under.
    public func resultName(for name: String, with other: String?) -> String {
        let suffix = switch self {
        case .determinise: "dfa"
        case .minimise: "min"
        case .complement: "not"
        case .reverse: "rev"
        case .union: "or-\(other ?? "")"
        case .intersection: "and-\(other ?? "")"
        case .equivalence: "vs-\(other ?? "")"
        }
        return "\(name)-\(suffix)"
    }

    /// The automaton it makes of `first` (and `second`), what it did in words, and for
    /// equivalence the comparison. `names` name the two in messages.
    /// - Throws: `OperationError` when a second automaton is needed and missing, or when a
    ///   construction would pass `stateBudget`, before making it.
    public func apply(to first: Automaton, with second: Automaton? = nil, names: (String, String?)) throws(OperationError) -> OperationOutcome {
        guard !takesSecond || second != nil else { throw OperationError("\(rawValue) needs a second automaton to work with") }
        try checkAffordable(first, takesSecond ? second : nil, names: names)
        switch self {
        case .determinise:
            let result = first.determinized()
            return OperationOutcome(result, "determinised: \(Self.states(first.stateCount)) became \(Self.states(result.stateCount))")
        case .minimise:
            let result = first.minimized()
            return OperationOutcome(result, "minimised: \(Self.states(result.stateCount)) in the minimal complete DFA")
        case .complement:
            return OperationOutcome(first.complemented(), "complemented over {\(first.sortedAlphabet.joined(separator: ", "))}")
        case .reverse:
            let result = first.reversed()
            return OperationOutcome(result, "reversed: \(Self.states(result.stateCount)) reading its words backwards")
        case .union:
            let result = first.union(second!)
            return OperationOutcome(result, "union: \(Self.states(result.stateCount))")
        case .intersection:
            let result = first.intersection(second!)
            return OperationOutcome(result, "intersection: \(Self.states(result.stateCount))")
        case .equivalence:
            let comparison: LanguageComparison
            do throws(LanguageComparison.TooLarge) {
                comparison = try LanguageComparison(first, second!)
            } catch {
                throw OperationError("\(rawValue): \"\(error.which == 0 ? names.0 : names.1 ?? "")\" \(error.problem)")
            }
            let differences = first.differences(from: second!).minimized(droppingDeadState: true)
            var outcome = OperationOutcome(differences, comparison.sentence(firstName: names.0, secondName: names.1 ?? ""))
            outcome.comparison = comparison
            return outcome
        }
    }

    /// Refuses a subset or product construction that would pass the budget.
    private func checkAffordable(_ first: Automaton, _ second: Automaton?, names: (String, String?)) throws(OperationError) {
        guard self != .reverse else { return } // linear: every automaton can be turned round
        let budget = Self.stateBudget
        guard let count = first.determinizedStateCount(upTo: budget) else {
            throw OperationError("\(rawValue): \"\(names.0)\" would determinise to more than \(budget) states")
        }
        guard let second else { return }
        let otherName = names.1 ?? ""
        guard let otherCount = second.determinizedStateCount(upTo: budget) else {
            throw OperationError("\(rawValue): \"\(otherName)\" would determinise to more than \(budget) states")
        }
        // A product has at most one state per pair of states of the two complete DFAs.
        guard (count + 1) * (otherCount + 1) <= budget else {
            throw OperationError("\(rawValue) of \"\(names.0)\" and \"\(otherName)\" could make \((count + 1) * (otherCount + 1)) states; the most is \(budget)")
        }
    }

    private static func states(_ count: Int) -> String { count == 1 ? "1 state" : "\(count) states" }
}

/// What an operation made: the automaton, and what it did in words.
public struct OperationOutcome: Sendable {
    public var automaton: Automaton
    /// `determinised: 3 states became 4 states`, `not equivalent: they differ on ab: …`.
    public var message: String
    /// For equivalence, the comparison (the shortest word they differ on, and who accepts
    /// it); nil for the other operations.
    public var comparison: LanguageComparison?

    init(_ automaton: Automaton, _ message: String) {
        self.automaton = automaton
        self.message = message
    }
}

/// An operation refused: a second automaton missing, or a construction past the state budget.
public struct OperationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
