/// Where a stroke lies among the states, whatever the classifier called it: which two states
/// it joins, which state it enters from empty canvas, whether it comes back to the state it
/// left; and the curve its shaft was drawn as.
extension RecognitionRules {
    /// The two different states a stroke runs between: it starts on one, and its tip lies on
    /// the other, with the pen's last point (the head's barbs) nearer that one, or all the ink
    /// after the tip within 0.7 of the shaft's length of it (a big head on a short arrow between
    /// close states; some people draw barbs two thirds of the shaft long), or the stroke is a
    /// straight shaft with barbs on both sides of its end (`isShaftWithBarbs`: between states
    /// that nearly touch, barbs as long as the shaft). A loop
    /// comes back to where it started, and a ring ends where it began, so neither qualifies
    /// even when its far side reaches a neighbouring state. A line spans most of the gap
    /// between the states' edges (`joinSpanShare`): a letter written in the gap between close
    /// states may touch both, but covers less of it.
    func states(joinedBy stroke: [CanvasPoint], in document: AutomatonDocument)
        -> (from: AutomatonDocument.State, to: AutomatonDocument.State)? {
        let tipIndex = tipIndex(of: stroke, in: document)
        let tip = stroke[tipIndex]
        guard let from = state(at: stroke[0], in: document), let to = state(at: tip, in: document), from.id != to.id,
              let last = stroke.last else { return nil }
        func gap(_ s: AutomatonDocument.State) -> Double { last.distance(to: s.center) - s.radius }
        let headReach = stroke[tipIndex...].map { $0.distance(to: tip) }.max() ?? 0
        guard stroke[0].distance(to: tip) >= Self.joinSpanShare * edgeGap(between: from, and: to) else { return nil }
        return gap(to) < gap(from) || headReach <= 0.7 * stroke[0].distance(to: tip) || Self.isShaftWithBarbs(stroke) ? (from, to) : nil
    }

    /// Where an arrow drawn among the states ends: at its tip (the ink's farthest point from
    /// the start, `StrokeGeometry.arrowTipIndex`), unless that lies on no state and the ink
    /// goes on from it for at least `secondLegShare` of the way there, or for the radius of the
    /// state it ends on, to end on a state other than the one it started on: then at its end.
    /// An arch drawn high over its neighbours, or a connector bent round a corner or two, has
    /// its farthest point in the middle; a head after the tip is short beside its state, and a
    /// loop comes back to its own state.
    func tipIndex(of stroke: [CanvasPoint], in document: AutomatonDocument) -> Int {
        let tip = StrokeGeometry.arrowTipIndex(of: stroke)
        let lengths = StrokeGeometry.lengths(along: stroke)
        guard state(at: stroke[tip], in: document) == nil, let end = state(at: stroke[stroke.count - 1], in: document),
              end.id != state(at: stroke[0], in: document)?.id,
              lengths[lengths.count - 1] - lengths[tip] >= min(Self.secondLegShare * lengths[tip], end.radius) else { return tip }
        return stroke.count - 1
    }

