import AutomataEditorCore

/// An automaton as someone means to draw it: where each state goes and how each edge is
/// drawn. `SketchPen` draws it; `SketchScore` compares what the editor made of it with it.
package struct SketchPlan: Hashable, Sendable {
    package struct State: Hashable, Sendable {
        package var centre: CanvasPoint
        package var radius: Double
        /// A name written inside the state, or nil: then it keeps the editor's `q0`, `q1`, …
        package var writtenName: String?
        package var isInitial: Bool
        package var isFinal: Bool

        package init(centre: CanvasPoint, radius: Double, writtenName: String? = nil, isInitial: Bool = false, isFinal: Bool = false) {
            self.centre = centre
            self.radius = radius
            self.writtenName = writtenName
            self.isInitial = isInitial
            self.isFinal = isFinal
        }
    }

    /// How an edge's stroke runs.
    package enum EdgeShape: String, Hashable, Sendable, CaseIterable {
        /// A near-straight arrow.
        case straight
        /// An arc or a gentle S between two states (one of a pair running both ways, say).
        case curved
        /// An arc high enough to pass over the states between its ends.
        case returnEdge = "return"
        /// A loop on one state.
        case selfLoop = "self-loop"
    }

    package struct Edge: Hashable, Sendable {
        package var from: Int
        package var to: Int
        /// The label as written: `0`, `a,b`, `ε`.
        package var label: String
        package var shape: EdgeShape
        /// For a curved or return edge: how far its middle stands off the straight line, in
        /// points, positive to the left of travel (on screen); for a self-loop: the direction
        /// it points to from its state, in radians.
        package var bend: Double

        package init(from: Int, to: Int, label: String, shape: EdgeShape, bend: Double = 0) {
            self.from = from
            self.to = to
            self.label = label
            self.shape = shape
            self.bend = bend
        }

        /// The symbols the label means, as the editor reads it.
        package var symbols: Set<Symbol> {
            Set(label.split(separator: ",").compactMap { Symbol(parsing: String($0)) })
        }
    }

    package var states: [State]
    package var edges: [Edge]
    /// For each initial state, the direction its initial arrow comes from (radians).
    package var initialDirection: Double

    package init(states: [State], edges: [Edge], initialDirection: Double = .pi) {
        self.states = states
        self.edges = edges
        self.initialDirection = initialDirection
    }

    /// The name the editor gives state `index` when it is drawn as the `index`th state: the
    /// written name, or `q` and its number among the unnamed states drawn before.
    package func name(of index: Int) -> String {
        if let written = states[index].writtenName { return written }
        return "q\(states[..<index].filter { $0.writtenName == nil }.count)"
    }
}
