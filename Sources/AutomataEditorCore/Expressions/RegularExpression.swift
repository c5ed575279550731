/// A regular expression over the editor's symbols, typed by a person or read off an
/// automaton, in JFLAP's syntax: `+` union (`|` read too), `*` star, `!` the empty word (`ε`
/// read too), juxtaposition concatenation, parentheses; `∅` alone is the empty language.
public struct RegularExpression: Hashable, Sendable, CustomStringConvertible {
    /// The expression's tree; nil for the empty language, which JFLAP's syntax cannot write.
    let tree: JFLAPRegularExpression?

    init(tree: JFLAPRegularExpression?) {
        self.tree = tree
    }

    /// Reads `text`, or says what is wrong and where.
    public init(parsing text: String) throws(RegularExpressionError) {
        if text.trimmingCharacters(in: .whitespaces) == "∅" {
            tree = nil
            return
        }
        do throws(JFLAPFileError.Problem) {
            tree = try JFLAPRegularExpression(parsing: text)
        } catch {
            guard case .malformedExpression(let reason) = error else { throw RegularExpressionError(reason: "\(error)") }
            throw RegularExpressionError(reason: reason)
        }
    }

    /// An expression for the words `automaton` accepts, by state elimination (see
    /// `StateElimination`), simplified.
    public init(describing automaton: Automaton) {
        tree = StateElimination.expression(for: automaton)
    }

    /// The ε-NFA of Thompson's construction (made smaller to read; see
    /// `JFLAPRegularExpression.automaton`); the empty language is one state accepting nothing.
    public var automaton: Automaton {
        tree?.automaton ?? Automaton(stateCount: 1, initial: [0], accepting: [], transitions: [])
    }

    /// The expression in JFLAP's syntax, with as few brackets as its reading needs.
    public var description: String {
        tree.map { ExpressionText.text(of: $0) } ?? "∅"
    }
}

/// Why a typed expression cannot be read: what and where (a 1-based character position).
public struct RegularExpressionError: Error, Hashable, Sendable, CustomStringConvertible {
    public let reason: String
    public var description: String { "a malformed regular expression: \(reason)" }
}