    /// The state an arrow's shaft (start to tip) lands on: as `state(at:)`, except that a tip
    /// outside every circle, within the slack of two, lands on the one its last fifth points
    /// at (within 37° of the way to its centre) before a nearer one it passes beside, and a
    /// tip leading away from the nearest, on the state just ahead.
    func state(atTipOf shaft: [CanvasPoint], in document: AutomatonDocument) -> AutomatonDocument.State? {
        guard let tip = shaft.last, let nearest = state(at: tip, in: document) else { return nil }
        let lengths = StrokeGeometry.lengths(along: shaft)
        guard state(containing: tip, in: document) == nil, let total = lengths.last, total > 0,
              let from = shaft.indices.last(where: { lengths[$0] <= 0.8 * total }) else { return nearest }
        let direction = Self.unit(tip, from: shaft[from])
        func isAhead(_ s: AutomatonDocument.State) -> Bool {
            let towards = Self.unit(s.center, from: tip)
            return direction.x * towards.x + direction.y * towards.y >= 0.8
        }
        guard !isAhead(nearest) else { return nearest }
        // Leading away from the nearest, its tip still in that state's slack but clear of its
        // rim (a short arrow out of it), it points on at the state just ahead.
        let away = Self.unit(tip, from: nearest.center)
        if direction.x * away.x + direction.y * away.y >= Self.leavingShare,
           tip.distance(to: nearest.center) - nearest.radius >= Self.clearOfRimShare * nearest.radius,
           let ahead = state(aheadOf: tip, along: direction, reach: { _ in Self.roomShare * (document.typicalStateRadius ?? 0) }, in: document) {
            return ahead
        }
        return document.states.filter { $0.id != nearest.id && isAhead($0) && tip.distance(to: $0.center) - $0.radius <= slack(of: $0) }
            .min { tip.distance(to: $0.center) - $0.radius < tip.distance(to: $1.center) - $1.radius } ?? nearest
    }

    /// Whether a stroke is a straight shaft with a head's two barbs about its far end, whichever
    /// order they were drawn in: up to where it first gets `headSpan` of the way from its start
    /// to its tip (its farthest point) it keeps within `straightShaftStray` of that line; from there it
    /// goes at least `barbReach` of the line's length out on each side, the nearer side at least
    /// `barbBalance` as far as the other; and all of it is under `headedShaftLength` times the
    /// line (a barb drawn out and back, the other out). A letter's curl, an f's top, goes out
    /// on one side; a zigzag or a spiral wanders before it gets there.
    static func isShaftWithBarbs(_ stroke: [CanvasPoint]) -> Bool {
        guard let start = stroke.first else { return false }
        let tip = stroke[StrokeGeometry.arrowTipIndex(of: stroke)]
        let reach = start.distance(to: tip)
        guard reach > 0, let near = stroke.firstIndex(where: { $0.distance(to: start) >= headSpan * reach }),
              (StrokeGeometry.lengths(along: stroke).last ?? 0) <= headedShaftLength * reach,
              stroke[...near].allSatisfy({ StrokeGeometry.distance(from: $0, toSegment: start, tip) <= straightShaftStray * reach }) else { return false }
        let along = unit(tip, from: start)
        let sides = stroke[near...].map { ($0.y - start.y) * along.x - ($0.x - start.x) * along.y }
        let (left, right) = (max(sides.max() ?? 0, 0), max(-(sides.min() ?? 0), 0))
        return min(left, right) >= barbReach * reach && min(left, right) >= barbBalance * max(left, right)
    }

    /// See `isShaftWithBarbs(_:)`.
    static let headSpan = 0.7
    static let straightShaftStray = 0.1
    static let headedShaftLength = 3.5
    static let barbReach = 0.15
    static let barbBalance = 0.3

    /// How far apart two states' edges are.
    func edgeGap(between a: AutomatonDocument.State, and b: AutomatonDocument.State) -> Double {
        a.center.distance(to: b.center) - a.radius - b.radius
    }

    /// See `tipIndex(of:in:)`.
    static let secondLegShare = 0.5
    /// See `state(atTipOf:in:)`: how straight away from a state's middle (the cosine) a tip
    /// in its slack points, leaving it, and how far off its rim, in its radius, it lies.
    static let leavingShare = 0.7
    static let clearOfRimShare = 0.15
    /// See `state(loopedOnBy:in:)`.
    static let loopTurns = 1.5
    /// How far beyond its state's edge, in its radii, a loop has left the rim.
    static let loopArcShare = 0.3
    /// The most of a loop's length, to its return, that a head drawn first in its stroke takes.
    static let loopHeadShare = 0.45
    /// How far back in towards its state, in its radii, a loop comes at least somewhere.
    static let loopComesBackShare = 0.1
    /// See `states(joinedBy:in:)`.
    static let joinSpanShare = 0.7

