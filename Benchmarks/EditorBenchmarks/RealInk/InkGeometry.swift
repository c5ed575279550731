import AutomataEditorCore
import Foundation

/// The bounding box of some ink.
package struct InkBox: Hashable, Sendable {
    package var minX, minY, maxX, maxY: Double

    /// The box round `points` (all of them finite); nil when there are none.
    package init?<Points: Sequence>(_ points: Points) where Points.Element == CanvasPoint {
        var iterator = points.makeIterator()
        guard let first = iterator.next() else { return nil }
        (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        while let p = iterator.next() {
            (minX, minY, maxX, maxY) = (min(minX, p.x), min(minY, p.y), max(maxX, p.x), max(maxY, p.y))
        }
    }

    package var width: Double { maxX - minX }
    package var height: Double { maxY - minY }
    package var largerSide: Double { max(width, height) }
    package var centre: CanvasPoint { CanvasPoint(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }
}

/// Small plane geometry for reading gestures by their shape. The benchmark keeps its own,
/// apart from the editor's rules, so that what it calls a tip or an apex does not follow them.
package enum InkGeometry {
    /// `count` points evenly spaced along the path (its ends kept).
    package static func resampled(_ path: [CanvasPoint], count: Int) -> [CanvasPoint] {
        guard path.count >= 2, count >= 2 else { return path }
        var along = [0.0]
        for i in 1..<path.count { along.append(along[i - 1] + path[i].distance(to: path[i - 1])) }
        let total = along.last!
        guard total > 0 else { return Array(repeating: path[0], count: count) }
        var result: [CanvasPoint] = []
        var segment = 1
        for k in 0..<count {
            let target = total * Double(k) / Double(count - 1)
            while segment < path.count - 1, along[segment] < target { segment += 1 }
            let span = along[segment] - along[segment - 1]
            let t = span > 0 ? (target - along[segment - 1]) / span : 0
            let (a, b) = (path[segment - 1], path[segment])
            result.append(CanvasPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
        }
        return result
    }

    /// The unit vector from a to b (zero when they coincide).
    package static func direction(from a: CanvasPoint, to b: CanvasPoint) -> (x: Double, y: Double) {
        let length = a.distance(to: b)
        return length > 0 ? ((b.x - a.x) / length, (b.y - a.y) / length) : (0, 0)
    }

    /// `points` moved by (dx, dy).
    package static func moved(_ points: [CanvasPoint], by dx: Double, _ dy: Double) -> [CanvasPoint] {
        points.map { CanvasPoint(x: $0.x + dx, y: $0.y + dy) }
    }

    /// A straight line from a to b with a point every `spacing` points or so, as a pen gives it.
    package static func line(from a: CanvasPoint, to b: CanvasPoint, spacing: Double = 2) -> [CanvasPoint] {
        let steps = max(1, Int((a.distance(to: b) / spacing).rounded()))
        return (0...steps).map { i in
            let t = Double(i) / Double(steps)
            return CanvasPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }
    }

    /// A circle of `radius` round `centre`, drawn as one closed stroke from the top: how a
    /// drawing file shows a state the benchmark placed.
    package static func circle(round centre: CanvasPoint, radius: Double, samples: Int = 48) -> [CanvasPoint] {
        (0...samples).map { i in
            let angle = -Double.pi / 2 + 2 * .pi * Double(i) / Double(samples)
            return CanvasPoint(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
        }
    }
}
