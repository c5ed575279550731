/// One initial state: an initial arrow drawn into another state moves the mark there, as in
/// JFLAP, rather than quietly making a second initial state.
extension RecognitionRules {
    /// The reading, with every other state's initial mark taken off when it made a state
    /// initial, and the message saying so.
    func movingInitialMark(_ reading: Interpretation, in document: AutomatonDocument) -> Interpretation {
        let before = Set(document.states.filter(\.isInitial).map(\.id))
        let initial = document.applying(reading.actions).states.filter(\.isInitial)
        guard let new = initial.first(where: { !before.contains($0.id) }) else { return reading }
        let others = initial.filter { $0.id != new.id }
        guard !others.isEmpty else { return reading }
        var result = reading
        result.actions += others.map { .setInitial(id: $0.id, isInitial: false) }
        let names = others.map(\.name).joined(separator: ", ")
        result.message += "; \(names) \(others.count == 1 ? "is" : "are") no longer initial (an automaton starts in one state)"
        return result
    }
}
