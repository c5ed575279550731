import StrokeModel

extension RecognitionRules {
    /// The edits a stroke of a known shape means (the classifier has already spoken).
    /// A stroke that runs from one state to another is a transition whatever shape the
    /// classifier saw: a curved arrow or a return edge arching over other states looks much
    /// like a loop, and the message says it was read as an arrow.
    public func interpret(_ kind: ShapeKind, stroke: [CanvasPoint], in document: AutomatonDocument) -> Interpretation {
        guard !stroke.isEmpty else { return .nothing("\(kind.rawValue): an empty stroke") }
        if kind != .arrow, let (from, to) = states(joinedBy: stroke, in: document) {
            var result = arrow(stroke, in: document)
            result.message = "\(kind.rawValue) from \(from.name) to \(to.name), read as an arrow: " + result.message
            return result
        }
        // An arrow bent square round corners that does not reach a state at each end is a
        // connector stopping short of one.
        if kind == .arrow, let joined = states(joinedByConnector: stroke, in: document),
           state(at: stroke[0], in: document) == nil || state(at: stroke[tipIndex(of: stroke, in: document)], in: document) == nil {
            var result = connector(stroke, from: joined.from, to: joined.to, corners: joined.corners)
            result.message = "arrow, " + result.message
            return result
        }
        if kind == .cycle, let to = state(enteredFromEmptyCanvasBy: stroke, in: document) {
            // Its initial arrow only while the automaton lacks one: moving the start from
            // another state takes what the model sees as an arrow (a letter curls by a state too).
            if let initial = document.states.first(where: { $0.isInitial && $0.id != to.id }) {
                return .nothing("a curl from empty canvas into \(to.name): no initial arrow moving the start from \(initial.name), writing")
            }
            var result = arrow(stroke, in: document)
            result.message = "cycle from empty canvas into \(to.name), read as an arrow: " + result.message
            return result
        }
        switch kind {
        case .circle: return circle(stroke, in: document)
        case .arrow: return arrow(stroke, in: document)
        case .cycle: return cycle(stroke, in: document)
        }
    }

