/// People stop short: a head drawn on empty canvas a little before a state, pointing at it,
/// means that state, and a line that starts a little before a state, leading away from it,
/// comes from it (a flowchart's connector stops at its box's side, often well outside the
/// circle standing in for it).
extension RecognitionRules {
    /// How far ahead of a free, headed tip a state's edge may lie, as a share of its radius.
    static let aimReach = 1.0
    /// …or, for a head, as a share of the states' typical radius, how near a state must lie
    /// for no other to fit between (a state's diameter).
    static let roomShare = 2.0
    /// …or, for the start of an initial arrow, leading away from a state just behind it, as a
    /// share of the states' typical radius (less than a head's: an initial arrow may be drawn
    /// from near another state).
    static let tailReachShare = 1.5
    /// How much of the gap between two states' edges a line touching neither spans at least
    /// to join them (a dash or a letter's stroke in a wide gap spans less).
    static let floatingSpanShare = 0.2

    /// The reading with each transition it leaves with a head on a free tip connected to the
    /// state that tip points at, if any; and each initial arrow it draws that starts just off
    /// another state, leading away from it (along the line's chord, or along the first leg of
    /// `stroke`, the ink it was read from: a connector leaves its box, then turns), read as a
    /// transition from that state.
    func aiming(_ reading: Interpretation, stroke: [CanvasPoint]? = nil, in document: AutomatonDocument) -> Interpretation {
        let after = document.applying(reading.actions)
        var result = reading
        for t in after.transitions where t.to == nil && t.head == .drawn && document.transition(t.id) != t {
            guard let state = state(aimedAtBy: t, in: after) else { continue }
            result.actions.append(.connect(transition: t.id, end: .end, state: state.id))
            result.message += "; its head points at \(state.name), just ahead: connected"
        }
        for s in after.states where s.initialArrowStart != nil && document.state(s.id)?.initialArrowStart != s.initialArrowStart {
            let start = s.initialArrowStart!
            let edge = s.edgePoint(towards: start)
            let line = AutomatonDocument.Transition(id: -1, from: nil, to: nil, start: edge, end: start).linePoints()
            let reach = Self.tailReachShare * (document.typicalStateRadius ?? 0)
            // Back from its start along the line from the state, or along the ink's first leg.
            let backwards = [Self.inward(line)] + (stroke.map { [Self.backwards(alongFirstLegOf: $0, from: start)] } ?? [])
            guard let source = backwards.lazy.compactMap({ self.state(aheadOf: start, along: $0, reach: { _ in reach }, in: after) })
                    .first(where: { $0.id != s.id }) else {
                // Or it carries on, from a little beyond its end, the line just left alone out of
                // another state (the pen set down again a little off where it lifted).
                if let source = stateLeft(byLineBefore: start, in: document), source.id != s.id {
                    result.actions += [.setInitial(id: s.id, isInitial: false),
                                       .addTransition(from: source.id, to: s.id, start: start, end: edge, head: .drawn)]
                    result.message += "; it starts where the line out of \(source.name) just before stopped: transition \(source.name) → \(s.name)"
                }
                continue
            }
            // A head drawn before it, at its start, turns it round.
            if let (_, end) = pendingHead(onLineFrom: start, to: edge, controls: [], in: document), end == .start {
                result.actions += [.setInitial(id: s.id, isInitial: false),
                                   .addTransition(from: s.id, to: source.id, start: edge, end: start, head: .drawn)]
                result.message += "; it starts just off \(source.name), where the head drawn before it is: transition \(s.name) → \(source.name)"
                continue
            }
            result.actions += [.setInitial(id: s.id, isInitial: false),
                               .addTransition(from: source.id, to: s.id, start: start, end: edge, head: .awaited)]
            result.message += "; it starts just off \(source.name), leading away from it: transition \(source.name) — \(s.name)"
        }
        return result
    }

