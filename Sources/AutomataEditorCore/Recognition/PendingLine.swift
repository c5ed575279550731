/// A line nothing was made of, then a head at one of its ends (or a head, then such a line):
/// people draw a connector in one stroke and its head in another, and the connector alone
/// may be too unsure, too short or too far from the states to read. Together they are an
/// arrow between the states its ends touch or point at.
extension RecognitionRules {
    /// A line left alone is kept for a head from this share of the states' typical radius
    /// across: shorter than a shaft read alone (`shortestJoinShare`), as a head at its end says
    /// more than the line does (a short connector between touching states).
    static let shortestLineShare = 0.3

    /// The arrow `line` and the head drawn apart from it make, when the head sits at one of the
    /// line's ends, opening back along it, and the line joins two different states: each end
    /// on a state, or stopping short of one it points at (as `AimedEnds` reads a head and a
    /// tail). The line runs to its head, whichever way it was drawn; nil otherwise.
    func arrow(from line: [CanvasPoint], headedBy head: DrawnHead, in document: AutomatonDocument) -> Interpretation? {
        let typical = document.typicalStateRadius ?? 0
        guard line.count >= 2, StrokeGeometry.extent(of: line) >= Self.shortestLineShare * typical else { return nil }
        let shape = HeadShape(head)
        let fits = [line, line.reversed()].compactMap { oriented in
            Self.fit(shape, toStartOf: oriented.reversed(), reach: headReach(shape)).map { (oriented, $0) }
        }
        guard let (oriented, _) = fits.min(by: { $0.1 < $1.1 }) else { return nil }
        let (first, last) = (oriented[0], oriented[oriented.count - 1])
        // The head says where it points better than the end of a line bent round a corner.
        let out = Self.inward(oriented), ahead = CanvasPoint(x: -head.opening.x, y: -head.opening.y)
        let (tail, room) = (Self.tailReachShare * typical, Self.roomShare * typical)
        // Between close states, the one the head points at, then the one its end touches.
        guard let to = state(aheadOf: head.apex, along: ahead, reach: { self.slack(of: $0) }, in: document)
                ?? state(at: last, in: document)
                ?? state(aheadOf: head.apex, along: ahead, reach: { _ in room }, in: document) else { return nil }
        var withoutInk = document
        withoutInk.pending.heads = []
        withoutInk.pending.line = nil
        let arrow: Interpretation
        // A start outside the big state the head enters, but within its slack (a connector
        // at least a typical radius across, bent round into it), is read by the state it points
        // back at, as a start off every state is; writing in that state starts inside it.
        let startsOutside = first.distance(to: to.center) > to.radius && StrokeGeometry.extent(of: line) >= typical
        if let from = state(at: first, in: document).flatMap({ $0.id == to.id && startsOutside ? nil : $0 })
            ?? state(aheadOf: first, along: CanvasPoint(x: -out.x, y: -out.y), reach: { _ in tail }, in: document) {
            guard from.id != to.id else { return nil }
            arrow = Interpretation(actions: [.addTransition(from: from.id, to: to.id, start: first, end: last,
                                                            controls: drawnControls(of: oriented), head: .drawn)],
                                   message: "transition \(from.name) → \(to.name)")
        } else {
            // From well off every state: the initial arrow (a line left alone as no initial
            // arrow moving the start until its head came).
            guard !to.isInitial, first.distance(to: to.center) - to.radius >= Self.initialReach * to.radius,
                  state(pointedIntoBy: oriented, in: document)?.id == to.id else { return nil }
            arrow = Interpretation(actions: [.drawInitialArrow(state: to.id, from: first)], message: "\(to.name) initial")
        }
        var reading = completing(arrow, in: withoutInk)
        let after = withoutInk.applying(reading.actions)
        if after.pending != document.pending { reading.actions.append(.setPending(after.pending)) }
        return reading
    }

    /// The arrow the line left alone just before makes with a small mark drawn at one of its
    /// ends that no V reads (a ball or filled head, a head scribbled in): that end is the
    /// head's point, as `arrow(from:headedBy:)` reads a V there. Nil when the mark touches
    /// neither end, or is big beside the line (a letter's next stroke).
    func arrow(fromLineMarkedBy stroke: [CanvasPoint], in document: AutomatonDocument) -> Interpretation? {
        // A line inside a state is writing there (an A's first stroke, then its bar).
        guard let line = document.pending.line, line.count >= 2, isPiece(line),
              [line[0], line[line.count - 1]].contains(where: { state(containing: $0, in: document) == nil }) else { return nil }
        let size = StrokeGeometry.extent(of: stroke)
        guard size >= Self.leastEndMark, size <= Self.endMarkShare * (StrokeGeometry.lengths(along: line).last ?? 0) else { return nil }
        let ends = [line, Array(line.reversed())].map { oriented in
            (oriented, stroke.map { $0.distance(to: oriented[oriented.count - 1]) }.min() ?? .infinity)
        }
        guard let (oriented, near) = ends.min(by: { $0.1 < $1.1 }), near <= max(4, 0.3 * size) else { return nil }
        // It opens back along the line's last stretch, a few of its own sizes long, or along
        // its last leg (the stretch may be a hook where the pen lifted).
        let tip = oriented[oriented.count - 1]
        let back = oriented.last { $0.distance(to: tip) >= max(10, 2 * size) } ?? oriented[0]
        let openings = [Self.unit(back, from: tip), Self.inward(oriented.reversed())]
        guard var arrow = openings.lazy.compactMap({ self.arrow(from: line, headedBy: DrawnHead(apex: tip, opening: $0, size: size), in: document) }).first
        else { return nil }
        arrow.message = "a mark at the end of the line drawn just before it, its head: " + arrow.message
        return arrow
    }

