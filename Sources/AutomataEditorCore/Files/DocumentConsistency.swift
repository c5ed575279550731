/// The rules a saved document keeps, so that anything reading it (the editor, `automata`)
/// can rely on ids and sizes without checking again.
extension AutomatonDocument {
    /// What contradicts itself in the document, one sentence each; empty when consistent.
    /// Checked: ids unique across states and transitions, transitions pointing at existing
    /// states, positive finite radii, finite positions, curves with two controls (self-loops none), extra
    /// symbols that read back as themselves, and `nextID` above every id and at most `largestNextID`.
    public var inconsistencies: [String] {
        var problems: [String] = []
        let ids = states.map(\.id) + transitions.map(\.id)
        var seen = Set<Int>()
        for id in ids where !seen.insert(id).inserted {
            problems.append("id \(id) is used more than once")
        }
        for state in states {
            if !(state.radius.isFinite && state.radius > 0) {
                problems.append("state \(state.id) (\(state.name)) has radius \(state.radius); a radius must be positive")
            }
            if !state.center.isFinite || !(state.initialArrowStart?.isFinite ?? true) {
                problems.append("state \(state.id) (\(state.name)) has no finite position")
            }
        }
        let stateIDs = Set(states.map(\.id))
        for transition in transitions {
            for (end, id) in [("from", transition.from), ("to", transition.to)] {
                if let id, !stateIDs.contains(id) {
                    problems.append("transition \(transition.id) goes \(end) state \(id), which does not exist")
                }
            }
            if !transition.start.isFinite || !transition.end.isFinite || !transition.controls.allSatisfy(\.isFinite) {
                problems.append("transition \(transition.id) has no finite position")
            }
            if !transition.controls.isEmpty && (transition.controls.count != 2 || transition.isSelfLoop) {
                problems.append("transition \(transition.id) has \(transition.controls.count) control point(s); a curve has two, a self-loop none")
            }
        }
        let waiting = pending.texts.map(\.at) + pending.heads.flatMap { [$0.apex, $0.opening] } + [pending.lastLabel?.text.at].compactMap { $0 }
        if !waiting.allSatisfy(\.isFinite) || !pending.heads.allSatisfy({ $0.size.isFinite }) {
            problems.append("the waiting ink has a point that is not finite")
        }
        // An extra symbol must read back as itself: "", " a" or "eps" would be another symbol
        // (or none) once written on a transition.
        for symbol in extraSymbols where Symbol(parsing: symbol) != .text(symbol) {
            problems.append("the extra symbol \"\(symbol)\" is not a symbol (empty, padded with spaces, or ε)")
        }
        if let largest = ids.max(), nextID <= largest {
            problems.append("nextID \(nextID) is not above every id (the largest is \(largest))")
        }
        // New elements take nextID, nextID + 1, …: one near Int.max overflowed on the next edit
        // (found with the document fuzz target). 2⁵³ leaves room, and is as far as JSON tools read integers exactly.
        if nextID > Self.largestNextID {
            problems.append("nextID \(nextID) is above \(Self.largestNextID), leaving no room for new ids")
        }
        return problems
    }

    /// The largest `nextID` a consistent document has (2⁵³).
    static let largestNextID = 1 << 53
}
