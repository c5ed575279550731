import Foundation

extension RecognitionRules {
    /// Text written inside a state names it; text elsewhere is the label of the nearest
    /// transition or self-loop (within `labelReach` of its line, or of a self-loop's circle),
    /// or in a close call (`closeCall`) of the nearest one still without symbols:
    /// comma-separated symbols, `ε` or `eps` for ε, replacing what it read before.
    public func text(_ text: String, at point: CanvasPoint, in document: AutomatonDocument) -> Interpretation {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .nothing("text: empty") }
        if let state = state(containing: point, in: document) {
            guard trimmed != state.name else { return .nothing("text \"\(trimmed)\" in \(state.name): already its name") }
            if document.states.contains(where: { $0.name == trimmed }) {
                return .nothing("text \"\(trimmed)\" in \(state.name): another state is named \(trimmed)")
            }
            return Interpretation(actions: [.renameState(id: state.id, name: trimmed)],
                                  message: "text \"\(trimmed)\" → state \(state.name) named \(trimmed)")
        }
        let symbols = trimmed.split(separator: ",", omittingEmptySubsequences: false).compactMap { Symbol(parsing: String($0)) }
        guard !symbols.isEmpty else { return .nothing("text \"\(trimmed)\": no symbols") }
        let near = document.transitions.map { ($0, labelDistance(from: point, to: $0)) }.filter { $0.1 <= labelReach }
        guard let nearest = near.min(by: { $0.1 < $1.1 }) else { return .nothing("text \"\(trimmed)\": no state or transition near \(point.roundedText)") }
        // A close call between lines (where edges meet a state) goes to one still without
        // symbols: people label each arrow as they draw it.
        let transition = nearest.0.symbols.isEmpty ? nearest.0
            : near.filter { $0.0.symbols.isEmpty && $0.1 <= closeCall * nearest.1 + 10 }.min { $0.1 < $1.1 }?.0 ?? nearest.0
        var unique: [Symbol] = []
        for symbol in symbols where !unique.contains(symbol) { unique.append(symbol) }
        var relabelled = transition
        relabelled.symbols = unique
        return Interpretation(actions: [.setSymbols(transition: transition.id, symbols: unique)],
                              message: "text \"\(trimmed)\" → \(document.describe(transition: relabelled))")
    }

    /// How far a label at `point` is from where a transition's label goes: beside its line as
    /// drawn (a curve's, not its chord's), or around a self-loop (the circle through the loop's ends).
    private func labelDistance(from point: CanvasPoint, to t: AutomatonDocument.Transition) -> Double {
        if t.isSelfLoop {
            let middle = CanvasPoint(x: (t.start.x + t.end.x) / 2, y: (t.start.y + t.end.y) / 2)
            return abs(point.distance(to: middle) - t.start.distance(to: t.end) / 2)
        }
        return StrokeGeometry.distance(from: point, toPath: t.linePoints())
    }
}
