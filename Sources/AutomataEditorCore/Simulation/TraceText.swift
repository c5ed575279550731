extension SimulationOutcome {
    /// The trace on one line, e.g. `{q0} --1--> {q1, q2} --0--> {}`; when the run got stuck
    /// before the end of the word, a note says how many symbols were left unread.
    /// (Used by `automata run --trace`.)
    public var traceText: String {
        var text = ""
        for step in trace {
            if let symbol = step.symbol { text += " --\(RejectionReason.shown(symbol))--> " }
            text += "{" + step.stateNames.joined(separator: ", ") + "}"
        }
        let unread = word.count - symbolsRead
        if unread > 0 { text += " (stuck: \(unread) symbol\(unread == 1 ? "" : "s") not read)" }
        return text
    }

    /// `accepted` or `rejected`.
    public var verdict: String { accepted ? "accepted" : "rejected" }

    /// The verdict with its reason, if any: `rejected: no transition reads 4`.
    public var verdictText: String { RejectionReason.verdictText(accepted: accepted, reason: reason) }
}
