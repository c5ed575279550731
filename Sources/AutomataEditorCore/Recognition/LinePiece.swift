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
    /// edge (or inside it), along the line between their centres.
    func runsIntoTheNextState(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Bool {
        guard let first = stroke.first, let last = stroke.last, first.distance(to: last) >= Self.shortestShaft else { return false }
        let direction = Self.unit(last, from: first)
        return [(first, last), (last, first)].contains { inner, outer in
            guard let from = document.states.first(where: { inner.distance(to: $0.center) <= $0.radius }) else { return false }
            return document.states.contains { to in
                guard to.id != from.id, outer.distance(to: to.center) <= to.radius * (1 + 1.0 / 6) else { return false }
                let along = Self.unit(to.center, from: from.center)
                return abs(direction.x * along.x + direction.y * along.y) >= 0.8
            }
        }
    }
}
