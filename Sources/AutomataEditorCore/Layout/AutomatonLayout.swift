/// Positions for an automaton that was computed rather than drawn (a determinised,
/// minimised or product automaton, a regular expression's ε-NFA, a file without positions),
/// so it opens in the editor as a readable document.
///
/// Graphviz's `dot` lays it out when installed: a layered layout that keeps edges out of
/// states and labels apart, and crosses few edges, which is what the field uses for such
/// pictures and more than a layout of our own would do well. Its curves become the editor's
/// own (one cubic per transition). Without `dot`, or for automata too large to read anyway,
/// states go in columns (`ColumnLayout`).
public enum AutomatonLayout {
    /// Who places the states.
    public enum Engine: String, CaseIterable, Sendable {
        /// Graphviz's `dot`, falling back to columns when it is not installed or fails.
        case graphviz
        /// Columns by distance from the initial states (the layout before Graphviz).
        case columns
    }

    /// A transition's line: where it starts and ends, and a curve's two inner controls.
    typealias Line = (start: CanvasPoint, end: CanvasPoint, controls: [CanvasPoint])

    /// The automaton as a document: its names, marks and transitions (the transitions of a
    /// pair of states merged into one with all their symbols), laid out by `engine`.
    public static func document(for automaton: Automaton, engine: Engine = .graphviz) -> AutomatonDocument {
        if engine == .graphviz, let laidOut = GraphvizLayout.document(for: automaton) { return laidOut }
        return ColumnLayout.document(for: automaton)
    }

    /// The symbols each pair of states is joined by (several transitions, one edge).
    static func symbolsByPair(_ automaton: Automaton) -> [StatePair: [Symbol]] {
        var symbols: [StatePair: [Symbol]] = [:]
        for move in automaton.transitions.sorted() {
            symbols[StatePair(from: move.from, to: move.to), default: []].append(move.symbol)
        }
        return symbols
    }

    /// The automaton's states, each at its centre with its radius.
    static func states(of automaton: Automaton, centres: [CanvasPoint], radii: [Double]) -> [AutomatonDocument.State] {
        (0..<automaton.stateCount).map { index in
            AutomatonDocument.State(id: index, name: automaton.names[index], center: centres[index], radius: radii[index],
                                    isInitial: automaton.initial.contains(index), isFinal: automaton.accepting.contains(index))
        }
    }

    /// The document of `states` (ids 0…n−1, as in the automaton) and one transition per pair
    /// of states, drawn along `line`, in the order of the pairs; symbols no transition reads
    /// stay in the alphabet.
    static func document(for automaton: Automaton, states: [AutomatonDocument.State],
                         line: (StatePair) -> Line) -> AutomatonDocument {
        let symbolsOfPair = symbolsByPair(automaton)
        var nextID = automaton.stateCount
        var transitions: [AutomatonDocument.Transition] = []
        for pair in symbolsOfPair.keys.sorted() {
            let drawn = line(pair)
            transitions.append(AutomatonDocument.Transition(
                id: nextID, from: pair.from, to: pair.to, start: drawn.start, end: drawn.end, controls: drawn.controls,
                symbols: symbolsOfPair[pair] ?? []))
            nextID += 1
        }
        let used = Set(automaton.transitions.compactMap { move -> String? in
            if case .text(let text) = move.symbol { text } else { nil }
        })
        return AutomatonDocument(states: states, transitions: transitions,
                                 extraSymbols: automaton.alphabet.subtracting(used).sorted(), nextID: nextID)
    }
}

/// Two states joined by transitions, by their indices in the automaton.
struct StatePair: Hashable, Comparable {
    var from: Int
    var to: Int
    static func < (a: StatePair, b: StatePair) -> Bool { (a.from, a.to) < (b.from, b.to) }
}
