/// A head drawn as its two barbs, a stroke each: some people draw the "V" at a shaft's end as
/// two short lines from its point. The first barb alone is a line too short to be anything
/// (left alone as ink or writing); it waits as `PendingInk.barb`, and the shaft it may head
/// stays open to a head for one stroke more. A second short line from the same point makes
/// the two one V, read as any head drawn on its own.
extension RecognitionRules {
    /// A barb is nearly straight: its ends at least this share of its size apart (see `isBarb`).
    static let barbStraightness = 0.85
    /// …and no longer than this share of the states' typical radius (a head's leg).
    static let longestBarbShare = 0.8
    /// The second barb starts (or ends) where the first does: within this share of the longer
    /// barb's length of one of its ends.
    static let barbJoinShare = 0.4
    /// How far, in points, a pen jitters where it lands or lifts.
    static let penJitter = 2.5

    /// Whether `stroke`, which the reading left alone, may be a head's first barb: a short
    /// straight line with an end at the end of a transition's line or an initial arrow's tip.
    func mayBeFirstBarb(_ stroke: [CanvasPoint], after reading: Interpretation, in document: AutomatonDocument) -> Bool {
        guard let first = stroke.first, let last = stroke.last, leavesAlone(reading, in: document),
              let typical = document.typicalStateRadius, Self.isBarb(stroke, upTo: Self.longestBarbShare * typical) else { return false }
        let reach = max(minimumSlack, StrokeGeometry.extent(of: stroke))
        let lineEnds = document.transitions.filter { !$0.isSelfLoop }.flatMap { [$0.start, $0.end] }
            + document.states.compactMap { s in s.initialArrowStart.map { s.edgePoint(towards: $0) } }
        return lineEnds.contains { end in min(first.distance(to: end), last.distance(to: end)) <= reach }
    }

    /// The head `stroke` completes as the second barb of the one waiting, at the line end it fits.
    func secondBarb(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Interpretation? {
        guard let barb = document.pending.barb, let vee = Self.vee(joining: barb, stroke), let head = head(drawnAs: vee, in: document),
              let place = place(of: head, in: document) else { return nil }
        var reading = heading(place, in: document)
        reading.message = "the second barb of the head begun just before: " + reading.message
        return reading
    }

    /// The one stroke two barbs make: the first drawn into the point they share, then the
    /// second out of it; nil unless both are barbs and they meet at an end.
    static func vee(joining first: [CanvasPoint], _ second: [CanvasPoint]) -> [CanvasPoint]? {
        let longer = max(StrokeGeometry.extent(of: first), StrokeGeometry.extent(of: second))
        guard isBarb(first, upTo: .infinity), isBarb(second, upTo: .infinity) else { return nil }
        let pairs = [(first, second), (first.reversed(), second), (first, second.reversed()), (first.reversed(), second.reversed())]
            .map { (into: Array($0.0), outOf: Array($0.1)) }
        guard let best = pairs.min(by: { $0.into.last!.distance(to: $0.outOf[0]) < $1.into.last!.distance(to: $1.outOf[0]) }),
              best.into.last!.distance(to: best.outOf[0]) <= barbJoinShare * longer else { return nil }
        return best.into + best.outOf
    }

    /// Whether a stroke is a nearly straight line of some length, up to `longest` across: its
    /// ends span it, and no point strays from the line between them by more than
    /// `1 - barbStraightness` of that line, or `penJitter` (the pen jitters where it lands).
    private static func isBarb(_ stroke: [CanvasPoint], upTo longest: Double) -> Bool {
        guard stroke.count >= 2, let first = stroke.first, let last = stroke.last else { return false }
        let extent = StrokeGeometry.extent(of: stroke), chord = first.distance(to: last)
        return extent >= 3 && extent <= longest && chord >= barbStraightness * extent
            && stroke.allSatisfy { StrokeGeometry.distance(from: $0, toSegment: first, last) <= max((1 - barbStraightness) * chord, penJitter) }
    }
}