    /// The state a stroke hangs a loop on: it starts on that state and comes back to it in its
    /// second half (the head's barbs may end off its edge), never cuts deep into it (a
    /// crossing-out runs across its middle), reaches out beyond its edge by 0.3 of its radius
    /// or more (a dab on the edge does not; a loop drawn wide and flat reaches out little
    /// more), and turns steadily one way until it is back (`steadyShare`; writing beside a
    /// state turns back and forth), going round once, not more than `loopTurns` times (a
    /// word written with loops goes round more). A loop with both ends on its state's rim
    /// (within `hangShare` of its radius, in or out) is one whichever way the pen went, so it
    /// is also read from its other end: a pen hovering where it stopped, or landing in a hook,
    /// spoils only one end's steadiness.
    func state(loopedOnBy stroke: [CanvasPoint], in document: AutomatonDocument) -> AutomatonDocument.State? {
        if let state = state(loopedOnFromItsStartBy: stroke, in: document) { return state }
        guard let first = stroke.first, let last = stroke.last, let state = self.state(at: first, in: document),
              [first, last].allSatisfy({ abs($0.distance(to: state.center) - state.radius) <= hangShare * state.radius }) else { return nil }
        return self.state(loopedOnFromItsStartBy: stroke.reversed(), in: document)
    }

    private func state(loopedOnFromItsStartBy stroke: [CanvasPoint], in document: AutomatonDocument) -> AutomatonDocument.State? {
        guard let first = stroke.first, let state = state(at: first, in: document),
              let back = returnIndex(of: stroke, to: state, in: document) else { return nil }
        let distances = stroke.map { $0.distance(to: state.center) }
        // Measured from where it leaves the rim for good: a head drawn first there, in the
        // same stroke, turns back and forth.
        let farthest = distances.indices.max { distances[$0] < distances[$1] }!
        let leaves = (distances[..<farthest].lastIndex { $0 < (1 + Self.loopArcShare) * state.radius } ?? 0)
        let lengths = StrokeGeometry.lengths(along: stroke)
        // Somewhere it comes back in towards the state: a line leaving it only goes out.
        let comesBack = zip(distances.indices, distances).contains { i, d in
            distances[i...].min()! < d - Self.loopComesBackShare * state.radius
        }
        guard distances.min()! > 0.4 * state.radius, distances.max()! > 1.3 * state.radius, leaves < back, comesBack,
              StrokeGeometry.steadiness(of: Array(stroke[...back])) >= steadyShare
                || (lengths[leaves] <= Self.loopHeadShare * lengths[back] && StrokeGeometry.steadiness(of: Array(stroke[leaves...back])) >= steadyShare),
              abs(StrokeGeometry.netTurns(of: Array(stroke[...back]))) <= Self.loopTurns else { return nil }
        return state
    }

    /// Where a stroke that left `state` is back on it: its first point in the second half
    /// (by length) that touches it. Before it lies the loop; after it, at most a head.
    private func returnIndex(of stroke: [CanvasPoint], to state: AutomatonDocument.State, in document: AutomatonDocument) -> Int? {
        let lengths = StrokeGeometry.lengths(along: stroke)
        return stroke.indices.first { lengths[$0] >= lengths.last! / 2 && self.state(at: stroke[$0], in: document)?.id == state.id }
    }

    /// Whether a stroke is drawn as a ring: it goes round its centre once (from `closedTurns`
    /// to one and a half times; a star drawn in one stroke goes round twice) with every point
    /// the pen gave near one radius (within `ringSpread` of its mean distance, as an ellipse
    /// up to about 2:1 does), at least `minimumRing` in radius (a dab of the pen is not). A
    /// spiral, a letter with a stem or tail, or a scribble strays far from one radius; an `o`
    /// or a `0` is a ring, as the classes have it too.
    func isRing(_ stroke: [CanvasPoint]) -> Bool {
        guard stroke.count >= 4 else { return false }
        let centre = StrokeGeometry.centre(of: stroke)
        let radius = StrokeGeometry.meanDistance(of: stroke, from: centre)
        let turns = StrokeGeometry.turns(of: stroke, around: centre)
        guard radius >= minimumRing, turns >= closedTurns, turns <= 1.5 else { return false }
        return stroke.allSatisfy { abs($0.distance(to: centre) - radius) <= ringSpread * radius }
    }

