import Foundation

extension RecognitionRules {
    /// Text written inside a state names it; text elsewhere is the label of the nearest
    /// transition or self-loop (within `labelReach` of its line, or of a self-loop's circle),
    /// or in a close call (`closeCall`) of the nearest one still without symbols:
    /// symbols separated by commas, semicolons or spaces, `ε` or `eps` for ε, replacing what it
    /// read before.
    /// `naming` false: a state it is in is not renamed (the text is a label, or waits).
    public func text(_ text: String, at point: CanvasPoint, in document: AutomatonDocument, naming: Bool = true) -> Interpretation {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .nothing("text: empty") }
        if naming, let state = state(containing: point, in: document) {
            guard trimmed != state.name else { return .nothing("text \"\(trimmed)\" in \(state.name): already its name") }
            if document.states.contains(where: { $0.name == trimmed }) {
                return .nothing("text \"\(trimmed)\" in \(state.name): another state is named \(trimmed)")
            }
            return Interpretation(actions: [.renameState(id: state.id, name: trimmed)],
                                  message: "text \"\(trimmed)\" → state \(state.name) named \(trimmed)")
        }
        let symbols = Self.symbols(in: trimmed)
        guard !symbols.isEmpty else { return .nothing("text \"\(trimmed)\": no symbols") }
        let written = WrittenText(text: trimmed, at: point)
        let reach = labelReach(in: document)
        let near = transitions(labelledAt: point, in: document)
        if let state = captioned(trimmed, by: point, nearer: near.map(\.1).min() ?? reach, in: document) {
            return .nothing("text \"\(trimmed)\" beside the initial arrow into \(state.name): its caption, not a symbol")
        }
        if !labelsTransition(near, at: point, in: document) {
            var pending = document.pending
            pending.texts.append(written)
            return Interpretation(actions: [.setPending(pending)],
                                  message: "text \"\(trimmed)\" waits: the first state drawn round it, or transition drawn beside it, takes it")
        }
        guard let nearest = near.min(by: { $0.1 < $1.1 }) else { return .nothing("text \"\(trimmed)\": no state or transition near \(point.roundedText)") }
        // A close call between lines (where edges meet a state) goes to one still without
        // symbols: people label each arrow as they draw it.
        let transition = nearest.0.symbols.isEmpty ? nearest.0
            : near.filter { $0.0.symbols.isEmpty && $0.1 <= closeCall * nearest.1 + 10 }.min { $0.1 < $1.1 }?.0 ?? nearest.0
        var relabelled = transition
        relabelled.symbols = symbols
        // Remembered, in case a ring drawn round it next shows it was a name written first.
        var pending = document.pending
        pending.lastLabel = TakenLabel(transition: transition.id, text: written, previous: transition.symbols)
        let split = Self.splitsAtSpaces(trimmed) ? " (a space separates symbols, as a comma does)" : ""
        return Interpretation(actions: [.setSymbols(transition: transition.id, symbols: symbols), .setPending(pending)],
                              message: "text \"\(trimmed)\" → \(document.describe(transition: relabelled))" + split)
    }

    /// The transitions within the label reach of `point`, with their distances.
    func transitions(labelledAt point: CanvasPoint, in document: AutomatonDocument) -> [(AutomatonDocument.Transition, Double)] {
        let reach = labelReach(in: document)
        return document.transitions.map { ($0, labelDistance(from: point, to: $0)) }.filter { $0.1 <= reach }
    }

    /// Whether text at `point` labels one of the transitions `near` it, rather than waiting:
    /// text written off a transition's free end, where its state will be drawn, is a name
    /// waiting for its ring.
    func labelsTransition(_ near: [(AutomatonDocument.Transition, Double)], at point: CanvasPoint, in document: AutomatonDocument) -> Bool {
        let reach = labelReach(in: document)
        return !near.isEmpty && !document.transitions.contains { waitsAtFreeEnd(point, of: $0, reach: reach) }
    }

    /// Whether text may caption an initial arrow: one word of two or more characters
    /// ("start", "Start"), not symbols a label is made of ("0", "a,b", "eps").
    static func isCaption(_ text: String) -> Bool {
        let symbols = Self.symbols(in: text)
        guard symbols.count == 1, case let .text(word) = symbols[0] else { return false }
        return word.count >= 2
    }

    /// `labelReach` where states are drawn bigger than `labelReachRadius`, grown with them: a
    /// hand that draws big states writes its labels farther from the lines.
    func labelReach(in document: AutomatonDocument) -> Double {
        labelReach * max(1, (document.typicalStateRadius ?? 0) / Self.labelReachRadius)
    }

    /// The states' typical radius up to which `labelReach` holds as it is.
    static let labelReachRadius = 50.0

    /// The initial state whose drawn arrow `point` is beside (nearer than `nearest`, the
    /// nearest transition's label place, and within half the label reach): a caption such
    /// as "Start" written by the initial arrow. Symbols are a caption only at the arrow's tip
    /// (within `captionTipShare` of the label reach), where they are its head drawn apart
    /// and read as a letter; elsewhere they label the transition beside them.
    func captioned(_ text: String, by point: CanvasPoint, nearer nearest: Double, in document: AutomatonDocument) -> AutomatonDocument.State? {
        let reach = labelReach(in: document)
        return document.states.first { s in
            guard s.isInitial, let from = s.initialArrowStart else { return false }
            let tip = s.edgePoint(towards: from)
            let distance = StrokeGeometry.distance(from: point, toSegment: from, tip)
            return distance <= reach / 2 && distance < nearest && (Self.isCaption(text) || point.distance(to: tip) <= Self.captionTipShare * reach)
        }
    }

    static let captionTipShare = 0.3

    /// Whether `point` lies off the free end of a dangling transition, within a state's
    /// reach of it, rather than beside its line.
    private func waitsAtFreeEnd(_ point: CanvasPoint, of t: AutomatonDocument.Transition, reach: Double) -> Bool {
        guard !t.isSelfLoop else { return false }
        let ends = [(t.from, t.start), (t.to, t.end)].filter { $0.0 == nil }.map(\.1)
        return ends.contains { $0.distance(to: point) <= reach / 2 } && !isBesideMiddle(point, of: t.linePoints())
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
