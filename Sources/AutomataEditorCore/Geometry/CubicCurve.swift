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
    /// (least squares); nil when the points do not determine one (fewer than three, or all in
    /// one place). Each point starts at its share of the path's length, then is moved to the
    /// curve's nearest parameter and the curve fitted again (Newton steps, as in Schneider's
    /// curve fitting), so a high arch or an S fits as closely as a shallow arc.
    public static func fitted(to points: [CanvasPoint]) -> CubicCurve? {
        guard points.count >= 3 else { return nil }
        let lengths = StrokeGeometry.lengths(along: points)
        guard let total = lengths.last, total > 0 else { return nil }
        var parameters = lengths.map { $0 / total }
        guard var curve = fitted(to: points, at: parameters) else { return nil }
        for _ in 0..<4 {
            parameters = zip(points, parameters).map { curve.nearestParameter(to: $0, from: $1) }
            guard let better = fitted(to: points, at: parameters) else { break }
            curve = better
        }
        return curve
    }

    /// The least-squares cubic through `points` placed at `parameters`, ends fixed.
    private static func fitted(to points: [CanvasPoint], at parameters: [Double]) -> CubicCurve? {
        let first = points[0], last = points[points.count - 1]
        // Normal equations for the two inner controls, one 2×2 system shared by x and y.
        var (m11, m12, m22) = (0.0, 0.0, 0.0)
        var (r1x, r1y, r2x, r2y) = (0.0, 0.0, 0.0, 0.0)
        for (point, t) in zip(points, parameters) {
            let s = 1 - t
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

    /// One Newton step from `t` towards the parameter of the curve's point nearest `point`.
    private func nearestParameter(to point: CanvasPoint, from t: Double) -> Double {
        let s = 1 - t
        let p = self.point(at: t)
        // First and second derivatives of the Bézier at t.
        let d1x = 3 * (s * s * (control1.x - start.x) + 2 * s * t * (control2.x - control1.x) + t * t * (end.x - control2.x))
        let d1y = 3 * (s * s * (control1.y - start.y) + 2 * s * t * (control2.y - control1.y) + t * t * (end.y - control2.y))
        let d2x = 6 * (s * (control2.x - 2 * control1.x + start.x) + t * (end.x - 2 * control2.x + control1.x))
        let d2y = 6 * (s * (control2.y - 2 * control1.y + start.y) + t * (end.y - 2 * control2.y + control1.y))
        let (ex, ey) = (p.x - point.x, p.y - point.y)
        let numerator = ex * d1x + ey * d1y
        let denominator = d1x * d1x + d1y * d1y + ex * d2x + ey * d2y
        guard denominator > 1e-12, numerator.isFinite else { return t }
        return min(1, max(0, t - numerator / denominator))
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
