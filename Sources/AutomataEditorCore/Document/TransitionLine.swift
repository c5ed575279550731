import Foundation

extension AutomatonDocument.Transition {
    /// The curve as drawn, from `start` to `end`; nil for a straight transition.
    public var curve: CubicCurve? {
        guard isCurved else { return nil }
        return CubicCurve(start: start, control1: controls[0], control2: controls[1], end: end)
    }

    /// Points along the transition's line as drawn, `count` + 1 of them: its curve, its straight
    /// segment, or for a self-loop the circle through its ends (the state's edge and the
    /// loop's outermost point).
    public func linePoints(count: Int = 48) -> [CanvasPoint] {
        if isSelfLoop {
            let middle = CanvasPoint(x: (start.x + end.x) / 2, y: (start.y + end.y) / 2)
            let radius = start.distance(to: end) / 2
            return (0...count).map { i in
                let angle = 2 * Double.pi * Double(i) / Double(count)
                return CanvasPoint(x: middle.x + radius * cos(angle), y: middle.y + radius * sin(angle))
            }
        }
        if let curve { return curve.points(count: count) }
        return (0...count).map { i in
            let u = Double(i) / Double(count)
            return CanvasPoint(x: start.x + (end.x - start.x) * u, y: start.y + (end.y - start.y) * u)
        }
    }
}
