/// A cubic Bézier curve on the canvas: how a curved transition is kept, fitted to the stroke
/// the user drew, and how exports and erasing follow it.
public struct CubicCurve: Hashable, Sendable {
    public var start: CanvasPoint
    public var control1: CanvasPoint
    public var control2: CanvasPoint
    public var end: CanvasPoint

    public init(start: CanvasPoint, control1: CanvasPoint, control2: CanvasPoint, end: CanvasPoint) {
        self.start = start
        self.control1 = control1
        self.control2 = control2
        self.end = end
    }

    /// The point at parameter `t` ∈ 0…1.
    public func point(at t: Double) -> CanvasPoint {
        let s = 1 - t
        let (a, b, c, d) = (s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t)
        return CanvasPoint(x: a * start.x + b * control1.x + c * control2.x + d * end.x,
                           y: a * start.y + b * control1.y + c * control2.y + d * end.y)
    }

    /// `count` + 1 points from start to end, evenly in the parameter.
    public func points(count: Int = 32) -> [CanvasPoint] {
        (0...count).map { point(at: Double($0) / Double(count)) }
    }

    /// The part of the curve between parameters `t0` and `t1` (de Casteljau, twice).
    public func section(from t0: Double, to t1: Double) -> CubicCurve {
        let tail = split(at: t0).after
        let local = t0 < 1 ? (t1 - t0) / (1 - t0) : 0
        return tail.split(at: local).before
    }

    private func split(at t: Double) -> (before: CubicCurve, after: CubicCurve) {
        func lerp(_ a: CanvasPoint, _ b: CanvasPoint) -> CanvasPoint { CanvasPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        let ab = lerp(start, control1), bc = lerp(control1, control2), cd = lerp(control2, end)
        let abc = lerp(ab, bc), bcd = lerp(bc, cd), middle = lerp(abc, bcd)
        return (CubicCurve(start: start, control1: ab, control2: abc, end: middle),
                CubicCurve(start: middle, control1: bcd, control2: cd, end: end))
    }

    /// The cubic from the first to the last of `points` that passes nearest to all of them
    /// (least squares, each point placed at its share of the path's length); nil when the
    /// points do not determine one (fewer than three, or all in one place).
    public static func fitted(to points: [CanvasPoint]) -> CubicCurve? {
        guard points.count >= 3, let first = points.first, let last = points.last else { return nil }
        var lengths = [0.0]
        for (a, b) in zip(points, points.dropFirst()) { lengths.append(lengths.last! + a.distance(to: b)) }
        guard let total = lengths.last, total > 0 else { return nil }
        // Normal equations for the two inner controls, one 2×2 system shared by x and y.
        var (m11, m12, m22) = (0.0, 0.0, 0.0)
        var (r1x, r1y, r2x, r2y) = (0.0, 0.0, 0.0, 0.0)
        for (point, length) in zip(points, lengths) {
            let t = length / total, s = 1 - t
            let (b1, b2) = (3 * s * s * t, 3 * s * t * t)
            let (b0, b3) = (s * s * s, t * t * t)
            let rx = point.x - b0 * first.x - b3 * last.x, ry = point.y - b0 * first.y - b3 * last.y
            m11 += b1 * b1; m12 += b1 * b2; m22 += b2 * b2
            r1x += b1 * rx; r1y += b1 * ry; r2x += b2 * rx; r2y += b2 * ry
        }
        let determinant = m11 * m22 - m12 * m12
        guard abs(determinant) > 1e-12 * max(1, m11 * m22) else { return nil }
        let control1 = CanvasPoint(x: (m22 * r1x - m12 * r2x) / determinant, y: (m22 * r1y - m12 * r2y) / determinant)
        let control2 = CanvasPoint(x: (m11 * r2x - m12 * r1x) / determinant, y: (m11 * r2y - m12 * r1y) / determinant)
        guard control1.x.isFinite, control1.y.isFinite, control2.x.isFinite, control2.y.isFinite else { return nil }
        return CubicCurve(start: first, control1: control1, control2: control2, end: last)
    }
}

extension CanvasPoint {
    /// Where this point goes when the segment `from` is moved onto the segment `to` by turning,
    /// scaling and shifting (so a curve keeps its shape when one of its ends moves). A segment
    /// of no length only shifts.
    public func carried(from: (CanvasPoint, CanvasPoint), to: (CanvasPoint, CanvasPoint)) -> CanvasPoint {
        let (fx, fy) = (from.1.x - from.0.x, from.1.y - from.0.y), (gx, gy) = (to.1.x - to.0.x, to.1.y - to.0.y)
        let norm = fx * fx + fy * fy
        let (zx, zy) = (x - from.0.x, y - from.0.y)
        guard norm > 1e-12 else { return CanvasPoint(x: to.0.x + zx, y: to.0.y + zy) }
        // The similarity as a complex product: z ↦ a·z with a = g / f.
        let (ax, ay) = ((gx * fx + gy * fy) / norm, (gy * fx - gx * fy) / norm)
        return CanvasPoint(x: to.0.x + ax * zx - ay * zy, y: to.0.y + ax * zy + ay * zx)
    }
}
