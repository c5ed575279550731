extension AutomatonDocument {
    /// The name a new state gets: the first of `q0`, `q1`, … that no state has, so states
    /// drawn one after another are named in creation order and names stay unique.
    public var nextStateName: String {
        let taken = Set(states.map(\.name))
        var index = 0
        while taken.contains("q\(index)") { index += 1 }
        return "q\(index)"
    }

    /// A state's name, or `#id` when there is no such state (messages about stale ids).
    public func name(ofState id: Int) -> String {
        state(id)?.name ?? "#\(id)"
    }

    /// `q0 → q1`, `self-loop on q1`, with `?` for a free end; symbols after a colon when set.
    public func describe(transition t: Transition) -> String {
        let label = t.symbols.isEmpty ? "" : " reading " + t.symbols.map(\.description).joined(separator: ",")
        if t.isSelfLoop, let state = t.from { return "self-loop on \(name(ofState: state))\(label)" }
        let from = t.from.map { name(ofState: $0) } ?? "?"
        let to = t.to.map { name(ofState: $0) } ?? "?"
        return "transition \(from) → \(to)\(label)"
    }
}
