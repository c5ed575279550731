import Foundation

/// Measures of a pen stroke that the recognition rules read: where a drawn circle is, how big,
/// how often it goes round, where an arrow's tip is, how close a point comes to a path.
public enum StrokeGeometry {
    /// The centre of the drawn path: the mean of its points, each segment weighted by its
    /// length. A pen samples unevenly (densely where it slows down), and a plain mean of the
    /// samples drifts towards the slow part; for evenly sampled points the two agree.
    public static func centre(of points: [CanvasPoint]) -> CanvasPoint {
        precondition(!points.isEmpty, "a stroke has points")
        var (sx, sy, total) = (0.0, 0.0, 0.0)
        for (a, b) in zip(points, points.dropFirst()) {
            let length = a.distance(to: b)
            sx += (a.x + b.x) / 2 * length
            sy += (a.y + b.y) / 2 * length
            total += length
        }
        guard total > 0 else {
            return CanvasPoint(x: points.map(\.x).reduce(0, +) / Double(points.count),
                               y: points.map(\.y).reduce(0, +) / Double(points.count))
        }
        return CanvasPoint(x: sx / total, y: sy / total)
    }

    /// The larger side of the path's bounding box.
    public static func extent(of path: [CanvasPoint]) -> Double {
        guard !path.isEmpty else { return 0 }
        let xs = path.map(\.x), ys = path.map(\.y)
        return max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
    }

    /// The mean distance of the path from `centre`, weighted by length as `centre(of:)` is:
    /// a drawn circle's radius.
    public static func meanDistance(of points: [CanvasPoint], from centre: CanvasPoint) -> Double {
        precondition(!points.isEmpty, "a stroke has points")
        var (sum, total) = (0.0, 0.0)
        for (a, b) in zip(points, points.dropFirst()) {
            let length = a.distance(to: b)
            sum += (a.distance(to: centre) + b.distance(to: centre)) / 2 * length
            total += length
        }
        guard total > 0 else { return points.map { $0.distance(to: centre) }.reduce(0, +) / Double(points.count) }
        return sum / total
    }

    /// How many times the path goes round `centre` (unsigned; 1 for one ring, 2 for a ring
    /// drawn twice in one stroke).
    public static func turns(of points: [CanvasPoint], around centre: CanvasPoint) -> Double {
        var angle = 0.0
        for (a, b) in zip(points, points.dropFirst()) {
            var step = atan2(b.y - centre.y, b.x - centre.x) - atan2(a.y - centre.y, a.x - centre.x)
            if step > .pi { step -= 2 * .pi }
            if step < -.pi { step += 2 * .pi }
            angle += step
        }
        return abs(angle) / (2 * .pi)
    }

    /// Where an arrow's tip is: the point farthest from where the pen started. A pen draws
    /// the shaft and then the head at its end (tip → barb → tip → barb), and barbs point back
    /// towards the start, so the farthest point is where the shaft met the head; with no head
    /// it is the stroke's end.
    public static func arrowTipIndex(of points: [CanvasPoint]) -> Int {
        precondition(!points.isEmpty, "a stroke has points")
        let start = points[0]
        var best = 0
        for index in points.indices where points[index].distance(to: start) > points[best].distance(to: start) {
            best = index
        }
        return best
    }

    /// How steadily the path turns one way: its net turning over its total turning (1 for an
    /// arc or a loop, near 0 for a wave, a zigzag or writing, which turn back and forth; 1 for
    /// a straight line, which does not turn at all). Measured on the path redrawn through
    /// `samples` points evenly spaced along it, so that a dense pen's jitter does not count as
    /// turning back.
    public static func steadiness(of path: [CanvasPoint], samples: Int = 16) -> Double {
        let points = resampled(path, count: samples)
        var (net, total) = (0.0, 0.0)
        for (a, (b, c)) in zip(points, zip(points.dropFirst(), points.dropFirst(2))) {
            var turn = atan2(c.y - b.y, c.x - b.x) - atan2(b.y - a.y, b.x - a.x)
            if turn > .pi { turn -= 2 * .pi }
            if turn < -.pi { turn += 2 * .pi }
            net += turn
            total += abs(turn)
        }
        return total == 0 ? 1 : abs(net) / total
    }

