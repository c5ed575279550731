/// People join close states with a short straight line from one edge that stops a little
/// short of the other, and draw the head apart. Magnified to the model's 28×28, such a line
/// may read as a loop or as nothing, and the writing rules would keep a short stroke by a
/// state as ink; but a straight line that leaves one state and points at the next is a
/// shaft whatever the model says.
extension RecognitionRules {
    /// A shaft bends from its chord by at most this share of the chord's length, hooks at
    /// its ends aside.
    static let shaftStray = 0.12
    /// …and is at least this long, in points.
    static let shortestShaft = 12.0
    /// How far ahead of a shaft the state it points at may lie, as a share of that state's
    /// radius (and no farther than the shaft is long; `aimReach` radii in any case).
    static let shaftReach = 1.25

    /// The states a straight stroke joins as a shaft, in the order it was drawn: it leaves one
    /// state's edge, and the ray from its other end enters the next state within
    /// `shaftReach` of that state's radius and no farther than the shaft is long, or within
    /// `aimReach` of its radius. Nil when it bends, touches states at neither end or both
    /// ends the same way, starts on empty canvas (an initial arrow, see `aiming`), or points
    /// at no state.
    func neighbourShaft(_ stroke: [CanvasPoint], in document: AutomatonDocument)
        -> (from: AutomatonDocument.State, to: AutomatonDocument.State)? {
        guard let first = stroke.first, let last = stroke.last, isStraight(stroke) else { return nil }
        let chord = first.distance(to: last)
        // One end on a state and the other off its circle, leading away from it (not
        // writing along its edge); the far end may still lie within its slack.
        func gap(_ point: CanvasPoint, _ s: AutomatonDocument.State) -> Double { point.distance(to: s.center) - s.radius }
        let atFirst = state(at: first, in: document), atLast = state(at: last, in: document)
        let (near, far, left): (CanvasPoint, CanvasPoint, AutomatonDocument.State)
        switch (atFirst, atLast) {
        case let (s?, nil): (near, far, left) = (first, last, s)
        case let (s?, t?) where s.id == t.id: (near, far, left) = gap(first, s) <= gap(last, s) ? (first, last, s) : (last, first, s)
        default: return nil
        }
        guard gap(far, left) > 0, far.distance(to: left.center) - near.distance(to: left.center) >= 0.5 * chord else { return nil }
        // A barb of a head drawn stroke by stroke starts or ends on the line it heads.
        guard !document.transitions.contains(where: { t in
            [near, far].contains { StrokeGeometry.distance(from: $0, toPath: t.linePoints()) <= max(6, 0.25 * chord) }
        }) else { return nil }
        // Drawn into a state from just off its edge, only a state just behind it sends it.
        let length = near == first ? chord : 0
        let ahead = Self.unit(far, from: near)
        guard let target = state(aheadOf: far, along: ahead, reach: { min(length, Self.shaftReach * $0.radius) }, in: document),
              target.id != left.id else { return nil }
        return near == first ? (left, target) : (target, left)
    }

    /// The shaft `neighbourShaft` found, as drawn: it keeps its ends (a head drawn apart
    /// comes where the pen stopped) and waits for its head.
    func shaft(_ stroke: [CanvasPoint], from: AutomatonDocument.State, to: AutomatonDocument.State) -> Interpretation {
        Interpretation(actions: [.addTransition(from: from.id, to: to.id, start: stroke[0], end: stroke[stroke.count - 1], head: .awaited)],
                       message: "a straight line from \(from.name) pointing at \(to.name) just ahead, read as a shaft: transition \(from.name) — \(to.name)")
    }

    /// Whether the stroke keeps within `shaftStray` of its chord over its middle (the first
    /// and last tenth of its length may hook: a pen landing or lifting) and is long enough.
    func isStraight(_ stroke: [CanvasPoint]) -> Bool {
        guard let first = stroke.first, let last = stroke.last else { return false }
        let chord = first.distance(to: last)
        guard chord >= Self.shortestShaft else { return false }
        let lengths = StrokeGeometry.lengths(along: stroke), total = lengths.last ?? 0
        guard total <= 1.25 * chord else { return false }
        return zip(stroke, lengths).allSatisfy { point, along in
            along < 0.1 * total || along > 0.9 * total
                || StrokeGeometry.distance(from: point, toSegment: first, last) <= Self.shaftStray * chord
        }
    }
}
