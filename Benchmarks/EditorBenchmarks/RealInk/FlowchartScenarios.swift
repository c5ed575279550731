import AutomataEditorCore

extension Flowchart {
    /// One state per node, in node order (ids 0, 1, …, named by the node's id): centred on
    /// the node's bounding box, its radius half the box's larger side, but never reaching past
    /// 0.45 of the way to the nearest other node's centre: the editor's states do not overlap
    /// (a wide box turned into a circle would swallow the arrows beside it).
    package var nodeStates: AutomatonDocument {
        let boxes = nodes.map { InkBox($0.strokes.joined())! }
        let radii = boxes.indices.map { i in
            let nearest = boxes.indices.filter { $0 != i }.map { boxes[i].centre.distance(to: boxes[$0].centre) }.min() ?? .infinity
            return min(boxes[i].largerSide / 2, 0.45 * nearest)
        }
        return InkScenario.document(states: boxes.map(\.centre), radii: radii, names: nodes.map(\.id))
    }

    /// The arrow's strokes replayed on the node states: exactly one new transition from its
    /// source's state to its target's. Nil for an arrow not drawn, or without a drawn source
    /// and target.
    package func scenario(for arrow: Arrow, on states: AutomatonDocument) -> InkScenario? {
        guard !arrow.strokes.isEmpty,
              let from = nodes.firstIndex(where: { $0.id == arrow.source }),
              let to = nodes.firstIndex(where: { $0.id == arrow.target })
        else { return nil }
        return InkScenario(source: "\(name) arrow \(arrow.id)", start: states, strokes: arrow.strokes,
                           expected: .transition(from: from, to: to))
    }

    /// A text's strokes replayed on the node states: none should leave an element.
    package func scenario(for text: Symbol, on states: AutomatonDocument) -> InkScenario {
        InkScenario(source: "\(name) text \(text.id)", start: states, strokes: text.strokes, expected: .nothing)
    }

    /// Whether `arrow` ends on another arrow bound for the same node instead of at the node:
    /// a merge, as flowcharts join connectors (no automaton does; the circle standing in for
    /// the node cannot tell). An end of its strokes lies within `mergeReach` of the other
    /// arrow's ink, and its ink comes no nearer its target's ink than twice that.
    package func merges(_ arrow: Arrow) -> Bool {
        guard let target = nodes.first(where: { $0.id == arrow.target }) else { return false }
        let others = arrows.filter { $0.id != arrow.id && $0.target == arrow.target }.flatMap { $0.strokes.joined() }
        guard !others.isEmpty else { return false }
        func gap(from points: [CanvasPoint], to ink: [CanvasPoint]) -> Double {
            points.map { p in ink.map { $0.distance(to: p) }.min() ?? .infinity }.min() ?? .infinity
        }
        let ends = arrow.strokes.flatMap { [$0.first, $0.last].compactMap { $0 } }
        return gap(from: ends, to: others) <= Self.mergeReach
            && gap(from: Array(arrow.strokes.joined()), to: Array(target.strokes.joined())) > 2 * Self.mergeReach
    }

    /// See `merges(_:)`: in points, at the benchmark's scale (the median node 60 high).
    static let mergeReach = 10.0
}
