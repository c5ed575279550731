/// A connector: a line of a few straight legs turning at corners, as flowcharts join boxes
/// (down, across, down). The model, trained on arrows that run one way, sees none of the
/// shapes in it; it joins the states its ends are on, or stop short of, aimed at them along
/// their legs.
extension RecognitionRules {
    /// The most legs a connector has (a return edge: out, along, back, in).
    static let connectorLegs = 4

    /// How near the page's axes a connector's legs run, as the cosine of the angle to the
    /// nearer one (within 15°: FC_A's connectors run within 12°; a check mark's legs slant).
    static let alongAxis = 0.966

    /// How far from square a connector's corner may be, as the cosine of the angle its legs
    /// make (within 20° of a right angle): with its legs along the axes, a leg folding back on
    /// the one before is no corner.
    static let squareCorner = 0.35

    /// The states a stroke joins as a connector: its shaft (the stroke without the head or
    /// hook at its ends, `connectorCorners`) is two to `connectorLegs` straight legs along the
    /// page's axes (`alongAxis`), each turning square to the one before (`squareCorner`), at
    /// least the states' typical radius across (a letter is smaller); each end on a state or
    /// aimed at one along its leg, entering it within a radius or before there is room for a
    /// state between (`roomShare`, as for a head: a box's side lies well outside its circle),
    /// two different states; and the shaft does not come back to the state it left (a
    /// self-loop does).
    func states(joinedByConnector stroke: [CanvasPoint], in document: AutomatonDocument)
        -> (from: AutomatonDocument.State, to: AutomatonDocument.State, corners: [Int])? {
        let size = StrokeGeometry.extent(of: stroke)
        guard let typical = document.typicalStateRadius, size >= typical, stroke.count >= 3 else { return nil }
        // A short leg square to its neighbour at an end is a last leg into a box, or a hook
        // where the pen landed that happens to turn square: read as a leg first, then without.
        for keepingSquareEnds in [true, false] {
            let corners = Self.connectorCorners(of: stroke, size: size, keepingSquareEnds: keepingSquareEnds)
            if let (from, to) = states(joinedByShaft: stroke, corners: corners, typical: typical, in: document) { return (from, to, corners) }
        }
        return nil
    }

    /// The states a connector's shaft, its legs between `corners`, joins (see above).
    private func states(joinedByShaft stroke: [CanvasPoint], corners: [Int], typical: Double, in document: AutomatonDocument)
        -> (from: AutomatonDocument.State, to: AutomatonDocument.State)? {
        guard let legs = Self.squareLegs(of: stroke, corners: corners) else { return nil }
        let (start, tip) = (stroke[corners[0]], stroke[corners[corners.count - 1]])
        let room = Self.roomShare * typical
        let from = state(at: start, in: document) ?? state(aheadOf: start, along: CanvasPoint(x: -legs[0].x, y: -legs[0].y), reach: { _ in room }, in: document)
        let to = state(at: tip, in: document) ?? state(aheadOf: tip, along: legs[legs.count - 1], reach: { _ in room }, in: document)
        guard let from, let to, from.id != to.id,
              !comesBack(Array(stroke[...corners[corners.count - 1]]), to: from, in: document) else { return nil }
        return (from, to)
    }

    /// The directions of a connector's legs between `corners`: two to `connectorLegs`, each
    /// along the page's axes and square to the one before; nil for any other shape.
    private static func squareLegs(of stroke: [CanvasPoint], corners: [Int]) -> [CanvasPoint]? {
        guard (3...(connectorLegs + 1)).contains(corners.count) else { return nil }
        let legs = zip(corners, corners.dropFirst()).map { unit(stroke[$1], from: stroke[$0]) }
        guard legs.allSatisfy({ max(abs($0.x), abs($0.y)) >= alongAxis }),
              zip(legs, legs.dropFirst()).allSatisfy({ abs($0.x * $1.x + $0.y * $1.y) <= squareCorner }) else { return nil }
        return legs
    }

    /// Whether a stroke is shaped as a connector's shaft, wherever its ends lie: square legs
    /// along the axes, at least the states' typical radius across (a piece of a line carried
    /// on round its corners, though it comes back near where it began).
    func isConnectorShaped(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Bool {
        let size = StrokeGeometry.extent(of: stroke)
        guard let typical = document.typicalStateRadius, size >= typical, stroke.count >= 3 else { return false }
        return Self.squareLegs(of: stroke, corners: Self.connectorCorners(of: stroke, size: size, keepingSquareEnds: false)) != nil
    }

    /// The corners of a connector's shaft (`HeadShape.corners` at 8 % of its size), without
    /// its head (legs under 0.4 of its size at the end, each turning back from the one before
    /// by more than 107°: tip, barb, tip, barb) and without legs under a fifth of its size at
    /// either end (a barb left, or a hook where the pen landed or lifted), except, when
    /// `keepingSquareEnds`, one at least 8 % of its size turning square to the leg beside it.
    static func connectorCorners(of stroke: [CanvasPoint], size: Double, keepingSquareEnds: Bool) -> [Int] {
        var corners = HeadShape.corners(of: stroke, tolerance: 0.08 * size)
        func short(_ i: Int, _ j: Int, beside k: Int) -> Bool {
            let length = stroke[i].distance(to: stroke[j])
            let (leg, next) = (unit(stroke[j], from: stroke[i]), unit(stroke[k], from: stroke[j]))
            let square = abs(leg.x * next.x + leg.y * next.y) <= squareCorner
            return length < 0.2 * size && !(keepingSquareEnds && square && length >= 0.08 * size)
        }
        func foldsBack(_ k: Int) -> Bool {
            let (a, b) = (unit(stroke[corners[k - 1]], from: stroke[corners[k - 2]]), unit(stroke[corners[k]], from: stroke[corners[k - 1]]))
            return a.x * b.x + a.y * b.y < -0.3 && stroke[corners[k - 1]].distance(to: stroke[corners[k]]) < 0.4 * size
        }
        while corners.count > 3, foldsBack(corners.count - 1) { corners.removeLast() }
        while corners.count > 2, short(corners[corners.count - 1], corners[corners.count - 2], beside: corners[corners.count - 3]) { corners.removeLast() }
        while corners.count > 2, short(corners[0], corners[1], beside: corners[2]) { corners.removeFirst() }
        return corners
    }

    /// The connector `stroke` as a transition between the states it joins (see above).
    func connector(_ stroke: [CanvasPoint], from: AutomatonDocument.State, to: AutomatonDocument.State, corners: [Int]) -> Interpretation {
        let (startIndex, tipIndex) = (corners[0], corners[corners.count - 1])
        // Its head folds back at the tip; a last leg turning square into a box goes on from the
        // farthest point without being one.
        let headed = StrokeGeometry.headEnd(of: stroke) == .start || (StrokeGeometry.headEnd(of: stroke) == .tip && Self.foldsBackAfterTip(stroke))
        let head: AutomatonDocument.Transition.Head = headed ? .drawn : .awaited
        return Interpretation(actions: [.addTransition(from: from.id, to: to.id, start: stroke[startIndex], end: stroke[tipIndex],
                                                       controls: drawnControls(of: Array(stroke[startIndex...tipIndex])), head: head)],
                              message: "a connector of straight legs → transition \(from.name) \(head == .drawn ? "→" : "—") \(to.name)")
    }
}
