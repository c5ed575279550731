/// Two states drawn nearly touching leave the arrow between them no room: the shaft and head
/// people draw there run over a rim into one of the circles (boxes a few points apart, their
/// circles reaching into the gap), where a short stroke reads as writing in that state.
extension RecognitionRules {
    /// How far apart two states' rims are at most, in the smaller radius, for the neck between
    /// them to hold an arrow of its own.
    static let neckGapShare = 0.35
    /// How far off the line between the centres, in the smaller radius, the arrow's ink lies at most.
    static let neckWidthShare = 0.4
    /// How near either centre, in its radius, the arrow's ink comes at most (a name is written
    /// round the centre).
    static let neckCentreShare = 0.3

    /// The arrow a head drawn in the neck between two nearly touching states makes with the one
    /// stroke of writing just before it, lying behind the head in that neck: from the state
    /// behind to the state the head points at along the neck.
    func neckArrow(headedBy stroke: [CanvasPoint], in document: AutomatonDocument) -> Interpretation? {
        // A clean V (a t's hooked bar is none); one fitting the end of a transition already
        // drawn, or marking it, is that transition's.
        guard let head = HeadShape(stroke: stroke), let first = stroke.first, let last = stroke.last,
              Self.isOpenAndEven(head, from: first, to: last), place(of: head, in: document) == nil,
              markedHead(stroke, in: document) == nil, tipMark(stroke, in: document) == nil,
              let shaft = document.pending.writing, document.pending.writingRun == shaft else { return nil }
        let shaftMiddle = CanvasPoint(x: (shaft.min.x + shaft.max.x) / 2, y: (shaft.min.y + shaft.max.y) / 2)
        let ahead = CanvasPoint(x: -head.opening.x, y: -head.opening.y)
        // The shaft lies on the line back from the head's point (a word's letters lie side by side).
        let aside = abs((shaftMiddle.x - head.apex.x) * ahead.y - (shaftMiddle.y - head.apex.y) * ahead.x)
        for a in document.states {
            for b in document.states where b.id != a.id {
                let axis = Self.unit(b.center, from: a.center)
                guard axis.x * ahead.x + axis.y * ahead.y >= Self.neckAlignment,
                      a.center.distance(to: b.center) - a.radius - b.radius <= Self.neckGapShare * min(a.radius, b.radius),
                      (stroke + [shaftMiddle]).allSatisfy({ isInNeck($0, from: a, to: b) }),
                      (shaftMiddle.x - head.apex.x) * axis.x + (shaftMiddle.y - head.apex.y) * axis.y < 0,
                      shaft.extent <= min(a.radius, b.radius), aside <= Self.neckShaftStray * min(a.radius, b.radius),
                      !document.transitions.contains(where: { $0.from == a.id && $0.to == b.id }) else { continue }
                var pending = document.pending
                (pending.writing, pending.writingRun, pending.word) = (nil, nil, nil)
                return Interpretation(actions: [.addTransition(from: a.id, to: b.id, start: a.edgePoint(towards: b.center),
                                                               end: b.edgePoint(towards: a.center), head: .drawn),
                                                .setPending(pending)],
                                      message: "a head in the narrow gap between \(a.name) and \(b.name), after its shaft there: transition \(a.name) → \(b.name)")
            }
        }
        return nil
    }

    /// How well a neck arrow's head points along the line from one centre to the other (a cosine).
    static let neckAlignment = 0.8
    /// How far, in the smaller radius, the middle of its shaft lies off the line back from its head's point.
    static let neckShaftStray = 0.2

    /// Whether `point` lies in the neck from `a` to `b`: near the line between their centres,
    /// clear of both centres.
    private func isInNeck(_ point: CanvasPoint, from a: AutomatonDocument.State, to b: AutomatonDocument.State) -> Bool {
        let axis = Self.unit(b.center, from: a.center), length = a.center.distance(to: b.center)
        let (dx, dy) = (point.x - a.center.x, point.y - a.center.y)
        let along = dx * axis.x + dy * axis.y, across = abs(dx * axis.y - dy * axis.x)
        return along >= Self.neckCentreShare * a.radius && along <= length - Self.neckCentreShare * b.radius
            && across <= Self.neckWidthShare * min(a.radius, b.radius)
    }
}
