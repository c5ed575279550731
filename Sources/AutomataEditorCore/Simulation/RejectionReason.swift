/// Why a run rejected a word before its transitions could decide, as JFLAP rejects it: a word
/// is never an error, so a student's DFA over {0, 1} simply rejects `012`.
public enum RejectionReason: Hashable, Sendable, CustomStringConvertible {
    /// No state is initial, so the run has nowhere to start.
    case noInitialState
    /// The run stopped at a symbol that no transition of the automaton reads.
    /// `position` counts from 1, as the user reads the word.
    case unreadSymbol(String, position: Int)

    /// The reason in a student's words: `no transition reads 4`.
    public var description: String {
        switch self {
        case .noInitialState:
            return "there is no initial state"
        case .unreadSymbol(let symbol, _):
            return "no transition reads \(Self.shown(symbol))"
        }
    }

    /// `accepted`, `rejected`, or `rejected: no transition reads 4` with a reason.
    static func verdictText(accepted: Bool, reason: RejectionReason?) -> String {
        (accepted ? "accepted" : "rejected") + (reason.map { ": \($0)" } ?? "")
    }

    /// A symbol as it can be seen: quoted when it is blank or has spaces (`" "`, from a JFLAP file).
    static func shown(_ symbol: String) -> String {
        symbol.isEmpty || symbol.contains(where: \.isWhitespace) ? "\"\(symbol)\"" : symbol
    }
}
