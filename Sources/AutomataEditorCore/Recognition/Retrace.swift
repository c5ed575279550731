/// A line drawn over again. People go back over the shaft they just drew, to darken it or to
/// add the head at its end in the same go; the second stroke lies along the first all the way
/// from one state to the other. It is that transition again, not a second one: its head, if
/// it has one, directs it.
extension RecognitionRules {
    /// How far from the newest transition's line every point of a retrace lies, as a share of
    /// that line's length (at least `retraceFloor` points).
    static let retraceShare = 0.12
    static let retraceFloor = 8.0

    /// What a stroke along the whole of the transition drawn last means, or nil when it is no
    /// such retrace.
    func retracing(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Interpretation? {
        guard let newest = document.transitions.max(by: { $0.id < $1.id }), !newest.isSelfLoop,
              let from = newest.from, let to = newest.to,
              let (a, b) = states(joinedBy: stroke, in: document), Set([a.id, b.id]) == Set([from, to]) else { return nil }
        let line = newest.linePoints()
        let length = StrokeGeometry.lengths(along: line).last ?? 0
        let tolerance = max(Self.retraceFloor, Self.retraceShare * length)
        // Along it all the way: every point of the stroke near the line (or run on inside one
        // of its states, past where the first stroke stopped), and the line's middle near the
        // stroke (a second arc bows away from the first).
        let ends = [from, to].compactMap(document.state)
        guard stroke.allSatisfy({ p in
                  StrokeGeometry.distance(from: p, toPath: line) <= tolerance || ends.contains { p.distance(to: $0.center) <= $0.radius }
              }),
              StrokeGeometry.distance(from: line[line.count / 2], toPath: stroke) <= tolerance else { return nil }
        let described = document.describe(transition: newest)
        guard StrokeGeometry.headEnd(of: stroke) == .tip, newest.head != .drawn || b.id != to else {
            return .nothing("a line along \(described), drawn over again: no second transition")
        }
        let end: EditAction.End = b.id == to ? .end : .start
        var reading = heading(newest, at: end, in: document)
        reading.message = "a line drawn over \(described) with its head: " + reading.message
        return reading
    }

    /// Whether `stroke` goes over the shaft just drawn, still awaiting its head, without
    /// one: more of that shaft, which keeps waiting for its head, and no writing.
    func goesOverAwaitedShaft(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Bool {
        guard let newest = document.transitions.max(by: { $0.id < $1.id }), newest.head == .awaited,
              let reading = retracing(stroke, in: document) else { return false }
        return reading.actions.isEmpty
    }
}
