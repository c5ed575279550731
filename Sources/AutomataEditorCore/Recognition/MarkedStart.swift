/// A head drawn before its shaft in strokes the shape model cannot read as a V (filled in,
/// outlined, drawn in two or three goes) is left alone as writing, at the rim of the state
/// it points into. A shaft drawn next from that very place was drawn from its head outwards:
/// it points into that state. (Marks where a shaft ends agree with the way it was drawn, and
/// a dot where the pen landed is no head.)
extension RecognitionRules {
    /// How far from the marks a line's end may lie, as a share of the state's radius: the
    /// pen goes on from the head's point.
    static let markedStartReach = 0.1
    /// How far from the state's centre the middle of the marks lies at least, as a share of
    /// its radius: a name is written in the middle, a head at the rim.
    static let markedStartOffCentre = 0.45
    /// The least size of the marks, as a share of the state's radius, and in points.
    static let markedStartLeastShare = 0.15
    static let markedStartLeast = 8.0

    /// Whether a new line from `start`, on the state `from`, to another state or to empty
    /// canvas (turned round, the state's initial arrow) starts in the writing just left alone,
    /// where that writing could be its head and ends in no straight piece (a connector's first
    /// leg, which the line carries on).
    func startsAtMarks(from: Int?, start: CanvasPoint, to: Int?, in document: AutomatonDocument) -> Bool {
        guard let marks = document.pending.writingRun, let state = from.flatMap(document.state),
              !(document.pending.line.map(isPiece) ?? false) else { return false }
        return couldBeHead(marks, onWayFrom: start, into: state)
    }

    /// Whether marks could be the head of a line meeting `state` at `point`: they hold that
    /// point, and `lieAtRim`.
    func couldBeHead(_ marks: InkBox, at point: CanvasPoint, of state: AutomatonDocument.State) -> Bool {
        InkBox(around: [point]).gap(to: marks) <= Self.markedStartReach * state.radius && lieAtRim(marks, of: state)
    }

    /// Whether marks drawn before a line could be its head where it meets `state` at `point`:
    /// they lie on the way from that point to the state's middle (a line may stop off its
    /// state, its first or last leg drawn apart, or at a box's edge inside the circle standing
    /// in for it), and `lieAtRim`. (Marks drawn after a line must hold its end: a letter of a
    /// label may fall on that way.)
    func couldBeHead(_ marks: InkBox, onWayFrom point: CanvasPoint, into state: AutomatonDocument.State) -> Bool {
        let way = (0...20).map { i in
            CanvasPoint(x: point.x + (state.center.x - point.x) * Double(i) / 20, y: point.y + (state.center.y - point.y) * Double(i) / 20)
        }
        return way.contains { couldBeHead(marks, at: $0, of: state) }
    }

    /// Whether marks are a head's size and lie at the state's rim.
    func lieAtRim(_ marks: InkBox, of state: AutomatonDocument.State) -> Bool {
        let middle = CanvasPoint(x: (marks.min.x + marks.max.x) / 2, y: (marks.min.y + marks.max.y) / 2)
        let offCentre = middle.distance(to: state.center)
        return marks.extent >= max(Self.markedStartLeast, Self.markedStartLeastShare * state.radius) && marks.extent <= state.radius
            && offCentre >= Self.markedStartOffCentre * state.radius && offCentre <= state.radius + marks.extent / 2
    }

    /// Whether a stroke lies inside a state where the newest arrow meets it, as a head there
    /// would: more of that arrow (a head or a tail mark drawn after it), not a letter. (A
    /// label by the arrow's tip is written outside the state.)
    func marksNewestArrow(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Bool {
        guard let t = document.transitions.last, !t.isSelfLoop else { return false }
        return [EditAction.End.start, .end].contains { rimMarks(stroke, end: $0, of: t, in: document) }
    }

    /// The end of the newest transition a stroke marks as `marksNewestArrow` reads it, where a
    /// head may still go: either end of a shaft awaiting its head, the tip of one headed (its
    /// head drawn again). Bigger marks than `tipMark` takes: a filled
    /// head, a small loop, a V drawn round.
    func rimMark(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> HeadPlace? {
        // A straight piece of the line (gone over again) is no mark on it.
        guard let t = document.transitions.last, !t.isSelfLoop, !isStraightPiece(stroke, of: t, in: document) else { return nil }
        let ends = (t.head != .drawn ? [EditAction.End.end, .start] : [.end]).filter { rimMarks(stroke, end: $0, of: t, in: document) }
        return ends.count == 1 ? .transition(id: t.id, end: ends[0]) : nil
    }

    private func rimMarks(_ stroke: [CanvasPoint], end: EditAction.End, of t: AutomatonDocument.Transition,
                          in document: AutomatonDocument) -> Bool {
        let (id, point) = end == .end ? (t.to, t.end) : (t.from, t.start)
        guard let state = id.flatMap(document.state) else { return false }
        // With the stroke just before, when it touches it (a head's second stroke).
        let own = InkBox(around: stroke)
        let box = document.pending.writing.map { $0.gap(to: own) == 0 ? own.union($0) : own } ?? own
        let middle = CanvasPoint(x: (box.min.x + box.max.x) / 2, y: (box.min.y + box.max.y) / 2)
        // Its middle inside the state, or just outside when it covers the end there of a line
        // still awaiting its head (a head drawn as a blob on the tip, across a small state's
        // rim; a head drawn already, a letter of the label written over the tip is not).
        let covers = t.head == .awaited && (box.min.x...box.max.x).contains(point.x) && (box.min.y...box.max.y).contains(point.y)
        let reach = state.radius + (covers ? 0.25 * box.extent : 0)
        return middle.distance(to: state.center) <= reach && couldBeHead(box, at: point, of: state)
    }
}
