import Foundation

/// Heads drawn apart from their shafts: which end of which transition a head belongs to, and
/// what it changes there. A head directs a transition (whatever way its shaft was drawn) and is
/// never an element of its own.
extension RecognitionRules {
    /// Where a head sits: on one end of a transition's line, on a self-loop, or on the tip of
    /// a state's initial arrow.
    enum HeadPlace: Hashable {
        case transition(id: Int, end: EditAction.End)
        case selfLoop(id: Int)
        case initialArrow(state: Int)
        /// The far end of an initial arrow, where the pen started: the arrow leaves its state.
        case initialArrowStart(state: Int)
    }

    /// How far from a line's end a head's point may be: its own size, at least `minimumSlack`.
    func headReach(_ head: HeadShape) -> Double { max(minimumSlack, head.size) }

    /// The place a head drawn on its own belongs to, the best fitting first: an end of a
    /// transition still without a head (either end), the tip of one with a head (a head drawn
    /// again) or the start of one whose head is tentative (`PendingInk.tentativeHead`), a self-loop it touches, or an
    /// initial arrow's tip or start.
    func place(of head: HeadShape, in document: AutomatonDocument) -> HeadPlace? {
        var best: (place: HeadPlace, score: Double)?
        func consider(_ place: HeadPlace, _ score: Double?) {
            if let score, score < best?.score ?? .infinity { best = (place, score) }
        }
        let reach = headReach(head)
        for t in document.transitions {
            if t.isSelfLoop {
                let near = StrokeGeometry.distance(from: head.apex, toPath: t.linePoints())
                if near <= reach { consider(.selfLoop(id: t.id), near / reach + 0.5) }
                continue
            }
            let line = t.linePoints()
            // The shaft just drawn is the likeliest; an older one settled without a head takes a
            // head only where it fits it well (the head may be the first stroke of a new arrow).
            let (fit, bias) = t.head == .awaited ? (0.5, 0.0) : (0.9, 0.5)
            if t.head != .drawn {
                consider(.transition(id: t.id, end: .start), Self.fit(head, toStartOf: line, reach: reach, alignment: fit).map { $0 + bias })
            } else if t.id == document.pending.tentativeHead {
                // The arrow just drawn took its direction from a hook where the pen landed, or
                // from a tick drawn before it; a head drawn after it at its start is the clearer
                // sign, and turns it.
                consider(.transition(id: t.id, end: .start), Self.fit(head, toStartOf: line, reach: reach).map { $0 + 0.25 })
            }
            consider(.transition(id: t.id, end: .end), Self.fit(head, toStartOf: line.reversed(), reach: reach, alignment: fit).map { $0 + bias })
            if t.head == .awaited {
                consider(.transition(id: t.id, end: .start), Self.fit(head, aheadOf: line, reach: reach))
                consider(.transition(id: t.id, end: .end), Self.fit(head, aheadOf: line.reversed(), reach: reach))
            }
        }
        for state in document.states where state.isInitial {
            guard let from = state.initialArrowStart else { continue }
            let tip = state.edgePoint(towards: from)
            consider(.initialArrow(state: state.id), head.fit(toEnd: tip, inward: Self.unit(from, from: tip), reach: max(reach, slack(of: state))))
            consider(.initialArrowStart(state: state.id), head.fit(toEnd: from, inward: Self.unit(tip, from: from), reach: reach))
        }
        return best?.place
    }