    /// A circle is a state at its centre with its mean radius; a ring round an existing state
    /// (its centre inside that state) toggles that state final; a new state catches the free
    /// ends of dangling transitions it touches.
    func circle(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Interpretation {
        let centre = StrokeGeometry.centre(of: stroke)
        let radius = StrokeGeometry.meanDistance(of: stroke, from: centre)
        guard radius >= minimumSize else { return .nothing("circle: too small (radius \(radius.oneDecimal))") }
        if let state = self.state(containing: centre, in: document) {
            // A final ring is about as big as its state; a small one inside is a letter (an o, a 0).
            guard radius >= innerRingShare * state.radius else {
                return .nothing("circle inside \(state.name), too small to be its final ring: writing, not a shape")
            }
            let now = state.isFinal ? "no longer final" : "final"
            return Interpretation(actions: [.toggleFinal(id: state.id)], message: "circle around \(state.name) → \(state.name) \(now)")
        }
        // States never touch one another, and a loop hanging on a state's edge is exactly a
        // self-loop: the classifier's known weakness is reading a self-loop whose ends cross
        // as a circle, so such a "circle" is taken for the cycle it is.
        if let state = state(hungOnBy: stroke, centre: centre, in: document) {
            var loop = cycle(stroke, on: state)
            loop.message = "circle touching \(state.name) (a state cannot touch another), read as a cycle → self-loop on \(state.name)"
            return loop
        }
        // People draw their states about the same size; a ring a third the size of the
        // smallest is a letter (an o, a 0) written among them.
        if let smallest = document.states.map(\.radius).min(), radius < smallStateShare * smallest {
            return .nothing("circle of radius \(radius.oneDecimal), under a third of the smallest state's \(smallest.oneDecimal): writing, not a state")
        }
        // Where states vary in size, the smallest is a weak yardstick; once there are enough of
        // them to have a typical size, a ring far under it is a letter's bowl (an a, a b)
        // written beside them, however small the states are drawn.
        if document.states.count >= 3, let typical = document.typicalStateRadius, radius < Self.letterRingShare * typical {
            return .nothing("circle of radius \(radius.oneDecimal), under \(Self.letterRingShare) of the states' typical \(typical.oneDecimal): writing, not a state")
        }
        // A ring drawn twice in one stroke is a final state drawn at once.
        let isFinal = StrokeGeometry.turns(of: stroke, around: centre) >= doubleRingTurns
        let id = document.nextID
        var actions: [EditAction] = [.addState(center: centre, radius: radius, isFinal: isFinal)]
        let added = document.applying(actions)
        guard let state = added.state(id) else { return .nothing("circle: the state could not be added") }
        var connected: [Int] = []
        for t in document.transitions {
            for (end, point, isFree) in [(EditAction.End.start, t.start, t.from == nil), (.end, t.end, t.to == nil)]
            where isFree && point.distance(to: centre) - radius <= slack(of: state) {
                actions.append(.connect(transition: t.id, end: end, state: id))
                if connected.last != t.id { connected.append(t.id) }
            }
        }
        var message = "circle → \(isFinal ? "final " : "")state \(state.name) at \(centre.roundedText)"
        if !connected.isEmpty {
            let after = document.applying(actions)
            message += ", connecting " + connected.compactMap { after.transition($0).map(after.describe(transition:)) }
                .joined(separator: ", ")
        }
        return Interpretation(actions: actions, message: message)
    }

    /// An arrow runs from where the pen started to its tip (see `tipIndex(of:in:)`),
    /// keeping the curve it was drawn as; each end lands on the state it touches. From empty
    /// canvas onto a state it marks that state initial; from a state onto empty canvas it is a dangling transition, waiting for
    /// a state to be drawn at its tip; from a state back onto the same state it is a self-loop.
    func arrow(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Interpretation {
        let tipIndex = tipIndex(of: stroke, in: document)
        let start = stroke[0], tip = stroke[tipIndex]
        guard start.distance(to: tip) >= minimumSize else { return .nothing("arrow: too short") }
        let controls = drawnControls(of: Array(stroke[...tipIndex]))
        let shape = controls.isEmpty ? "" : "curved "
        let from = state(at: start, in: document), to = state(atTipOf: Array(stroke[...tipIndex]), in: document)
        // A plain line or curve has no head yet: its direction waits for one drawn apart.
        let head: AutomatonDocument.Transition.Head = StrokeGeometry.headEnd(of: stroke) == nil ? .awaited : .drawn
        switch (from, to) {
        case let (from?, to?) where from.id == to.id && isShortInitialArrow(Array(stroke[...tipIndex]), into: to):
            return initialArrow(from: start, into: to)
        case let (from?, to?) where from.id == to.id:
            return selfLoop(stroke, on: from, message: "arrow from \(from.name) back to \(from.name) → self-loop on \(from.name)")
        case let (from?, nil) where comesBack(stroke, to: from, in: document):
            // Its far point on empty canvas, and back on the state it left: a loop the
            // classifier took for an arrow.
            return selfLoop(stroke, on: from, message: "arrow from \(from.name) out and back to \(from.name) → self-loop on \(from.name)")
        case let (from?, to?) where StrokeGeometry.extent(of: stroke) < Self.shortestJoinShare * (document.typicalStateRadius ?? 0):
            // No line joining two states is drawn that small: a letter's stroke between close states.
            return .nothing("an arrow \(StrokeGeometry.extent(of: stroke).oneDecimal) across between \(from.name) and \(to.name): too small to join them, writing")
        case let (from?, to?):
            return Interpretation(actions: [.addTransition(from: from.id, to: to.id, start: start, end: tip, controls: controls, head: head)],
                                  message: "arrow → \(shape)transition \(from.name) \(head == .drawn ? "→" : "—") \(to.name)")
        case let (nil, to?) where start.distance(to: to.center) - to.radius < Self.initialReach * to.radius:
            // An initial arrow comes from well outside its state; a letter beside it does not.
            return .nothing("a stroke from \((start.distance(to: to.center) - to.radius).oneDecimal) off \(to.name)'s edge: too short for its initial arrow, writing")
        case let (nil, to?):
            // An automaton has one start: moving it takes an arrow, not a letter's stroke beside the state.
            if start.distance(to: tip) < Self.movingInitialShare * to.radius, let initial = document.states.first(where: { $0.isInitial && $0.id != to.id }) {
                return .nothing("a stroke \(start.distance(to: tip).oneDecimal) long into \(to.name): too short for an initial arrow moving the start from \(initial.name), writing")
            }
            // ... with its head: a plain line by a state is a letter (a tall 1), until a head
            // drawn at its end makes it an arrow (`takingWordAsHead`).
            if head == .awaited, let initial = document.states.first(where: { $0.isInitial && $0.id != to.id }) {
                return .nothing("a line into \(to.name) without a head: no initial arrow moving the start from \(initial.name) yet, writing")
            }
            return initialArrow(from: start, into: to)
        case let (from?, nil) where tip.distance(to: from.center) - from.radius < from.radius
            && (head == .awaited || state(aimedAtBy: AutomatonDocument.Transition(id: -1, from: from.id, to: nil, start: start, end: tip,
                                                                                   controls: controls, head: head), in: document) == nil):
            // A dangling transition reaches out to where its state will be drawn: a shorter
            // one is writing, unless its head points at a state just ahead (see `aiming`).
            return .nothing("a stroke reaching \((tip.distance(to: from.center) - from.radius).oneDecimal) beyond \(from.name)'s edge: too short to leave it for a state still to draw, writing")
        case let (from?, nil):
            return Interpretation(actions: [.addTransition(from: from.id, to: nil, start: start, end: tip, controls: controls, head: head)],
                                  message: "arrow → \(shape)transition \(from.name) \(head == .drawn ? "→" : "—") ? (free end at \(tip.roundedText): draw a state there to connect it)")
        case (nil, nil):
            // Stopping short at both ends, as flowchart connectors between boxes do.
            if let (from, to) = states(aimedAtByEndsOf: Array(stroke[...tipIndex]), in: document) {
                return Interpretation(actions: [.addTransition(from: from.id, to: to.id, start: start, end: tip, controls: controls, head: head)],
                                      message: "arrow between \(from.name) and \(to.name), touching neither, pointing at both → \(shape)transition \(from.name) \(head == .drawn ? "→" : "—") \(to.name)")
            }
            return .nothing("arrow: no state at either end (\(start.roundedText) → \(tip.roundedText))")
        }
    }

    private func initialArrow(from start: CanvasPoint, into state: AutomatonDocument.State) -> Interpretation {
        guard !state.isInitial else { return .nothing("arrow from empty canvas into \(state.name): \(state.name) is already initial") }
        return Interpretation(actions: [.drawInitialArrow(state: state.id, from: start)],
                              message: "arrow from empty canvas → \(state.name) initial")
    }

    /// Whether a shaft starting within a small state's reach is its initial arrow: it starts
    /// outside the circle, at least `initialReach` radii off its edge (a state of radius 20
    /// reaches 20 points out, as far as people start its initial arrow), and runs straight in
    /// (within `pointingStray` of its length) to a tip at under half that distance from the
    /// edge, at least a radius long (a touch-up at the edge is shorter). A self-loop goes out
    /// and comes back.
    func isShortInitialArrow(_ shaft: [CanvasPoint], into state: AutomatonDocument.State) -> Bool {
        guard let start = shaft.first, let tip = shaft.last else { return false }
        let (startGap, tipGap) = (start.distance(to: state.center) - state.radius, tip.distance(to: state.center) - state.radius)
        let length = start.distance(to: tip)
        return startGap >= Self.initialReach * state.radius && tipGap < startGap / 2 && length >= state.radius
            && shaft.allSatisfy { StrokeGeometry.distance(from: $0, toSegment: start, tip) <= pointingStray * length }
    }

    /// The least size, in the states' typical radius, of an arrow joining two states.
    static let shortestJoinShare = 0.4

    /// How far off its state's edge, in radii, an initial arrow starts at least.
    static let initialReach = 0.75
    /// How long, as a share of its state's radius, an initial arrow must be to move the start
    /// from another state.
    static let movingInitialShare = 0.8

    /// A cycle is a self-loop on the state it touches; its outermost point carries the label.
    ///
    /// Two cycles cannot be self-loops, and are the classifier's known circle/cycle confusion
    /// the other way round: one drawn round a state's centre (a self-loop hangs outside its
    /// state) is a ring round that state, and a closed one (at least `closedTurns` turns, or
    /// `openRingTurns` with its ends close) touching no state is a new state. An open one
    /// touching no state changes nothing.
    /// A cycle touching no state that goes round this often, its ends close (`isLeftOpen`), is
    /// a ring left open where the pen lifted (a tenth of the way round: real circles drawn
    /// fast); a self-loop has no state to hang on.
    static let openRingTurns = 0.85

    /// Whether the pen lifted near where it began: the ends at most 0.4 of the stroke's size
    /// apart (a question mark's stem runs away from its hook).
    private func isLeftOpen(_ stroke: [CanvasPoint]) -> Bool {
        stroke[0].distance(to: stroke[stroke.count - 1]) <= 0.4 * StrokeGeometry.extent(of: stroke)
    }

    func cycle(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Interpretation {
        let centre = StrokeGeometry.centre(of: stroke)
        if let state = state(containing: centre, in: document) {
            return readAsCircle(stroke, in: document, because: "drawn round \(state.name)")
        }
        // A self-loop stands on its state by both feet: a hook touching one by an end is none.
        if let state = state(touchedBy: stroke, in: document), [stroke[0], stroke[stroke.count - 1]].allSatisfy({ standsOn(state, $0) }) {
            return cycle(stroke, on: state)
        }
        let turns = StrokeGeometry.turns(of: stroke, around: centre)
        if turns >= closedTurns || turns >= Self.openRingTurns && isLeftOpen(stroke) {
            return readAsCircle(stroke, in: document, because: "closed, touching no state")
        }
        return .nothing("cycle: no state near \(centre.roundedText)")
    }

    private func readAsCircle(_ stroke: [CanvasPoint], in document: AutomatonDocument, because reason: String) -> Interpretation {
        var result = circle(stroke, in: document)
        result.message = "cycle \(reason), read as a circle: " + result.message
        return result
    }

    /// Whether a loop's end at `point` stands on `state`: within twice its slack of the rim.
    private func standsOn(_ state: AutomatonDocument.State, _ point: CanvasPoint) -> Bool {
        point.distance(to: state.center) - state.radius <= 2 * slack(of: state)
    }

    /// A self-loop on `state` whose outermost point is the stroke's farthest from the state.
    func cycle(_ stroke: [CanvasPoint], on state: AutomatonDocument.State) -> Interpretation {
        selfLoop(stroke, on: state, message: "cycle → self-loop on \(state.name)")
    }

    /// A self-loop strays from the chord joining its ends by at least this share of it.
    static let loopStrayShare = 0.25

    private func selfLoop(_ stroke: [CanvasPoint], on state: AutomatonDocument.State, message: String) -> Interpretation {
        let size = StrokeGeometry.extent(of: stroke)
        let reach = stroke.map { $0.distance(to: state.center) }.max()! - state.radius
        guard size >= minimumLoopShare * state.radius, reach >= loopReachShare * state.radius else {
            return .nothing("a loop \(size.oneDecimal) across, reaching \(reach.oneDecimal) out beside \(state.name) of radius \(state.radius.oneDecimal): too small for its self-loop, writing")
        }
        // A loop goes out and comes back; a stroke along its own chord (a letter's stem
        // written at the edge) does not, however far out it reaches.
        let (first, last) = (stroke[0], stroke[stroke.count - 1])
        let stray = stroke.map { StrokeGeometry.distance(from: $0, toSegment: first, last) }.max()!
        guard stray >= Self.loopStrayShare * first.distance(to: last) else {
            return .nothing("a straight stroke \(size.oneDecimal) long at \(state.name)'s edge: no loop, writing")
        }
        let inside = Self.shareInside(stroke, of: state)
        guard inside <= loopInsideShare else {
            return .nothing("a loop on \(state.name) with \(Int((100 * inside).rounded())) % of its ink inside it: writing across its edge, not a self-loop")
        }
        let outer = stroke.max { $0.distance(to: state.center) < $1.distance(to: state.center) }!
        return Interpretation(actions: [.addSelfLoop(state: state.id, labelPoint: outer)], message: message)
    }

    /// How much of a stroke's length lies well inside a state's circle (within nine tenths
    /// of its radius): a self-loop stands outside its state on two feet (see `loopInsideShare`).
    static func shareInside(_ stroke: [CanvasPoint], of state: AutomatonDocument.State) -> Double {
        var inside = 0.0, total = 0.0
        for (a, b) in zip(stroke, stroke.dropFirst()) {
            let length = a.distance(to: b)
            total += length
            let middle = CanvasPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
            if middle.distance(to: state.center) < 0.9 * state.radius { inside += length }
        }
        return total > 0 ? inside / total : 0
    }

    /// The state a closed stroke centred outside every state hangs on: the nearest one whose
    /// edge the stroke reaches to within `hangShare` of its radius (or crosses).
    func state(hungOnBy stroke: [CanvasPoint], centre: CanvasPoint, in document: AutomatonDocument) -> AutomatonDocument.State? {
        guard state(containing: centre, in: document) == nil else { return nil }
        return document.states.map { s in (s, stroke.map { $0.distance(to: s.center) }.min()! - s.radius) }
            .filter { $0.1 <= hangShare * $0.0.radius }.min { $0.1 < $1.1 }?.0
    }
}

extension Double {
    /// One decimal, for messages.
    var oneDecimal: String { DecimalText.fixed(self, digits: 1) }
}