    /// How many times the pen's direction goes round along `path`, counterclockwise positive
    /// (in canvas coordinates): a loop turns once, a word written with loops more often.
    public static func netTurns(of path: [CanvasPoint], samples: Int = 48) -> Double {
        let points = resampled(path, count: samples)
        var net = 0.0
        for (a, (b, c)) in zip(points, zip(points.dropFirst(), points.dropFirst(2))) {
            var turn = atan2(c.y - b.y, c.x - b.x) - atan2(b.y - a.y, b.x - a.x)
            if turn > .pi { turn -= 2 * .pi }
            if turn < -.pi { turn += 2 * .pi }
            net += turn
        }
        return net / (2 * .pi)
    }

    /// `count` points evenly spaced along the path, from its first point to its last (the path
    /// itself when it has no length or fewer than two points).
    public static func resampled(_ path: [CanvasPoint], count: Int) -> [CanvasPoint] {
        let lengths = lengths(along: path)
        guard path.count >= 2, count >= 2, let total = lengths.last, total > 0 else { return path }
        var result: [CanvasPoint] = [], segment = 0
        for k in 0..<count {
            let at = total * Double(k) / Double(count - 1)
            while segment < path.count - 2, lengths[segment + 1] < at { segment += 1 }
            let (a, b) = (path[segment], path[segment + 1])
            let span = lengths[segment + 1] - lengths[segment]
            let t = span > 0 ? min(1, max(0, (at - lengths[segment]) / span)) : 0
            result.append(CanvasPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
        }
        return result
    }

    /// How far along the path each of its points lies: 0 for the first, the path's length for
    /// the last (nothing for no points).
    /// A line without the hook where the pen landed: the ink before the point, within its
    /// first `landingHook` points and first fifth, that lies farthest from the line's end
    /// (a hook runs away from the end before the line sets off towards it).
    static func withoutLandingHook(_ line: [CanvasPoint]) -> [CanvasPoint] {
        guard let end = line.last, line.count >= 3 else { return line }
        let lengths = lengths(along: line)
        let reach = min(lengths.last! / 5, landingHook)
        let hook = line.indices.prefix { lengths[$0] <= reach }
        guard let far = hook.max(by: { line[$0].distance(to: end) < line[$1].distance(to: end) }),
              line[far].distance(to: end) - line[0].distance(to: end) >= 1 else { return line }
        return Array(line[far...])
    }

    /// The longest hook, in points, a pen makes where it lands.
    static let landingHook = 15.0

    public static func lengths(along points: [CanvasPoint]) -> [Double] {
        guard !points.isEmpty else { return [] }
        var lengths = [0.0]
        for (a, b) in zip(points, points.dropFirst()) { lengths.append(lengths.last! + a.distance(to: b)) }
        return lengths
    }

    /// The distance from `point` to the segment `a`–`b`.
    public static func distance(from point: CanvasPoint, toSegment a: CanvasPoint, _ b: CanvasPoint) -> Double {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return point.distance(to: a) }
        let t = min(1, max(0, ((point.x - a.x) * dx + (point.y - a.y) * dy) / lengthSquared))
        return point.distance(to: CanvasPoint(x: a.x + t * dx, y: a.y + t * dy))
    }

    /// The distance from `point` to the polyline through `path` (to its point when it has one).
    public static func distance(from point: CanvasPoint, toPath path: [CanvasPoint]) -> Double {
        guard let first = path.first else { return .infinity }
        var best = point.distance(to: first)
        for (a, b) in zip(path, path.dropFirst()) { best = min(best, distance(from: point, toSegment: a, b)) }
        return best
    }
}