    /// The edits a head at `place` makes, and what it says.
    func heading(_ place: HeadPlace, in document: AutomatonDocument) -> Interpretation {
        switch place {
        case .selfLoop(let id):
            let name = document.transition(id).flatMap(\.from).map { document.name(ofState: $0) } ?? "?"
            return Interpretation(actions: [], message: "head on the self-loop on \(name): a self-loop needs no direction, nothing changed")
        case .initialArrow(let id):
            return Interpretation(actions: [], message: "head on the initial arrow into \(document.name(ofState: id)): nothing changed")
        case .initialArrowStart(let id):
            guard let s = document.state(id), let start = s.initialArrowStart else { return .nothing("head: no such initial arrow") }
            return Interpretation(actions: [.setInitial(id: id, isInitial: false),
                                            .addTransition(from: id, to: nil, start: s.edgePoint(towards: start), end: start, head: .drawn)],
                                  message: "the head at \(start.roundedText) turns the initial arrow of \(s.name) round: transition \(s.name) → ? "
                                      + "(free end at \(start.roundedText): draw a state there to connect it)")
        case let .transition(id, end):
            guard let t = document.transition(id) else { return .nothing("head: no such transition") }
            return heading(t, at: end, in: document)
        }
    }

    /// A head at one end of `t`: that end becomes its target.
    func heading(_ t: AutomatonDocument.Transition, at end: EditAction.End, in document: AutomatonDocument) -> Interpretation {
        let before = Self.undirected(t, in: document)
        let at = end == .end ? Self.endName(t.to, t.end, in: document) : Self.endName(t.from, t.start, in: document)
        if end == .end {
            guard t.head != .drawn else {
                return Interpretation(actions: [], message: "head at \(at), drawn again on \(document.describe(transition: t)): nothing changed")
            }
            var directed = t
            directed.head = .drawn
            return Interpretation(actions: [.setHead(transition: t.id, head: .drawn)],
                                  message: "the head at \(at) turns \(before) into \(Self.directed(directed, in: document))")
        }
        // The head is at the end the pen started from: the transition runs the other way.
        if t.to == nil, let state = t.from {
            // Turned round it comes from empty canvas into its state: that state's initial arrow.
            guard let s = document.state(state), !s.isInitial else {
                return Interpretation(actions: [.removeTransition(id: t.id)],
                                      message: "the head at \(at) makes \(before) an arrow into \(document.name(ofState: state)), which is already initial: removed")
            }
            return Interpretation(actions: [.removeTransition(id: t.id), .drawInitialArrow(state: state, from: t.end)],
                                  message: "the head at \(at) turns \(before) into the initial arrow of \(s.name): \(s.name) initial")
        }
        var turned = t
        (turned.from, turned.to, turned.start, turned.end) = (t.to, t.from, t.end, t.start)
        return Interpretation(actions: [.reverseTransition(id: t.id), .setHead(transition: t.id, head: .drawn)],
                              message: "the head at \(at) turns \(before) into \(Self.directed(turned, in: document))")
    }

    /// The drawn head among `document.pending.heads` that sits on an end of the line from
    /// `start` to `end` (curved by `controls`), and which end: a head drawn before its shaft.
    func pendingHead(onLineFrom start: CanvasPoint, to end: CanvasPoint, controls: [CanvasPoint],
                     in document: AutomatonDocument) -> (index: Int, end: EditAction.End)? {
        let line = AutomatonDocument.Transition(id: -1, from: nil, to: nil, start: start, end: end, controls: controls).linePoints()
        var best: (index: Int, end: EditAction.End, score: Double)?
        for (index, drawn) in document.pending.heads.enumerated() {
            let head = HeadShape(drawn)
            for (end, oriented) in [(EditAction.End.end, Array(line.reversed())), (.start, line)] {
                if let score = Self.fit(head, toStartOf: oriented, reach: headReach(head)), score < best?.score ?? .infinity {
                    best = (index, end, score)
                }
            }
        }
        return best.map { ($0.index, $0.end) }
    }

    /// The index of a pending head that touches `state`'s edge (a head drawn before the
    /// self-loop or initial arrow it belongs to).
    func pendingHead(touching state: AutomatonDocument.State, in document: AutomatonDocument) -> Int? {
        document.pending.heads.firstIndex { abs($0.apex.distance(to: state.center) - state.radius) <= max(slack(of: state), $0.size) }
    }