    /// The state a stroke points into from afar, in a line: it enters from empty canvas (see
    /// below), from at least the state's radius beyond its edge, its tip is at least half as
    /// far from its start as its widest extent (a scribble or a word folds back on itself),
    /// and its shaft, start to tip, strays from the straight line by at most `pointingStray`
    /// of its length (a wave or a zigzag does more).
    func state(pointedIntoBy stroke: [CanvasPoint], in document: AutomatonDocument) -> AutomatonDocument.State? {
        guard let state = state(enteredFromEmptyCanvasBy: stroke, in: document),
              stroke[0].distance(to: state.center) > 2 * state.radius else { return nil }
        let tipIndex = StrokeGeometry.arrowTipIndex(of: stroke)
        let (start, tip) = (stroke[0], stroke[tipIndex])
        let (xs, ys) = (stroke.map(\.x), stroke.map(\.y))
        let extent = max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
        let stray = stroke[...tipIndex].map { StrokeGeometry.distance(from: $0, toSegment: start, tip) }.max()!
        return start.distance(to: tip) >= 0.5 * extent && stray <= pointingStray * start.distance(to: tip) ? state : nil
    }

    /// The state a stroke leaves in a line ending in a head on empty canvas: it starts on the
    /// state, runs out nearly straight (within a fifth of its length: real shafts drawn fast
    /// bow by up to a sixth) at least two radii
    /// to where the pen first turns back, and from there stays in a head that falls back from
    /// the tip (a zigzag or two barbs, less than the shaft's length away, never more than
    /// `headOvershoot` of it beyond the tip). The $1 study's arrows draw the left barb, go back
    /// to the tip and draw the right one, some with barbs two thirds of the shaft long. A
    /// scribble or a word leaving a state does not run straight and then fold back into a head.
    func state(leftWithHeadBy stroke: [CanvasPoint], in document: AutomatonDocument) -> AutomatonDocument.State? {
        let tipIndex = Self.firstTurnBack(of: stroke)
        let (start, tip) = (stroke[0], stroke[tipIndex])
        let shaft = start.distance(to: tip)
        guard let from = state(at: start, in: document), state(at: tip, in: document) == nil, shaft >= 2 * from.radius,
              tipIndex + 3 < stroke.count,
              stroke[...tipIndex].allSatisfy({ StrokeGeometry.distance(from: $0, toSegment: start, tip) <= 0.2 * shaft })
        else { return nil }
        let head = Array(stroke[tipIndex...])
        let headLength = StrokeGeometry.lengths(along: head).last ?? 0
        let out = Self.unit(tip, from: start)
        func ahead(_ point: CanvasPoint) -> Double { (point.x - tip.x) * out.x + (point.y - tip.y) * out.y }
        guard headLength >= 0.15 * shaft,
              head.allSatisfy({ $0.distance(to: tip) < shaft && ahead($0) <= Self.headOvershoot * shaft }) else { return nil }
        // The pen's first move past the tip goes back towards the start.
        let back = head.first { $0.distance(to: tip) >= 0.1 * shaft } ?? head[head.count - 1]
        let turn = Self.unit(back, from: tip)
        return out.x * turn.x + out.y * turn.y < -0.3 ? from : nil
    }

    /// How far past its tip, as a share of the shaft, a head may reach: the pen often comes
    /// back to the tip past where it first turned, and a barb drawn square to the shaft
    /// overshoots a little; a word goes on.
    static let headOvershoot = 0.25

