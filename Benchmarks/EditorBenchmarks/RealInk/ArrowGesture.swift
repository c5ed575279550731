import AutomataEditorCore
import Foundation

/// A one-stroke arrow (shaft and head) read from its shape alone. The stroke is split at its
/// sharp corners (where the pen turns into a barb and back); the shaft is the end piece with
/// the longer chord (the first piece when the shaft was drawn first, the last when the head
/// was), the tail is the stroke's end on it, and the tip is the point of the ink farthest
/// along the shaft from the tail (the head's apex, which people often draw a little past
/// where the shaft stopped). Chords, not path lengths: a barb and the way back to the apex
/// can run on without a sharp corner, while a shaft, however curved, goes somewhere.
package struct ArrowGesture: Hashable, Sendable {
    package var tail: CanvasPoint
    package var tip: CanvasPoint

    /// How many points the stroke is resampled to before looking for corners.
    static let samples = 64
    /// A corner turns by at least this many degrees between the points `span` before and after it…
    static let cornerDegrees = 80.0, span = 2
    /// …and is not in the first or last 8% of the stroke (where the pen lands and lifts).
    static let endMargin = 0.08

    /// Nil for a stroke of fewer than two distinct points.
    package init?(stroke: [CanvasPoint]) {
        guard let box = InkBox(stroke), box.largerSide > 0 else { return nil }
        let points = InkGeometry.resampled(stroke, count: Self.samples)
        let corners = Self.corners(of: points)
        var (tail, shaftEnd) = (points[0], points[points.count - 1])
        if let first = corners.first, let last = corners.last {
            let (start, end) = (points[0], points[points.count - 1])
            (tail, shaftEnd) = start.distance(to: points[first]) >= end.distance(to: points[last]) ? (start, points[first]) : (end, points[last])
        }
        let along = InkGeometry.direction(from: tail, to: shaftEnd)
        self.tail = tail
        self.tip = stroke.max { Self.reach($0, from: tail, along) < Self.reach($1, from: tail, along) }!
    }

    /// The unit vector from tail to tip.
    package var direction: (x: Double, y: Double) { InkGeometry.direction(from: tail, to: tip) }

    /// The indices where the evenly resampled path turns sharply (local maxima of the turn).
    static func corners(of points: [CanvasPoint]) -> [Int] {
        let n = points.count
        let turns = points.indices.map { i in i < span || i >= n - span ? 0 : turn(points[i - span], points[i], points[i + span]) }
        let low = max(span, Int(endMargin * Double(n - 1))), high = min(n - span - 1, Int((1 - endMargin) * Double(n - 1)))
        guard low <= high else { return [] }
        return (low...high).filter { i in turns[i] >= cornerDegrees && turns[i] >= turns[i - 1] && turns[i] >= turns[i + 1] }
    }

    /// How many degrees the path a → b → c turns at b.
    static func turn(_ a: CanvasPoint, _ b: CanvasPoint, _ c: CanvasPoint) -> Double {
        let (u, v) = (InkGeometry.direction(from: a, to: b), InkGeometry.direction(from: b, to: c))
        guard (u.x, u.y) != (0, 0), (v.x, v.y) != (0, 0) else { return 0 }
        return acos(max(-1, min(1, u.x * v.x + u.y * v.y))) * 180 / .pi
    }

    private static func reach(_ p: CanvasPoint, from origin: CanvasPoint, _ along: (x: Double, y: Double)) -> Double {
        (p.x - origin.x) * along.x + (p.y - origin.y) * along.y
    }
}