    /// The direction a line runs on from its first point: towards the point a fifth of the
    /// way along (a curve's end bends, its chord does not tell), or its first corner where
    /// that comes sooner (a connector's first leg may be under a fifth of it), unless that
    /// corner is a hook where the pen landed (under `firstLegLeast` points along: without
    /// this, one FC_A arrow and one text stroke fewer are read right).
    static func inward(_ line: [CanvasPoint]) -> CanvasPoint {
        let lengths = StrokeGeometry.lengths(along: line)
        var target = (lengths.last ?? 0) / 5
        let corners = HeadShape.corners(of: line, tolerance: max(0.08 * StrokeGeometry.extent(of: line), 2.5))
        if corners.count > 2, lengths[corners[1]] >= firstLegLeast { target = min(target, lengths[corners[1]]) }
        let index = lengths.firstIndex { $0 >= target } ?? (line.count - 1)
        return unit(line[max(index, 1)], from: line[0])
    }

    /// See `inward(_:)`.
    static let firstLegLeast = 20.0

    /// How well `head` sits ahead of the first point of `line`, on the line carried on out
    /// of it: the pen stopped short of the state and drew the head at its rim. Up to
    /// `aheadShare` reaches out and within half a reach of the line carried on; always a
    /// worse fit than a head at the end itself.
    static func fit(_ head: HeadShape, aheadOf line: [CanvasPoint], reach: Double) -> Double? {
        let run = inward(line)
        let dx = head.apex.x - line[0].x, dy = head.apex.y - line[0].y
        let ahead = -(dx * run.x + dy * run.y), aside = abs(dx * run.y - dy * run.x)
        guard ahead > 0, ahead <= aheadShare * reach, aside <= 0.5 * reach else { return nil }
        let end = CanvasPoint(x: line[0].x - run.x * ahead, y: line[0].y - run.y * ahead)
        return head.fit(toEnd: end, inward: run, reach: reach).map { $0 + 1 + ahead / reach }
    }

    /// See `fit(_:aheadOf:reach:)`: how far ahead of a shaft's end its head may be, in reaches.
    static let aheadShare = 2.0

    /// The last stretch of a line a head follows, in head sizes.
    static let legShare = 2.0

    /// How well `head` sits on the first point of `line` (see `HeadShape.fit`), opening back
    /// along it: along the line's run (`inward`), or along its last stretch of `legShare`
    /// head sizes (a connector turns corners; its head follows only the last leg).
    static func fit(_ head: HeadShape, toStartOf line: [CanvasPoint], reach: Double, alignment: Double = 0.5) -> Double? {
        let near = line.first { $0.distance(to: line[0]) >= Self.legShare * head.size }
        let local = near.map { unit($0, from: line[0]) }
        return [inward(line), local].compactMap { $0 }
            .compactMap { head.fit(toEnd: line[0], inward: $0, reach: reach, alignment: alignment) }.min()
    }

    static func unit(_ to: CanvasPoint, from: CanvasPoint) -> CanvasPoint {
        let d = from.distance(to: to)
        return d > 0 ? CanvasPoint(x: (to.x - from.x) / d, y: (to.y - from.y) / d) : CanvasPoint(x: 0, y: 0)
    }

    /// `q1 — q2`: a transition whose direction is not known yet.
    static func undirected(_ t: AutomatonDocument.Transition, in document: AutomatonDocument) -> String {
        "\(endName(t.from, t.start, in: document)) — \(endName(t.to, t.end, in: document))"
    }

    /// `q1 → q2`.
    static func directed(_ t: AutomatonDocument.Transition, in document: AutomatonDocument) -> String {
        "\(endName(t.from, t.start, in: document)) → \(endName(t.to, t.end, in: document))"
    }

    private static func endName(_ state: Int?, _ point: CanvasPoint, in document: AutomatonDocument) -> String {
        state.map { document.name(ofState: $0) } ?? point.roundedText
    }
}