    /// The state the line left alone just before (`PendingInk.line`) leaves, when its other end
    /// stops within twice `joinReach` of `point`.
    private func stateLeft(byLineBefore point: CanvasPoint, in document: AutomatonDocument) -> AutomatonDocument.State? {
        guard let line = document.pending.line, let first = line.first, let last = line.last else { return nil }
        for (near, far) in [(last, first), (first, last)] where near.distance(to: point) <= 2 * Self.joinReach {
            if let left = state(at: far, in: document), state(at: near, in: document) == nil { return left }
        }
        return nil
    }

    /// The unit vector out of `stroke` at its end nearer `start`, back along its first straight
    /// leg from there: the leg ends at the last point before the stroke, past a tenth of its
    /// length (a hook where the pen landed), bends away from the chord from that end.
    static func backwards(alongFirstLegOf stroke: [CanvasPoint], from start: CanvasPoint) -> CanvasPoint {
        let line = stroke[0].distance(to: start) <= stroke[stroke.count - 1].distance(to: start) ? stroke : stroke.reversed()
        let lengths = StrokeGeometry.lengths(along: line), total = lengths.last ?? 0
        let bend = line.indices.dropFirst().first { lengths[$0] > 0.1 * total && line[$0].distance(to: line[0]) < 0.9 * lengths[$0] }
        let legEnd = bend.map { max(1, $0 - 1) } ?? line.count - 1
        return unit(line[0], from: line[legEnd])
    }

    /// The state whose circle the line from `t`'s tip onwards, in the direction it arrives in,
    /// enters within `aimReach` of that state's radius, or before there is room for a state
    /// between (`roomShare`); the nearest such.
    func state(aimedAtBy t: AutomatonDocument.Transition, in document: AutomatonDocument) -> AutomatonDocument.State? {
        let back = Self.inward(t.linePoints().reversed())
        // Too little room for a state of the usual size between the tip and the state ahead:
        // that state is the one meant.
        let room = Self.roomShare * (document.typicalStateRadius ?? 0)
        return state(aheadOf: t.end, along: CanvasPoint(x: -back.x, y: -back.y), reach: { _ in room }, in: document)
    }

    /// The two states a line drawn in the gap between them, touching neither, points at with
    /// both ends: the ray back from its start and the ray on from its end each enter a state
    /// before there is room for another, and the line spans `floatingSpanShare` of the gap
    /// between their edges.
    func states(aimedAtByEndsOf line: [CanvasPoint], in document: AutomatonDocument)
        -> (from: AutomatonDocument.State, to: AutomatonDocument.State)? {
        guard line.count >= 2, let first = line.first, let last = line.last else { return nil }
        let room = Self.roomShare * (document.typicalStateRadius ?? 0)
        let out = Self.inward(line), back = Self.inward(line.reversed())
        guard let from = state(aheadOf: first, along: CanvasPoint(x: -out.x, y: -out.y), reach: { _ in room }, in: document),
              let to = state(aheadOf: last, along: CanvasPoint(x: -back.x, y: -back.y), reach: { _ in room }, in: document),
              from.id != to.id,
              first.distance(to: last) >= Self.floatingSpanShare * edgeGap(between: from, and: to) else { return nil }
        return (from, to)
    }

    /// The state whose circle the ray from `tip` along the unit vector `ahead` enters first,
    /// within `aimReach` of its radius or the points `reach` gives it.
    func state(aheadOf tip: CanvasPoint, along ahead: CanvasPoint, reach: (AutomatonDocument.State) -> Double = { _ in 0 },
               in document: AutomatonDocument) -> AutomatonDocument.State? {
        guard ahead.x != 0 || ahead.y != 0 else { return nil }
        let hits = document.states.compactMap { s -> (AutomatonDocument.State, Double)? in
            let along = (s.center.x - tip.x) * ahead.x + (s.center.y - tip.y) * ahead.y
            let across = abs((s.center.x - tip.x) * ahead.y - (s.center.y - tip.y) * ahead.x)
            guard along > 0, across < s.radius else { return nil }
            let entry = along - (s.radius * s.radius - across * across).squareRoot()
            return entry <= max(Self.aimReach * s.radius, reach(s)) ? (s, entry) : nil
        }
        return hits.min { $0.1 < $1.1 }?.0
    }
}
