/// Short lines a symbol model reads as a 1 that are lines all the same (FC_A: they named a
/// state "1", or waited as writing): one running straight out of a state to its edge is the
/// first piece of a line leaving that state (flowchart connectors are drawn leg by leg), and
/// one carried on from an end of the line drawn last straight into the state there is its
/// last; one from inside a state to the edge of the next joins them. A name is written round a state's
/// middle; a label outside the states, or in the gap between them.
extension RecognitionRules {
    /// Whether `stroke` is nearly straight, one end on a state's edge (within a fifth of its
    /// radius) or at the end of the newest transition there, and the other nearer the state's
    /// centre by almost the stroke's whole length.
    func isLinePiece(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Bool {
        guard let first = stroke.first, let last = stroke.last else { return false }
        let length = first.distance(to: last)
        guard length >= Self.shortestShaft, (StrokeGeometry.lengths(along: stroke).last ?? 0) <= 1.3 * length else { return false }
        // Carried on from an end of the line drawn last, on into the state there.
        if let t = document.transitions.last, !t.isSelfLoop {
            for (tip, id) in [(t.start, t.from), (t.end, t.to)] {
                guard let s = id.flatMap(document.state) else { continue }
                for (outer, inner) in [(first, last), (last, first)] where outer.distance(to: tip) <= 6 {
                    if inner.distance(to: s.center) <= outer.distance(to: s.center) - 0.9 * length { return true }
                }
            }
        }
        return document.states.contains { s in
            [(first, last), (last, first)].contains { outer, inner in
                // Out along the radius (within about 25°), not along the rim as a letter's stem there may run.
                abs(outer.distance(to: s.center) - s.radius) <= 0.2 * s.radius
                    && inner.distance(to: s.center) <= outer.distance(to: s.center) - 0.9 * length
            }
        }
    }

    /// Whether `stroke` runs from inside one state to within a sixth of its radius of another's
    /// edge (or inside it), along the line between their centres: from end to end, or from its
    /// start to its tip (its farthest point: the head drawn in the same go folds back from it).
    func runsIntoTheNextState(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Bool {
        guard let first = stroke.first, let last = stroke.last else { return false }
        let tip = stroke[StrokeGeometry.arrowTipIndex(of: stroke)]
        return [(first, last), (last, first), (first, tip)].contains { inner, outer in
            guard inner.distance(to: outer) >= Self.shortestShaft else { return false }
            let direction = Self.unit(outer, from: inner)
            guard let from = document.states.first(where: { inner.distance(to: $0.center) <= $0.radius }) else { return false }
            return document.states.contains { to in
                // Up to a sixth of its radius off its edge; from well inside the first, across the
                // gap between the two too (up to a third of its radius more): a line out to the rim
                // facing a state just beyond (a letter in the gap starts at the rim).
                let deep = inner.distance(to: from.center) <= 0.8 * from.radius
                let gap = deep ? min(max(0, from.center.distance(to: to.center) - from.radius - to.radius), to.radius / 3) : 0
                guard to.id != from.id, outer.distance(to: to.center) <= to.radius * (1 + 1.0 / 6) + gap else { return false }
                let along = Self.unit(to.center, from: from.center)
                return abs(direction.x * along.x + direction.y * along.y) >= 0.8
            }
        }
    }
}

extension RecognitionRules {
    /// Whether `stroke` is a straight piece of `t`'s line, not a mark on one of its ends: one
    /// end on the line (or at a tip) and the other on it too (the line gone over again), or
    /// carried on straight past a tip, or run from a tip into the state there towards its
    /// middle (a connector drawn leg by leg). A barb lies back along the shaft, off it and out
    /// of the state (FC_A: such pieces read as heads, and the real head then fitted no end).
    func isStraightPiece(_ stroke: [CanvasPoint], of t: AutomatonDocument.Transition, in document: AutomatonDocument) -> Bool {
        guard !t.isSelfLoop, let first = stroke.first, let last = stroke.last else { return false }
        let length = first.distance(to: last)
        guard length >= Self.shortestShaft, (StrokeGeometry.lengths(along: stroke).last ?? 0) <= 1.3 * length else { return false }
        let line = t.linePoints()
        let tips = [(t.start, Self.inward(line), t.from), (t.end, Self.inward(line.reversed()), t.to)]
        // A line between two states is smoothed: the end of it gone over may lie a little off it.
        // At a free end, the strict reach (FC_A: with the wider one, a short stroke going back
        // over a free end was carried on from it, and the next piece no longer met the line).
        let wobble = t.from != nil && t.to != nil ? max(4, 0.25 * length) : 4
        func onLine(_ p: CanvasPoint, within reach: Double = 4) -> Bool {
            tips.contains { $0.0.distance(to: p) <= 6 } || StrokeGeometry.distance(from: p, toPath: line) <= reach
        }
        return [(first, last), (last, first)].contains { outer, inner in
            guard onLine(outer, within: wobble) else { return false }
            if onLine(inner) { return true }
            let run = Self.unit(inner, from: outer)
            return tips.contains { tip, inward, state in
                // Carried on: ahead of the tip, within the pen's wobble of the line's way on.
                let dx = inner.x - tip.x, dy = inner.y - tip.y
                let ahead = -(dx * inward.x + dy * inward.y), aside = abs(dx * inward.y - dy * inward.x)
                if ahead > 0, aside <= max(4, 0.1 * length) { return true }
                // Into the state at the tip, from the tip.
                guard outer.distance(to: tip) <= 6, let s = state.flatMap(document.state) else { return false }
                let middle = Self.unit(s.center, from: tip)
                return run.x * middle.x + run.y * middle.y >= 0.8
            }
        }
    }
}

extension RecognitionRules {
    /// Whether `stroke` runs straight from `line` (a point on it, or its tip) into `state`
    /// at the line's `tip`, towards the state's middle: no mark on that end, whose barbs lie
    /// back along the line and out of the state (it may still mark the other end: a shaft
    /// drawn over a head drawn first).
    func runsInto(_ state: AutomatonDocument.State, _ stroke: [CanvasPoint], from line: [CanvasPoint], at tip: CanvasPoint) -> Bool {
        guard let first = stroke.first, let last = stroke.last else { return false }
        let length = first.distance(to: last)
        guard length >= Self.shortestShaft, (StrokeGeometry.lengths(along: stroke).last ?? 0) <= 1.3 * length else { return false }
        let middle = Self.unit(state.center, from: tip)
        return [(first, last), (last, first)].contains { outer, inner in
            let run = Self.unit(inner, from: outer)
            return (outer.distance(to: tip) <= 6 || StrokeGeometry.distance(from: outer, toPath: line) <= 4)
                && run.x * middle.x + run.y * middle.y >= 0.8
        }
    }
}

extension RecognitionRules {
    /// A straight piece carried on from a tip of the newest line into the state there (a
    /// connector's last leg drawn apart, the end gone over again and on in): that tip moves to
    /// where the piece ends, so that a head drawn there next is at the line's end. Nil for any
    /// other stroke, and for a tip on no state (a free end: `joining` carries the line on).
    func extendingTip(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Interpretation? {
        guard let t = document.transitions.last, !t.isSelfLoop, t.id != document.pending.tentativeHead,
              isStraightPiece(stroke, of: t, in: document), let first = stroke.first, let last = stroke.last else { return nil }
        let length = first.distance(to: last)
        for (end, tip, id) in [(EditAction.End.end, t.end, t.to), (.start, t.start, t.from)] {
            guard let state = id.flatMap(document.state) else { continue }
            let (near, far) = first.distance(to: tip) <= last.distance(to: tip) ? (first, last) : (last, first)
            guard near.distance(to: tip) < far.distance(to: tip),
                  far.distance(to: state.center) <= tip.distance(to: state.center) - 0.5 * length else { continue }
            let (start, finish) = end == .end ? (t.start, far) : (far, t.end)
            return Interpretation(actions: [.removeTransition(id: t.id),
                                            .addTransition(from: t.from, to: t.to, start: start, end: finish, controls: t.controls,
                                                           symbols: t.symbols, head: t.head)],
                                  message: "a straight piece carried on into \(state.name) from the end of \(document.describe(transition: t)): the line ends where it does")
        }
        return nil
    }
}
