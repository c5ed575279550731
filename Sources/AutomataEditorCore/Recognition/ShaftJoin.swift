/// A line drawn in pieces. People lift the pen at a corner (a connector that bends round
/// other states, a long arch drawn in two goes) and carry on from where the last piece
/// stopped. A piece that starts or ends at an open end — the free end of a shaft still
/// awaiting its head, the place where a shaft stopped short of the state the piece then
/// enters, the corner beside a state where a shaft settled without its head stopped (the
/// pen set down there again), the start of an initial arrow on empty canvas, or an end of the line just drawn
/// that was too short to read alone — continues that line: the two become one transition
/// from the old piece's far end to the new one's (or to the state the line left alone
/// reaches, when the new piece ends where that line begins).
extension RecognitionRules {
    /// An end a new piece may continue from.
    struct OpenEnd {
        enum Piece {
            /// A shaft awaiting its head; `atEnd` when the open end is where it was drawn to.
            case shaft(AutomatonDocument.Transition, atEnd: Bool)
            /// An initial arrow drawn into the state from empty canvas.
            case initialArrow(AutomatonDocument.State)
            /// The stroke just before, of which nothing was made (`PendingInk.line`); `atEnd`
            /// when the open end is where it was drawn to.
            case line(atEnd: Bool)
        }
        var piece: Piece
        var point: CanvasPoint
        /// The old piece's line, from its far end to the open end.
        var line: [CanvasPoint]
        /// The state at the old piece's far end.
        var farState: Int?
    }

    /// How near a piece must start (or end) to an open end to continue it, in points.
    static let joinReach = 15.0
    /// How far off the edge of the state it lands on, in its radius, a shaft's end is a
    /// corner beside that state, from which a piece may carry the line on to another.
    static let cornerBesideShare = 0.3
    /// How long, in the radius of the state it ends by, a shaft is at most to be a stub.
    static let stubShare = 0.6
    /// A piece shorter than this is a mark (a head, a letter), not a line carried on.
    static let shortestPiece = 25.0