extension RecognitionRules {
    /// The head a stroke is drawn as: a "V" whose point touches a state, opening away from it
    /// (wherever its barbs reach: on a short arrow between close states they reach the other
    /// state), or one touching no state at all (at a free end, or drawn before its shaft); not
    /// one that runs from one state to another (a bent transition), unless it sits on the end
    /// of the shaft between them awaiting its head, or hangs off a state by a leg (a loop).
    func head(drawnAs stroke: [CanvasPoint], in document: AutomatonDocument) -> HeadShape? {
        guard let head = HeadShape(stroke: stroke), let first = stroke.first, let last = stroke.last else { return nil }
        // Closed, as wide as a state and sampled sparsely: a ring kept as a few corners (a
        // pen gives a triangle drawn as such many points along each side); on an empty
        // canvas, the first state.
        let extent = StrokeGeometry.extent(of: stroke)
        let typical = document.typicalStateRadius ?? Self.emptyCanvasStateRadius
        // Legs many states long are a line bent round a corner (a connector), not a head.
        guard head.size <= Self.longestHeadShare * typical else { return nil }
        if first.distance(to: last) <= 0.3 * extent, extent >= Self.sparseRingShare * typical,
           StrokeGeometry.lengths(along: stroke).last! / Double(stroke.count - 1) >= Self.sparseSpacingShare * extent {
            return nil
        }
        if let (a, b) = states(joinedBy: stroke, in: document) {
            // Between close states a V as long as its shaft reaches back to the state the shaft
            // leaves: the head of that shaft, still awaiting it (or just drawn with a head that
            // may be a hook, `PendingInk.tentativeHead`: its head drawn again), not a second transition.
            if let place = place(of: head, in: document), isShaft(at: place, between: a, b, in: document),
               case let .transition(id, _) = place, document.transition(id)?.head == .awaited || id == document.pending.tentativeHead {
                return head
            }
            // So is the head of the shaft just drawn into the gap between them from a third state
            // (a connector merging into the one between two close boxes).
            if let place = place(of: head, in: document), case let .transition(id, end) = place,
               let t = document.transition(id), t.head == .awaited,
               let source = end == .end ? t.from : t.to, source != a.id, source != b.id {
                return head
            }
            // Its point on one state's edge, opening straight back at the other, its legs shorter
            // than the gap between them: the head of the arrow between them, drawn first (a bent
            // transition bends away from both states; a leg across the gap is a shaft).
            guard let tip = state(at: head.apex, in: document), tip.id == a.id || tip.id == b.id,
                  !document.transitions.contains(where: { Set([$0.from, $0.to]) == Set([a.id, b.id]) }) else { return nil }
            let other = tip.id == a.id ? b : a
            guard head.size < 0.8 * (tip.center.distance(to: other.center) - tip.radius - other.radius) else { return nil }
            let back = Self.unit(other.center, from: tip.center)
            return head.opening.x * back.x + head.opening.y * back.y >= 0.9 ? head : nil
        }
        if let s = state(at: head.apex, in: document) {
            // Closed, both ends on the rim, and reaching far out: a small loop drawn sharply.
            if [first, last].allSatisfy({ abs($0.distance(to: s.center) - s.radius) <= hangShare * s.radius }),
               first.distance(to: last) <= 0.3 * head.size,
               stroke.map({ $0.distance(to: s.center) }).max()! - s.radius >= Self.sharpLoopReach * s.radius {
                return nil
            }
            // Its barbs open away from the state, back along the arrow coming in; a V or U
            // opening towards the state is a small loop hanging on it.
            let out = Self.unit(head.apex, from: s.center)
            let facing = head.opening.x * out.x + head.opening.y * out.y
            // Or, clear of the circle, opening along the rim, its barbs alike and wide apart: the
            // head of a shaft running past the state's side into it (the circle stands in for a
            // box or a diamond); a 1 written there has a short flag, a Y's V is narrow.
            return facing > 0.2 || (facing >= -0.2 && Self.isOpenAndEven(head, from: first, to: last)
                                    && stroke.allSatisfy { $0.distance(to: s.center) > s.radius }) ? head : nil
        }
        // Off every state, its point: a V hanging off a state by a leg is a loop drawn sharply
        // (or a bent transition, from one state to another), not a head.
        if state(at: first, in: document) != nil || state(at: last, in: document) != nil { return nil }
        return head
    }