    /// The least size, in points, and the most, as a share of the line's length, of a mark
    /// taken for the head of the line left alone (`arrow(fromLineMarkedBy:in:)`).
    static let leastEndMark = 5.0
    static let endMarkShare = 0.3

    /// Whether `stroke` is a head at an end of the line left alone just before, opening back
    /// along it: a connector's first leg and its head, the rest still to come. The head of
    /// that line, though the symbol model reads it as a letter (a "v", an "s"); not when the
    /// line was itself read as writing (an r's stem, then its arch), nor when it is no longer
    /// than twice the V (a head left alone, then a letter's flag).
    func headsLineLeftAlone(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Bool {
        guard let line = document.pending.line, line.count >= 2, !(document.pending.word?.strokes.contains(line) ?? false),
              StrokeGeometry.extent(of: line) >= Self.shortestLineShare * (document.typicalStateRadius ?? 0),
              let head = head(drawnAs: stroke, in: document), StrokeGeometry.extent(of: line) > 2 * head.size else { return false }
        return [line, line.reversed()].contains { Self.fit(head, toStartOf: $0.reversed(), reach: headReach(head)) != nil }
    }

    /// Whether a stroke is a small mark at a state, as a head drawn there is: smaller than the
    /// states, its middle inside one or over its rim by no more than half the mark.
    func isMarkAtAState(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Bool {
        let size = StrokeGeometry.extent(of: stroke), middle = StrokeGeometry.centre(of: stroke)
        return size < (document.typicalStateRadius ?? 0) && document.states.contains { middle.distance(to: $0.center) <= $0.radius + size / 2 }
    }

    /// The reading of a stroke left alone, unless a head waiting at one of its ends makes it an arrow.
    func completingLine(_ stroke: [CanvasPoint], after reading: Interpretation, in document: AutomatonDocument) -> Interpretation {
        guard leavesAlone(reading, in: document) else { return reading }
        for head in document.pending.heads.reversed() {
            if var arrow = arrow(from: stroke, headedBy: head, in: document) {
                arrow.message = "a line ending at the head drawn before it, read as an arrow: " + arrow.message
                return arrow
            }
        }
        return reading
    }

    /// The reading with the stroke remembered as a line a head or a further piece may
    /// complete, when nothing was made of it (with the line before, when it carries that on);
    /// forgotten otherwise.
    func rememberingLine(_ stroke: [CanvasPoint], after reading: Interpretation, in document: AutomatonDocument) -> Interpretation {
        let after = document.applying(reading.actions)
        // A head waiting at an end of the line kept before (the two reach one state only: a
        // connector's first leg and its head, drawn before the leg round the corner from its
        // start): the line waits on with it, for that piece.
        if let kept = document.pending.line, after.pending.heads.count > document.pending.heads.count, let drawn = after.pending.heads.last {
            let head = HeadShape(drawn)
            if [kept, kept.reversed()].contains(where: { Self.fit(head, toStartOf: $0, reach: headReach(head)) != nil }) {
                return reading.changingPending(in: document) { $0.line = kept }
            }
        }
        // A small mark left alone at a state (a head drawn there, before the connector's next
        // leg comes from the line's free end) keeps the line waiting for that leg; not a line
        // inside a state (marks drawn there, before a shaft out of it, are its tail or head).
        if let kept = document.pending.line, isPiece(kept), [kept.first, kept.last].contains(where: { $0.map { state(containing: $0, in: document) == nil } ?? false }),
           leavesAlone(reading, in: document), after.pending.heads.count <= document.pending.heads.count,
           isMarkAtAState(stroke, in: document), lineCarriedOn(by: stroke, in: document) == nil {
            return reading.changingPending(in: document) { $0.line = kept }
        }
        // A dot at one of its ends (the pen tapped down there) is no stroke between a leg and
        // what carries it on.
        if let kept = document.pending.line, isPiece(kept), StrokeGeometry.extent(of: stroke) < Self.leastEndMark, leavesAlone(reading, in: document),
           [kept[0], kept[kept.count - 1]].contains(where: { end in stroke.contains { $0.distance(to: end) <= Self.joinReach } }) {
            return reading.changingPending(in: document) { $0.line = kept }
        }
        // A transition drawn to a free end may be the connector's other half, drawn from its
        // other state: the line waits on for the piece that meets both.
        let dangling = after.transitions.contains { t in document.transition(t.id) == nil && !t.isSelfLoop && (t.from == nil) != (t.to == nil) }
        if let kept = document.pending.line, isPiece(kept), dangling,
           [kept[0], kept[kept.count - 1]].contains(where: { state(containing: $0, in: document) == nil }) {
            return reading.changingPending(in: document) { $0.line = kept }
        }
        // Only what could join two states is worth keeping.
        let couldJoin = document.states.count >= 2
            && StrokeGeometry.extent(of: stroke) >= Self.shortestLineShare * (document.typicalStateRadius ?? 0)
        let leftAlone = couldJoin && leavesAlone(reading, in: document) && after.pending.heads.count <= document.pending.heads.count
            && !goesOverAwaitedShaft(stroke, in: document)
        // A piece carrying on the line before makes the two one line.
        let line = leftAlone ? lineCarriedOn(by: stroke, in: document) ?? stroke : nil
        return reading.changingPending(in: document) { $0.line = line }
    }
}
