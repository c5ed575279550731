import AutomataEditorCore
import Foundation

/// An arrowhead drawn on its own (a caret, a v, the vertex of a check), read from its shape:
/// its apex is the point farthest from the line joining the stroke's two ends, and it opens
/// from the apex towards the middle of those ends.
package struct HeadGesture: Sendable {
    package var stroke: [CanvasPoint]
    package var apex: CanvasPoint
    /// The unit vector from the apex into the opening.
    package var opening: (x: Double, y: Double) { InkGeometry.direction(from: apex, to: mouth) }
    private var mouth: CanvasPoint

    /// Nil for a stroke of fewer than two points, or one with no apex off its ends' line.
    package init?(stroke: [CanvasPoint]) {
        guard stroke.count >= 2, let first = stroke.first, let last = stroke.last else { return nil }
        let apex = stroke.max {
            StrokeGeometry.distance(from: $0, toSegment: first, last) < StrokeGeometry.distance(from: $1, toSegment: first, last)
        }!
        let mouth = CanvasPoint(x: (first.x + last.x) / 2, y: (first.y + last.y) / 2)
        guard apex.distance(to: mouth) > 0 else { return nil }
        (self.stroke, self.apex, self.mouth) = (stroke, apex, mouth)
    }

    /// The stroke scaled so that the larger side of its bounding box is `size`, turned so that
    /// it opens along `direction` (a unit vector), with its apex on `point`.
    package func placed(apexAt point: CanvasPoint, openingAlong direction: (x: Double, y: Double), size: Double) -> [CanvasPoint] {
        let scale = size / max(InkBox(stroke)!.largerSide, .ulpOfOne)
        let turn = atan2(direction.y, direction.x) - atan2(opening.y, opening.x)
        let (c, s) = (cos(turn), sin(turn))
        return stroke.map { p in
            let (x, y) = ((p.x - apex.x) * scale, (p.y - apex.y) * scale)
            return CanvasPoint(x: point.x + c * x - s * y, y: point.y + s * x + c * y)
        }
    }
}