    /// Whether `head`, drawn from `first` to `last`, has barbs alike (the shorter at least
    /// `alikeBarbs` of the longer) and wide apart (`leastOpenAngle`): where nothing but its
    /// shape tells a head from a letter.
    static func isOpenAndEven(_ head: HeadShape, from first: CanvasPoint, to last: CanvasPoint) -> Bool {
        let (a, b) = (first.distance(to: head.apex), last.distance(to: head.apex))
        guard min(a, b) >= alikeBarbs * max(a, b), a > 0, b > 0 else { return false }
        let cosine = ((first.x - head.apex.x) * (last.x - head.apex.x) + (first.y - head.apex.y) * (last.y - head.apex.y)) / (a * b)
        return cosine <= cos(leastOpenAngle * .pi / 180)
    }
    /// See `isOpenAndEven(_:from:to:)`.
    static let alikeBarbs = 0.7
    /// See `isOpenAndEven(_:from:to:)`, in degrees.
    static let leastOpenAngle = 40.0

    /// A head's legs are at most this many of the states' typical radii long.
    static let longestHeadShare = 6.0

    /// How wide a closed head may be at most, in the states' typical radii: wider, it is a ring
    /// drawn sparsely (a state of a few corners).
    static let sparseRingShare = 1.2
    /// The mean step between a sparse stroke's points, as a share of its extent (a pen's
    /// triangles step under 0.06 of theirs; a ring of six corners, 0.5).
    static let sparseSpacingShare = 0.15

    /// How far past its state's edge, in its radii, a closed stroke hanging on the rim by both
    /// ends reaches at least to be a loop drawn sharply (sparse, as a triangle) rather than a
    /// closed head drawn first at the rim (heads are smaller than that beside their state).
    static let sharpLoopReach = 0.5

    /// The state a small stroke lies inside, every point within its circle: writing in it
    /// (a name's letters), unless it is as big as a final ring.
    func state(holdingWriting stroke: [CanvasPoint], in document: AutomatonDocument) -> AutomatonDocument.State? {
        document.states.first { s in
            stroke.allSatisfy { $0.distance(to: s.center) <= s.radius }
                && StrokeGeometry.meanDistance(of: stroke, from: StrokeGeometry.centre(of: stroke)) < innerRingShare * s.radius
        }
    }
}

extension RecognitionRules {
    /// Whether `place` is an end of a transition between `a` and `b`, either way round.
    func isShaft(at place: HeadPlace, between a: AutomatonDocument.State, _ b: AutomatonDocument.State,
                 in document: AutomatonDocument) -> Bool {
        guard case let .transition(id, _) = place, let t = document.transition(id) else { return false }
        return Set([t.from, t.to]) == Set([a.id, b.id])
    }

    /// How big, as a share of its shaft, a mark may be at the end of a shaft joining two states.
    static let closeMarkShare = 1.5

