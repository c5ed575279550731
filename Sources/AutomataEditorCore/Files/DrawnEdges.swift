/// The document's transitions as a reader of a drawing sees them: parallel transitions
/// (same source and target) merged into one edge carrying all their symbols, dangling ones
/// apart, and the arrows that only mark a state initial recognised as such.
/// Shared by the exports and the checks, so they agree on what is drawn.
struct DrawnEdges {
    /// Transitions with both ends on (existing) states, merged per (from, to).
    struct Edge {
        var from: Int
        var to: Int
        /// The merged transitions, in document order.
        var transitions: [AutomatonDocument.Transition]

        var isSelfLoop: Bool { from == to }
        /// Every symbol once, in the order first drawn.
        var symbols: [Symbol] {
            var seen = Set<Symbol>()
            return transitions.flatMap(\.symbols).filter { seen.insert($0).inserted }
        }
        /// The symbols joined by ", " (ε as ε); empty when none.
        var label: String { symbols.map(\.description).joined(separator: ", ") }
    }

    /// In the order their first transition appears in the document.
    var edges: [Edge] = []
    /// Transitions with an end on empty canvas (or on a state that does not exist).
    var dangling: [AutomatonDocument.Transition] = []
    /// Per initial state id: a symbol-less arrow drawn from empty canvas into it, which is
    /// how the initial mark is drawn, so it is neither a dangling transition nor an edge.
    var initialArrows: [Int: AutomatonDocument.Transition] = [:]

    init(_ document: AutomatonDocument) {
        let states = Dictionary(document.states.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var edgeIndex: [Pair: Int] = [:]
        for transition in document.transitions {
            let from = transition.from.flatMap { states[$0] }
            let to = transition.to.flatMap { states[$0] }
            if let from, let to {
                let pair = Pair(from: from.id, to: to.id)
                if let index = edgeIndex[pair] {
                    edges[index].transitions.append(transition)
                } else {
                    edgeIndex[pair] = edges.count
                    edges.append(Edge(from: from.id, to: to.id, transitions: [transition]))
                }
            } else if transition.from == nil, let to, to.isInitial, transition.symbols.isEmpty,
                      initialArrows[to.id] == nil {
                initialArrows[to.id] = transition
            } else {
                dangling.append(transition)
            }
        }
    }

    /// Whether an edge runs the other way between the same two states (then both bend apart).
    func hasOpposite(of edge: Edge) -> Bool {
        !edge.isSelfLoop && edges.contains { $0.from == edge.to && $0.to == edge.from }
    }

    private struct Pair: Hashable {
        var from: Int
        var to: Int
    }
}