    /// Where the pen first turns back: the farthest point from the start so far after which
    /// the stroke comes back towards the start by a tenth of that distance (its end when it
    /// never does). A hook where the pen lands, within a tenth of the stroke's reach from its
    /// start, is no turn back.
    private static func firstTurnBack(of stroke: [CanvasPoint]) -> Int {
        let distances = stroke.map { $0.distance(to: stroke[0]) }
        let landing = 0.1 * distances.max()!
        var farthest = 0
        for index in distances.indices {
            if distances[index] > distances[farthest] { farthest = index }
            if distances[farthest] > landing, distances[index] < 0.9 * distances[farthest] { return farthest }
        }
        return farthest
    }

    /// The state a stroke enters from empty canvas: it starts beyond every state's reach, its
    /// tip lies on the state, and the pen ends nearer the state than it began. A self-loop
    /// starts on its own state, so a "cycle" like this is an initial arrow with a heavy head.
    func state(enteredFromEmptyCanvasBy stroke: [CanvasPoint], in document: AutomatonDocument) -> AutomatonDocument.State? {
        let start = stroke[0], last = stroke[stroke.count - 1]
        guard state(at: start, in: document) == nil,
              let to = state(at: stroke[StrokeGeometry.arrowTipIndex(of: stroke)], in: document),
              last.distance(to: to.center) < start.distance(to: to.center) else { return nil }
        return to
    }

    /// Whether the stroke, past its farthest point from the start and in its second half (by
    /// length), touches `state` again: a loop goes out and comes back to the state it leaves;
    /// an arrow leaving a state, even one starting deep inside it, does not. Back means at
    /// most half as far off its edge as the farthest point: the barbs of a head on a short
    /// arrow fall back a little towards the state it leaves, within its slack but no nearer.
    func comesBack(_ stroke: [CanvasPoint], to state: AutomatonDocument.State, in document: AutomatonDocument) -> Bool {
        let lengths = StrokeGeometry.lengths(along: stroke)
        let half = lengths.last! / 2
        let tip = StrokeGeometry.arrowTipIndex(of: stroke)
        func gap(_ point: CanvasPoint) -> Double { point.distance(to: state.center) - state.radius }
        return stroke.indices.contains { index in
            index > tip && lengths[index] >= half && self.state(at: stroke[index], in: document)?.id == state.id
                && gap(stroke[index]) <= 0.5 * gap(stroke[tip])
        }
    }

    /// A shaft (start to tip) up to where the pen first reaches its tip, when it strays off
    /// again after (a barb drawn out and back on the way in); the whole shaft otherwise.
    static func upToFirstArrival(_ shaft: [CanvasPoint]) -> [CanvasPoint] {
        guard let tip = shaft.last else { return shaft }
        let reach = max(4, 0.05 * (StrokeGeometry.lengths(along: shaft).last ?? 0))
        guard let arrival = shaft.firstIndex(where: { $0.distance(to: tip) <= reach }), arrival >= 1,
              shaft[arrival...].contains(where: { $0.distance(to: tip) > 2 * reach }) else { return shaft }
        return Array(shaft[...arrival])
    }

    /// The inner controls of the curve a transition's shaft (start to tip) was drawn as; none
    /// when it strays from the straight line by less than `straightShare` of its length and
    /// less than `straightReach`. A hook where the pen landed is no part of the curve: on a
    /// short shaft it would bend the line's start back against its run; nor is a barb drawn
    /// out and back on the way in, before the tip (the shaft ends where the pen first reaches it).
    func drawnControls(of drawn: [CanvasPoint]) -> [CanvasPoint] {
        let shaft = Self.upToFirstArrival(StrokeGeometry.withoutLandingHook(drawn))
        guard let first = shaft.first, let last = shaft.last else { return [] }
        let chord = first.distance(to: last)
        let stray = shaft.map { StrokeGeometry.distance(from: $0, toSegment: first, last) }.max() ?? 0
        guard chord > 0, stray >= min(straightShare * chord, straightReach), let curve = CubicCurve.fitted(to: shaft) else { return [] }
        return [curve.control1, curve.control2]
    }
}