    /// A small mark at the end of the shaft just drawn (still awaiting its head), lying back
    /// along its line, read as its head whatever its shape (a rounded "U", a filled or retraced head, a
    /// head with a hook): people's heads are not all clean V's, and what else would a small
    /// mark at a fresh arrow's tip be? A loop hanging on a state by both ends (as big as a
    /// self-loop on it) is not such a mark, nor is a ring, except one closed round, or wrapping,
    /// the end where the shaft meets a state and smaller than that state (an outlined or filled head:
    /// a ring there would be a state, and states do not overlap), or begun at the end out on the
    /// canvas (its sides drawn round from its point). An outlined head may lie
    /// beyond the shaft's end too (the shaft drawn to its base). Nil when no end fits.
    func markedHead(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> HeadPlace? {
        let size = StrokeGeometry.extent(of: stroke)
        let centre = StrokeGeometry.centre(of: stroke)
        guard size >= 4, size <= 50, let first = stroke.first, let last = stroke.last else { return nil }
        let closed = first.distance(to: last) <= 0.3 * size
        let goesRound = StrokeGeometry.turns(of: stroke, around: centre) >= 0.75
        // An outline drawn round the shaft's tip (a triangle, its last side overshooting)
        // wraps that tip, closed or not.
        func wraps(_ point: CanvasPoint) -> Bool { StrokeGeometry.turns(of: stroke, around: point) >= 0.75 }
        func onEdge(_ p: CanvasPoint, of s: AutomatonDocument.State) -> Bool { abs(p.distance(to: s.center) - s.radius) <= 0.3 * s.radius + 3 }
        let awaiting = document.transitions.filter { !$0.isSelfLoop && $0.head == .awaited }
        let wrapsAnEnd = goesRound && !closed && awaiting.contains { wraps($0.start) || wraps($0.end) }
        // Hung on one state by both ends, and as big as a loop on it: a self-loop, not a mark.
        if !closed, !wrapsAnEnd, document.states.contains(where: { onEdge(first, of: $0) && onEdge(last, of: $0) && size >= minimumLoopShare * $0.radius }) {
            return nil
        }
        var best: (place: HeadPlace, score: Double)?
        // The arrow just drawn with one barb of its head in the same go: a mark starting
        // right at its tip, or drawn through it, is the other barb.
        let headed = document.transitions.last.flatMap { $0.head == .drawn && !$0.isSelfLoop ? $0 : nil }
        // Only the shaft just drawn: an older one takes a late head only when it is a clear one.
        for t in awaiting + (headed.map { [$0] } ?? []) where !isStraightPiece(stroke, of: t, in: document) {
            let line = t.linePoints()
            // Between close states the shaft is short and its head as big as it.
            let share = t.from != nil && t.to != nil ? Self.closeMarkShare : 0.6
            guard size <= share * (StrokeGeometry.lengths(along: line).last ?? 0) else { continue }
            let ends = [(EditAction.End.end, line[line.count - 1], Self.inward(line.reversed()), t.to),
                        (.start, line[0], Self.inward(line), t.from)]
            for (end, point, inward, state) in t.head == .drawn ? Array(ends.prefix(1)) : ends {
                if let s = state.flatMap(document.state), runsInto(s, stroke, from: line, at: point) { continue }
                // Started at the tip, or drawn through it from the barb's end.
                if t.head == .drawn, (stroke.map { $0.distance(to: point) }.min() ?? .infinity) > max(4, 0.3 * size) { continue }
                let wrapped = goesRound && !closed && wraps(point)
                // An outline through the end itself, out on the canvas (where no name is), is
                // the head's sides drawn round its point, from there or from its back.
                let outlined = goesRound && stroke.contains { $0.distance(to: point) <= max(4, 0.3 * size) }
                    && self.state(containing: centre, in: document) == nil
                if goesRound, !outlined {
                    guard closed || wrapped, let radius = state.flatMap(document.state)?.radius, size < radius else { continue }
                }
                let reach = max(15, 0.5 * size)
                let near = wrapped ? 0 : stroke.map { $0.distance(to: point) }.min() ?? .infinity
                let towards = Self.unit(centre, from: point)
                let along = towards.x * inward.x + towards.y * inward.y
                // A ring or blob centred on the end has no way it lies: it fits that end squarely.
                let centred = (closed || wrapped) && centre.distance(to: point) <= max(4, 0.3 * size)
                let alignment = centred ? 1 : closed || wrapped ? abs(along) : along
                // A mark that starts right at the shaft's end may spread wide (a flat head, or
                // one barb of it): it need only lie back from the tip, not beyond it; where the
                // shaft stops short of its state, a barb drawn to a point on the state's rim
                // reaches a little beyond it.
                let least = near <= max(4, 0.3 * size) ? (state == nil ? 0 : -0.25) : 0.5
                guard near <= reach, alignment >= least else { continue }
                let score = near / reach + (1 - alignment)
                if score < best?.score ?? .infinity { best = (.transition(id: t.id, end: end), score) }
            }
        }
        return best?.place
    }
}
