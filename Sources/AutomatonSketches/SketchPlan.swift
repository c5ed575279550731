import AutomataEditorCore

/// An automaton as someone means to draw it: where each state goes and how each edge is
/// drawn. `SketchPen` draws it; `SketchScore` compares what the editor made of it with it.
public struct SketchPlan: Hashable, Sendable {
    public struct State: Hashable, Sendable {
        public var centre: CanvasPoint
        public var radius: Double
        /// A name written inside the state, or nil: then it keeps the editor's `q0`, `q1`, …
        public var writtenName: String?
        public var isInitial: Bool
        public var isFinal: Bool

        public init(centre: CanvasPoint, radius: Double, writtenName: String? = nil, isInitial: Bool = false, isFinal: Bool = false) {
            self.centre = centre
            self.radius = radius
            self.writtenName = writtenName
            self.isInitial = isInitial
            self.isFinal = isFinal
        }
    }

    /// How an edge's stroke runs.
    public enum EdgeShape: String, Hashable, Sendable, CaseIterable {
        /// A near-straight arrow.
        case straight
        /// An arc or a gentle S between two states (one of a pair running both ways, say).
        case curved
        /// An arc high enough to pass over the states between its ends.
        case returnEdge = "return"
        /// A loop on one state.
        case selfLoop = "self-loop"
    }

    public struct Edge: Hashable, Sendable {
        public var from: Int
        public var to: Int
        /// The label as written: `0`, `a,b`, `ε`.
        public var label: String
        public var shape: EdgeShape
        /// For a curved or return edge: how far its middle stands off the straight line, in
        /// points, positive to the left of travel (on screen); for a self-loop: the direction
        /// it points to from its state, in radians.
        public var bend: Double

        public init(from: Int, to: Int, label: String, shape: EdgeShape, bend: Double = 0) {
            self.from = from
            self.to = to
            self.label = label
            self.shape = shape
            self.bend = bend
        }

        /// The symbols the label means, as the editor reads it.
        public var symbols: Set<Symbol> {
            Set(label.split(separator: ",").compactMap { Symbol(parsing: String($0)) })
        }
    }

    public var states: [State]
    public var edges: [Edge]
    /// For each initial state, the direction its initial arrow comes from (radians).
    public var initialDirection: Double

    public init(states: [State], edges: [Edge], initialDirection: Double = .pi) {
        self.states = states
        self.edges = edges
        self.initialDirection = initialDirection
    }

    /// The name the editor gives state `index` when it is drawn as the `index`th state: the
    /// written name, or `q` and its number among the unnamed states drawn before.
    public func name(of index: Int) -> String {
        if let written = states[index].writtenName { return written }
        return "q\(states[..<index].filter { $0.writtenName == nil }.count)"
    }
}
