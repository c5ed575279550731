import AutomataEditorCore

/// The automaton algorithms a document can open a new document with.
enum AlgorithmOperation: String, CaseIterable, Sendable {
    case determinise, minimise, complement, union, intersection, equivalence

    init(_ text: String) throws(APIError) {
        // Either spelling: determinize is as common as determinise.
        let british = text.lowercased().replacingOccurrences(of: "ize", with: "ise")
        guard let operation = AlgorithmOperation(rawValue: british) else {
            throw .badRequest("\"operation\" is \"\(text.prefix(40))\", not one of \(Self.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self = operation
    }

    var needsOther: Bool { [.union, .intersection, .equivalence].contains(self) }

    /// The most states a result may have: beyond it the subset construction (2ⁿ for n states)
    /// would hold the server for long and the drawing could not be read anyway.
    static let stateBudget = 4096

    /// Refuses an operation whose subset or product construction would pass the budget,
    /// before making it.
    func checkAffordable(_ automaton: Automaton, _ other: Automaton?, names: (String, String?)) throws(APIError) {
        let budget = Self.stateBudget
        guard let count = automaton.determinizedStateCount(upTo: budget) else {
            throw .unprocessable("\(rawValue): \"\(names.0)\" would determinise to more than \(budget) states")
        }
        guard let other, let otherName = names.1 else { return }
        guard let otherCount = other.determinizedStateCount(upTo: budget) else {
            throw .unprocessable("\(rawValue): \"\(otherName)\" would determinise to more than \(budget) states")
        }
        // A product has at most one state per pair of states of the two complete DFAs.
        guard (count + 1) * (otherCount + 1) <= budget else {
            throw .unprocessable("\(rawValue) of \"\(names.0)\" and \"\(otherName)\" could make \((count + 1) * (otherCount + 1)) states; the most is \(budget)")
        }
    }

    /// `NAME-dfa`, `NAME-or-OTHER`… (`DocumentStore.add` cuts it to fit a name).
    func resultName(for name: String, with other: String?) -> String {
        let suffix = switch self {
        case .determinise: "dfa"
        case .minimise: "min"
        case .complement: "not"
        case .union: "or-\(other ?? "")"
        case .intersection: "and-\(other ?? "")"
        case .equivalence: "vs-\(other ?? "")"
        }
        return "\(name)-\(suffix)"
    }

    private func states(_ count: Int) -> String { count == 1 ? "1 state" : "\(count) states" }

    /// The automaton it makes, what it did in words, and for equivalence the shortest word
    /// on which the two differ (nil when they are equivalent).
    func apply(to automaton: Automaton, with other: Automaton?) -> (automaton: Automaton, message: String, counterexample: Word?) {
        switch self {
        case .determinise:
            let result = automaton.determinized()
            return (result, "determinised: \(states(automaton.stateCount)) became \(states(result.stateCount))", nil)
        case .minimise:
            let result = automaton.minimized()
            return (result, "minimised: \(states(result.stateCount)) in the minimal complete DFA", nil)
        case .complement:
            let result = automaton.complemented()
            return (result, "complemented over {\(automaton.sortedAlphabet.joined(separator: ", "))}", nil)
        case .union:
            let result = automaton.union(other ?? automaton)
            return (result, "union: \(states(result.stateCount))", nil)
        case .intersection:
            let result = automaton.intersection(other ?? automaton)
            return (result, "intersection: \(states(result.stateCount))", nil)
        case .equivalence:
            let other = other ?? automaton
            let word = automaton.distinguishingWord(from: other)
            let differences = automaton.differences(from: other).minimized(droppingDeadState: true)
            let message = word.map { word in
                let (accepting, rejecting) = automaton.accepts(word) ? ("this document", "the other") : ("the other", "this document")
                return "not equivalent: they differ on \(word) (\(accepting) accepts it, \(rejecting) does not)"
            } ?? "equivalent: they accept the same words"
            return (differences, message, word)
        }
    }
}
