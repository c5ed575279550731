import Foundation

// Geometry for the `other` strokes: smooth paths through the places a hand aims at, recorded
// as a pen samples them, and turned into place.

/// Catmull–Rom through `knots` (the ends continued straight), `perSegment` points a segment,
/// starting with the first knot: a hand's smooth path through the places it aims at.
func smoothPath(through knots: [Point], perSegment: Int = 12) -> [Point] {
    guard knots.count > 2 else { return knots }
    let padded = [knots[0] * 2 - knots[1]] + knots + [knots[knots.count - 1] * 2 - knots[knots.count - 2]]
    var path = [knots[0]]
    for i in 1..<(padded.count - 2) {
        let (p0, p1, p2, p3) = (padded[i - 1], padded[i], padded[i + 1], padded[i + 2])
        for step in 1...perSegment {
            let t = Double(step) / Double(perSegment), t2 = t * t, t3 = t2 * t
            let a = p1 * 2, b = p2 - p0, c = p0 * 2 - p1 * 5 + p2 * 4 - p3, d = p1 * 3 - p0 - p2 * 3 + p3
            path.append((a + b * t + c * t2 + d * t3) * 0.5)
        }
    }
    return path
}

func pathLength(_ points: [Point]) -> Double {
    points.count < 2 ? 0 : MeasuredPath(points).length
}

/// Whether a pen path is at most `sizes` times as long as it is across: fitted to 28 pixels, a
/// longer one (a dense scribble, many coils) fills the image with ink.
func fitsInkBudget(_ path: [Point], sizes: Double) -> Bool {
    pathLength(path) <= sizes * extent(of: path)
}

/// The larger side of the points' bounding box.
func extent(of points: [Point]) -> Double {
    let (xs, ys) = (points.map(\.x), points.map(\.y))
    guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return 0 }
    return max(maxX - minX, maxY - minY)
}

/// A path measured once, to find points by their distance along it.
private struct MeasuredPath {
    let points: [Point]
    /// `reached[i]`: the distance along the path to `points[i]`.
    let reached: [Double]

    init(_ points: [Point]) {
        self.points = points
        var total = 0.0
        reached = [0] + zip(points, points.dropFirst()).map { a, b in
            let step = b - a
            total += (step * step).sum().squareRoot()
            return total
        }
    }

    var length: Double { reached[reached.count - 1] }

    /// The point `distance` along the path (clamped to its ends).
    func point(at distance: Double) -> Point {
        var (low, high) = (0, points.count - 1)  // reached[low] ≤ distance < reached[high], by bisection
        while high - low > 1 {
            let middle = (low + high) / 2
            if reached[middle] <= distance { low = middle } else { high = middle }
        }
        let span = reached[high] - reached[low]
        guard span > 0 else { return points[low] }
        return points[low] + (points[high] - points[low]) * min(1, max(0, (distance - reached[low]) / span))
    }
}

/// `runs` (pieces that meet at sharp corners, each ending where the next starts) as a pen records
/// them: a point about every `spacing` along each run, unevenly as the pen's speed varies, and
/// each corner exactly, where the pen turns.
func penSamples(of runs: [[Point]], spacing: Double, random: inout SeededGenerator) -> [Point] {
    var result: [Point] = []
    for run in runs where run.count >= 2 {
        let path = MeasuredPath(run), total = path.length
        let count = min(400, max(3, Int(total / max(spacing, 1e-9)) + 1))
        let points = total > 0 ? sampled(count: count, random: &random) { path.point(at: $0 * total) } : run
        result += result.isEmpty ? points : Array(points.dropFirst())
    }
    return result
}

/// Turned by `angle` about the origin.
func rotated(_ points: [Point], by angle: Double) -> [Point] {
    let (c, s) = (cos(angle), sin(angle))
    return points.map { Point($0.x * c - $0.y * s, $0.x * s + $0.y * c) }
}

/// An angle for a mark with no upright: any, but a third near the axes, as a hand on a page moves.
func anyAngle(random: inout SeededGenerator) -> Double {
    random.chance(0.35) ? Double(random.below(4)) * .pi / 2 + random.between(-0.2, 0.2) : random.between(0, 2 * .pi)
}

/// `runs` as a pen records them (`penSamples`, a point every `spacing` of the drawing's size)
/// with a hand's wobble of `unsteadiness` of its size.
func penStroke(_ runs: [[Point]], spacing: ClosedRange<Double> = 0.006...0.03, unsteadiness: ClosedRange<Double> = 0.002...0.01,
               random: inout SeededGenerator) -> [Point] {
    let size = max(extent(of: runs.flatMap { $0 }), 1e-9)
    let points = penSamples(of: runs, spacing: size * random.between(spacing.lowerBound, spacing.upperBound), random: &random)
    return wobbled(points, amplitude: size * random.between(unsteadiness.lowerBound, unsteadiness.upperBound), random: &random)
}