    /// The transition the stroke makes by carrying on a line drawn before, or nil.
    func joining(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Interpretation? {
        guard let first = stroke.first, let last = stroke.last else { return nil }
        let whole = isPiece(stroke) || isConnectorShaped(stroke, in: document)
        let candidates = openEnds(in: document).flatMap { open -> [(OpenEnd, [CanvasPoint], Double)] in
            // A settled shaft's end on a state is carried on only by a piece the pen starts
            // there (one drawn to there is another arrow into that state).
            let settled = if case let .shaft(t, atEnd) = open.piece { t.head == .missing && (atEnd ? t.to : t.from) != nil } else { false }
            return [(open, stroke, first.distance(to: open.point))]
                + (settled ? [] : [(open, Array(stroke.reversed()), last.distance(to: open.point))])
        }.filter { $0.2 <= Self.joinReach || ($0.2 <= 2 * Self.joinReach && headedIntoAState($0.1, from: $0.0, in: document)) }
        for (open, piece, _) in candidates.sorted(by: { $0.2 < $1.2 }) where whole || goesStraightOn(piece, from: open, in: document) {
            if let joined = join(piece, to: open, in: document) { return joined }
        }
        return nil
    }

    /// Whether `piece` runs from near a free end into a state with its head: the connector's
    /// last leg, the pen set down a little off where the first stopped.
    private func headedIntoAState(_ piece: [CanvasPoint], from open: OpenEnd, in document: AutomatonDocument) -> Bool {
        guard case let .shaft(t, atEnd) = open.piece, (atEnd ? t.to : t.from) == nil, StrokeGeometry.headEnd(of: piece) == .tip else { return false }
        return state(at: piece[StrokeGeometry.arrowTipIndex(of: piece)], in: document) != nil
    }

    /// Whether `piece`, too short to be one alone, goes straight on from a free end into a
    /// state: a shaft stopped short of its state, the pen set down again at its end to reach
    /// it. (A barb drawn at the end lies back along the shaft.)
    private func goesStraightOn(_ piece: [CanvasPoint], from open: OpenEnd, in document: AutomatonDocument) -> Bool {
        guard case .shaft = open.piece, let start = piece.first, let end = piece.last, state(at: end, in: document) != nil,
              start.distance(to: end) >= Self.shortestShaft else { return false }
        let back = open.line.last { $0.distance(to: open.point) >= 2 * Self.shortestPiece } ?? open.line[0]
        let along = Self.unit(open.point, from: back), way = Self.unit(end, from: start)
        return along.x * way.x + along.y * way.y >= Self.straightOnShare
    }

    /// See `goesStraightOn`: how nearly (the cosine) a short piece keeps the shaft's way.
    static let straightOnShare = 0.9

    /// The transition a stroke makes by carrying a line on from its free end, where the pen was
    /// put down, into a state: a connector's next leg drawn from its corner, though it ends in a
    /// barb that alone reads as a head (a head's point lies on the free end; this tip, a leg away).
    func carryingOnFromFreeEnd(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Interpretation? {
        guard let first = stroke.first, isPiece(stroke) else { return nil }
        for open in openEnds(in: document) where first.distance(to: open.point) <= Self.joinReach {
            // Only a join whose new transition ends on a state: short of one, the stroke may
            // still be a big head drawn at the free end.
            guard case let .shaft(t, atEnd) = open.piece, (atEnd ? t.to : t.from) == nil,
                  let joined = join(stroke, to: open, in: document),
                  joined.actions.contains(where: { if case .addTransition(_, _?, _, _, _, _, _) = $0 { true } else { false } })
            else { continue }
            return joined
        }
        return nil
    }

    /// The transition a V makes that the pen began at a free end, its point a leg away: the
    /// line's next leg, turning a corner (its head still to come), not a head waiting for its
    /// shaft. (A head drawn at a free end has its point there.)
    func carryingOnAsLeg(_ stroke: [CanvasPoint], apex: CanvasPoint, in document: AutomatonDocument) -> Interpretation? {
        guard let first = stroke.first, isPiece(stroke) else { return nil }
        for open in openEnds(in: document) where first.distance(to: open.point) <= Self.joinReach && apex.distance(to: open.point) > Self.joinReach {
            guard case let .shaft(t, atEnd) = open.piece, (atEnd ? t.to : t.from) == nil else { continue }
            if let joined = join(stroke, to: open, in: document) { return joined }
        }
        return nil
    }

    /// A transition other than `except` with a free end within `joinReach` of `point`: its line
    /// from that end to its state, and the state.
    private func freeEnd(near point: CanvasPoint, except: Int?, in document: AutomatonDocument)
        -> (transition: AutomatonDocument.Transition, line: [CanvasPoint], state: Int)? {
        for t in document.transitions where t.id != except && !t.isSelfLoop {
            if t.to == nil, let s = t.from, t.end.distance(to: point) <= Self.joinReach { return (t, t.linePoints().reversed(), s) }
            if t.from == nil, let s = t.to, t.start.distance(to: point) <= Self.joinReach { return (t, t.linePoints(), s) }
        }
        return nil
    }

    /// Whether the writing just left alone marks the end of a line from `start` (on state
    /// `from`) to `end` (on `to`) as its head, as `couldBeHead` reads marks drawn before a
    /// line: true at `end`, false at `start`, nil at neither or both.
    private func endMarked(from: Int?, _ start: CanvasPoint, to: Int?, _ end: CanvasPoint, in document: AutomatonDocument) -> Bool? {
        // Only marks drawn besides the line (before it or since): the line itself, left alone as
        // writing, is none.
        guard let marks = document.pending.writingRun, let line = document.pending.line,
              marks != InkBox(around: line) else { return nil }
        let atStart = from.flatMap(document.state).map { couldBeHead(marks, onWayFrom: start, into: $0) } ?? false
        let atEnd = to.flatMap(document.state).map { couldBeHead(marks, onWayFrom: end, into: $0) } ?? false
        return atStart == atEnd ? nil : atEnd
    }

    /// Whether a stroke may be a piece of a line: long enough, and running away from where it
    /// began up to its tip (a head there folds back), without going round the middle of that
    /// run (a circle drawn at a free end, the state it waits for, comes back; a letter curls;
    /// a head's barbs, folding back round the tip, do not go round it).
    func isPiece(_ stroke: [CanvasPoint]) -> Bool {
        guard stroke.count >= 2 else { return false }
        let line = Self.upToFirstArrival(StrokeGeometry.headEnd(of: stroke) == .tip ? Array(stroke[...StrokeGeometry.arrowTipIndex(of: stroke)]) : stroke)
        let length = StrokeGeometry.lengths(along: line).last!
        return length >= Self.shortestPiece && line[0].distance(to: line[line.count - 1]) >= 0.6 * length
            && StrokeGeometry.turns(of: stroke, around: StrokeGeometry.centre(of: line)) < 0.75
    }

    /// Whether the ink after a stroke's tip (its farthest point from the start) comes back
    /// towards the start by at least half as far as it strays from the tip, as a head's barbs
    /// do; a leg turning square at the end strays from the tip without coming back.
    static func foldsBackAfterTip(_ stroke: [CanvasPoint]) -> Bool {
        let tip = StrokeGeometry.arrowTipIndex(of: stroke)
        let after = stroke[tip...]
        let reach = stroke[tip].distance(to: stroke[0])
        let back = after.map { reach - $0.distance(to: stroke[0]) }.max() ?? 0
        let stray = after.map { $0.distance(to: stroke[tip]) }.max() ?? 0
        return stray > 0 && back >= 0.5 * stray
    }

    /// The open ends of the document: those of shafts without heads (a settled one's end on a
    /// state goes on only round a corner beside it, see `join`), the free ends of headed ones,
    /// and initial arrows' starts.
    private func openEnds(in document: AutomatonDocument) -> [OpenEnd] {
        let shafts = document.transitions.filter { !$0.isSelfLoop }.flatMap { t -> [OpenEnd] in
            let line = t.linePoints()
            let ends = [OpenEnd(piece: .shaft(t, atEnd: true), point: t.end, line: line, farState: t.from),
                        OpenEnd(piece: .shaft(t, atEnd: false), point: t.start, line: line.reversed(), farState: t.to)]
            return t.head != .drawn ? ends : ends.filter { end in if case .shaft(_, let atEnd) = end.piece { (atEnd ? t.to : t.from) == nil } else { false } }
        }
        let arrows = document.states.compactMap { s -> OpenEnd? in
            guard s.isInitial, let start = s.initialArrowStart else { return nil }
            return OpenEnd(piece: .initialArrow(s), point: start, line: [s.edgePoint(towards: start), start], farState: s.id)
        }
        return shafts + arrows + lineEnds(in: document)
    }

    /// The ends of the line left alone just before, each open when a state holds the other
    /// or lies just behind it, before there is room for another between (`roomShare`, as for
    /// heads and connectors): the first piece of a connector that leaves a state, or starts
    /// off a wide box's side, and turns a corner.
    private func lineEnds(in document: AutomatonDocument) -> [OpenEnd] {
        guard let line = document.pending.line, let first = line.first, let last = line.last, isPiece(line) else { return [] }
        let tail = Self.roomShare * (document.typicalStateRadius ?? 0)
        func stateBehind(_ end: CanvasPoint, leading into: [CanvasPoint]) -> Int? {
            let out = Self.inward(into)
            return (state(at: end, in: document)
                ?? state(aheadOf: end, along: CanvasPoint(x: -out.x, y: -out.y), reach: { _ in tail }, in: document))?.id
        }
        return [OpenEnd(piece: .line(atEnd: true), point: last, line: line, farState: stateBehind(first, leading: line)),
                OpenEnd(piece: .line(atEnd: false), point: first, line: line.reversed(), farState: stateBehind(last, leading: line.reversed()))]
            .filter { $0.farState != nil }
    }

    /// The line left alone just before carried on by `stroke`, which was left alone too: the
    /// two as one line a later piece or head may complete. Nil when the stroke does not take
    /// up at one of its open ends.
    func lineCarriedOn(by stroke: [CanvasPoint], in document: AutomatonDocument) -> [CanvasPoint]? {
        guard let first = stroke.first, let last = stroke.last, isPiece(stroke) else { return nil }
        for open in lineEnds(in: document) {
            if first.distance(to: open.point) <= Self.joinReach { return open.line + stroke }
            if last.distance(to: open.point) <= Self.joinReach { return open.line + stroke.reversed() }
        }
        return nil
    }

    /// `piece` runs from the open end outwards. Nil when the two do not make one transition:
    /// an open end on a state carries on only into that same state (alone the piece would
    /// hang on it), unless it lies well off that state's edge (`cornerBesideShare`) or the old
    /// piece is a stub, short beside that state (`stubShare`: a first leg stopped in the gap
    /// between close states), and the whole must join two different places.
    private func join(_ drawn: [CanvasPoint], to open: OpenEnd, in document: AutomatonDocument) -> Interpretation? {
        // A piece ending in a head ends at its tip, not where its last barb stops; a last leg
        // turning square into its state goes on from the farthest point, but does not fold back.
        let pieceHead = StrokeGeometry.headEnd(of: drawn) == .tip && Self.foldsBackAfterTip(drawn)
        let piece = pieceHead ? Array(drawn[...StrokeGeometry.arrowTipIndex(of: drawn)]) : drawn
        // Stopping short of a state it runs on into, before there is room for another: that state
        // (a connector's last leg drawn from its corner, its head drawn with the first), when the
        // old piece touches its own and the new one is a state's radius long, as a connector's
        // legs are (two aimed ends, or a short piece, are a letter's strokes as often).
        let run = Self.inward(piece.reversed())
        let typical = document.typicalStateRadius ?? 0
        // (A head waiting at the old piece's far end says as much as a state there.)
        let headAtFarEnd = document.pending.heads.contains { $0.apex.distance(to: open.line[0]) <= max(Self.joinReach, $0.size) }
        let aimed = (state(at: open.line[0], in: document) == nil && !headAtFarEnd) || StrokeGeometry.extent(of: piece) < typical ? nil
            : state(aheadOf: piece[piece.count - 1], along: CanvasPoint(x: -run.x, y: -run.y),
                    reach: { _ in Self.roomShare * typical }, in: document)
        var far = state(at: piece[piece.count - 1], in: document) ?? aimed
        if case let .shaft(t, atEnd) = open.piece, let joint = atEnd ? t.to : t.from, let s = document.state(joint) {
            // ... or, where the shaft stopped well off that state's edge (a connector's corner
            // beside it, only within its slack), on to another state.
            let outside = open.point.distance(to: s.center) - s.radius
            let stub = (StrokeGeometry.lengths(along: open.line).last ?? 0) < Self.stubShare * s.radius
            let corner = outside >= Self.cornerBesideShare * s.radius
            // A settled shaft goes on only round a corner beside its state, to another.
            guard outside > 0, t.head == .missing ? corner && far != nil && far?.id != joint
                    : far?.id == joint || ((corner || stub) && far != nil) else { return nil }
        }
        // Ending at another line's free end: the connector was drawn from both ends, and they meet.
        let openID: Int? = if case .shaft(let t, _) = open.piece { t.id } else { nil }
        let meeting = far == nil ? freeEnd(near: piece[piece.count - 1], except: openID, in: document) : nil
        if let meeting { far = document.state(meeting.state) }
        // ... or at an end of the line left alone just before, which reaches a state.
        let isLine = if case .line = open.piece { true } else { false }
        let lineMet = far == nil && meeting == nil && !isLine
            ? lineEnds(in: document).first { $0.point.distance(to: piece[piece.count - 1]) <= Self.joinReach } : nil
        if let lineMet { far = lineMet.farState.flatMap(document.state) }
        guard open.farState != nil || far != nil, open.farState == nil || open.farState != far?.id else { return nil }
        var path = open.line + piece + (meeting?.line ?? []) + (lineMet.map { Array($0.line.reversed()) } ?? [])
        // A head at the piece's far end directs the whole line (unless another line goes on from there).
        let headed = meeting == nil && lineMet == nil && pieceHead
        var head: AutomatonDocument.Transition.Head = headed ? .drawn : .awaited
        var from = open.farState, to = far?.id
        var turned = false
        if !headed {
            if case let .shaft(t, atEnd) = open.piece, t.head == .drawn {
                // The first piece's head points at its state or away from it, at the joint.
                head = .drawn
                turned = !atEnd
            } else if let other = meeting?.transition, other.head == .drawn {
                // So does the head of the line it meets.
                head = .drawn
                turned = other.to == nil
            } else if case .line = open.piece, let marked = endMarked(from: open.farState, path[0], to: far?.id, path[path.count - 1], in: document) {
                // So do marks left at one of its states before or between the pieces (a head drawn there).
                head = .drawn
                turned = !marked
            } else {
                // Without a head, the line keeps the way its first piece was drawn.
                switch open.piece {
                case .shaft(_, let atEnd), .line(let atEnd): turned = !atEnd
                case .initialArrow: turned = true
                }
            }
        }
        if turned {
            path.reverse()
            (from, to) = (to, from)
        }
        var actions: [EditAction]
        var symbols: [Symbol] = []
        let before: String
        switch open.piece {
        case .shaft(let t, _):
            actions = [.removeTransition(id: t.id)]
            symbols = t.symbols
            before = document.describe(transition: t)
        case .initialArrow(let s):
            actions = [.setInitial(id: s.id, isInitial: false)]
            before = "the initial arrow of \(s.name)"
        case .line:
            // Alone the first piece was too short to read; only a second state makes the two a line.
            guard far != nil else { return nil }
            actions = []
            before = "the line just before"
        }
        if let other = meeting?.transition {
            actions.append(.removeTransition(id: other.id))
            symbols += other.symbols.filter { !symbols.contains($0) }
        }
        let lead = "a line carried on from where \(before) stopped at \(open.point.roundedText) → "
        guard let from else {
            // From empty canvas into a state: a longer initial arrow.
            guard let to, let state = document.state(to) else { return nil }
            return Interpretation(actions: actions + [.drawInitialArrow(state: to, from: path[0])], message: lead + "\(state.name) initial")
        }
        let controls = drawnControls(of: path)
        actions.append(.addTransition(from: from, to: to, start: path[0], end: path[path.count - 1], controls: controls,
                                      symbols: symbols, head: head))
        let name = { (id: Int?) in id.flatMap { document.state($0)?.name } ?? "?" }
        return Interpretation(actions: actions, message: lead
            + "\(controls.isEmpty ? "" : "curved ")transition \(name(from)) \(head == .drawn ? "→" : "—") \(name(to))")
    }
}
