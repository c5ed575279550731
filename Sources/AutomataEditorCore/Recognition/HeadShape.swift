import Foundation

/// An arrowhead drawn as a stroke of its own: a "V", "^" or "<" (two nearly straight legs
/// meeting at a point, or a rounder "U"), or a closed triangle. Most people draw an arrow as
/// its shaft and then its head; some draw the head first.
struct HeadShape: Hashable {
    /// Where the legs meet: the arrow's tip.
    var apex: CanvasPoint
    /// A unit vector from the apex towards the legs' open ends: back along the shaft.
    var opening: CanvasPoint
    /// The longer leg's length.
    var size: Double

    /// Legs may bow by this share of their length (a hand's V is not ruled; a "U" bows more).
    static let legStray = 0.3
    /// The shorter leg is at least this share of the longer (a tick's short leg qualifies).
    static let legBalance = 0.3
    /// The angle between the legs, in degrees: from a narrow dart to a wide caret.
    static let angles = 12.0...140.0

    /// The head a stroke is drawn as, or nil when it is not one (a line, a loop, a ring, a
    /// letter of more than two strokes' worth of turns). A little hook where the pen landed
    /// or lifted does not count.
    init?(stroke: [CanvasPoint]) {
        guard stroke.count >= 3 else { return nil }
        if let vee = Self.vee(Self.withoutHooks(stroke)) ?? Self.triangle(stroke) ?? Self.retracedVee(stroke) { self = vee } else { return nil }
    }

    /// A V drawn from its point: one barb out and back to the point, then the other out (or
    /// the same backwards, ending with a barb gone over twice). Read without the first pass
    /// along the barb drawn twice.
    private static func retracedVee(_ stroke: [CanvasPoint]) -> HeadShape? {
        func withoutFirstPass(_ path: [CanvasPoint]) -> [CanvasPoint]? {
            guard let start = path.first else { return nil }
            let size = StrokeGeometry.extent(of: path)
            guard size > 0, let back = path.indices.first(where: { i in
                path[i].distance(to: start) <= retraceReturn * size && path[..<i].contains { $0.distance(to: start) >= 0.5 * size }
            }) else { return nil }
            let far = (0..<back).max { path[$0].distance(to: start) < path[$1].distance(to: start) }!
            let barb = path[far].distance(to: start)
            // Out and back along one straight barb (a ring or a loop comes back round), sampled
            // both ways (a loop sampled sparsely may be one point out and one back).
            let alongBarb = path[...back].allSatisfy { StrokeGeometry.distance(from: $0, toSegment: start, path[far]) <= retraceStray * barb }
            guard barb >= shortestRetracedBarb, far >= 2, back - far >= 2, alongBarb else { return nil }
            return Array(path[far...])
        }
        if let rest = withoutFirstPass(stroke), let vee = vee(rest) { return vee }
        if let rest = withoutFirstPass(stroke.reversed()), let vee = vee(rest.reversed()) { return vee }
        return nil
    }

    /// How near its start, in its size, the pen comes back after a barb drawn out and back.
    static let retraceReturn = 0.25
    /// How far, in the barb's length, the pen strays from it going out along it and back.
    static let retraceStray = 0.15
    /// The shortest barb, in points, drawn out and back: a small e (6–9 points) goes out and
    /// back along its bar as sharply.
    static let shortestRetracedBarb = 12.0

    private init(apex: CanvasPoint, towards a: CanvasPoint, _ b: CanvasPoint) {
        let (la, lb) = (max(apex.distance(to: a), 1e-9), max(apex.distance(to: b), 1e-9))
        let (ox, oy) = ((a.x - apex.x) / la + (b.x - apex.x) / lb, (a.y - apex.y) / la + (b.y - apex.y) / lb)
        let norm = max((ox * ox + oy * oy).squareRoot(), 1e-9)
        self.apex = apex
        opening = CanvasPoint(x: ox / norm, y: oy / norm)
        size = max(la, lb)
    }

    /// Two legs drawn once each.
    private static func vee(_ stroke: [CanvasPoint]) -> HeadShape? {
        guard stroke.count >= 3 else { return nil }
        let path = StrokeGeometry.resampled(stroke, count: 25)
        guard path.count == 25, let first = path.first, let last = path.last else { return nil }
        // The apex is where the path strays farthest from the line joining its ends.
        guard let k = (2...(path.count - 3)).max(by: {
            StrokeGeometry.distance(from: path[$0], toSegment: first, last) < StrokeGeometry.distance(from: path[$1], toSegment: first, last)
        }) else { return nil }
        let apex = path[k]
        let (legA, legB) = (first.distance(to: apex), last.distance(to: apex))
        let longer = max(legA, legB)
        guard longer > 0, min(legA, legB) >= legBalance * longer else { return nil }
        let strayA = path[...k].map { StrokeGeometry.distance(from: $0, toSegment: first, apex) }.max() ?? 0
        let strayB = path[k...].map { StrokeGeometry.distance(from: $0, toSegment: apex, last) }.max() ?? 0
        guard strayA <= legStray * legA, strayB <= legStray * legB else { return nil }
        let cosine = ((first.x - apex.x) * (last.x - apex.x) + (first.y - apex.y) * (last.y - apex.y)) / (legA * legB)
        let degrees = acos(max(-1, min(1, cosine))) * 180 / .pi
        // Drawn once along each leg: a shaft with its head in one stroke goes back over a barb.
        let drawnLength = StrokeGeometry.lengths(along: stroke).last ?? 0
        guard angles.contains(degrees), drawnLength <= 1.3 * (legA + legB), corners(of: stroke).count <= 4 else { return nil }
        return HeadShape(apex: apex, towards: first, last)
    }

    /// A closed triangle (an outlined head): three corners, its point the sharpest of them.
    private static func triangle(_ stroke: [CanvasPoint]) -> HeadShape? {
        let size = StrokeGeometry.extent(of: stroke)
        guard let first = stroke.first, let last = stroke.last, size > 0, first.distance(to: last) <= 0.3 * size else { return nil }
        let indices = corners(of: stroke)
        // Straight sides: a ring sampled sparsely also simplifies to three corners, but bows.
        for (i, j) in zip(indices, indices.dropFirst()) where stroke[i...j].contains(where: {
            StrokeGeometry.distance(from: $0, toSegment: stroke[i], stroke[j]) > 0.08 * size
        }) { return nil }
        var corners = indices.map { stroke[$0] }
        if let end = corners.last, let start = corners.first, corners.count > 1, end.distance(to: start) <= 0.3 * size { corners.removeLast() }
        guard corners.count == 3 else { return nil }
        func angle(at i: Int) -> Double {
            let (p, a, b) = (corners[i], corners[(i + 1) % 3], corners[(i + 2) % 3])
            let cosine = ((a.x - p.x) * (b.x - p.x) + (a.y - p.y) * (b.y - p.y)) / max(p.distance(to: a) * p.distance(to: b), 1e-9)
            return acos(max(-1, min(1, cosine)))
        }
        let sharpest = (0..<3).min { angle(at: $0) < angle(at: $1) }!
        guard angle(at: sharpest) < 75 * .pi / 180 else { return nil }
        return HeadShape(apex: corners[sharpest], towards: corners[(sharpest + 1) % 3], corners[(sharpest + 2) % 3])
    }

    /// The stroke without a little hook at either end: a first or last straight piece under a
    /// fifth of its length that turns back on the next (over 100°).
    static func withoutHooks(_ stroke: [CanvasPoint]) -> [CanvasPoint] {
        let vertices = corners(of: stroke)
        guard vertices.count >= 4 else { return stroke }
        let total = StrokeGeometry.lengths(along: stroke).last ?? 0
        func piece(_ i: Int, _ j: Int) -> Double { StrokeGeometry.lengths(along: Array(stroke[vertices[i]...vertices[j]])).last ?? 0 }
        func turnsBack(_ a: CanvasPoint, _ b: CanvasPoint, _ c: CanvasPoint) -> Bool {
            let cosine = ((b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y)) / max(a.distance(to: b) * b.distance(to: c), 1e-9)
            return cosine < cos(100 * .pi / 180)
        }
        var (from, to) = (0, stroke.count - 1)
        let n = vertices.count
        if piece(0, 1) < total / 5, turnsBack(stroke[vertices[0]], stroke[vertices[1]], stroke[vertices[2]]) { from = vertices[1] }
        if piece(n - 2, n - 1) < total / 5, turnsBack(stroke[vertices[n - 3]], stroke[vertices[n - 2]], stroke[vertices[n - 1]]) { to = vertices[n - 2] }
        return from < to ? Array(stroke[from...to]) : stroke
    }

    /// The indices where the path's straight pieces meet, its ends included (Douglas–Peucker
    /// at a seventh of its size, so a hand's jitter does not count): three for a "V" drawn
    /// apart; a shaft with its head in one stroke has more (shaft, barb, barb).
    static func corners(of path: [CanvasPoint], tolerance: Double? = nil) -> [Int] {
        let tolerance = tolerance ?? max(0.15 * StrokeGeometry.extent(of: path), 2.5)
        func split(_ range: ClosedRange<Int>) -> [Int] {
            guard range.count > 2 else { return [range.upperBound] }
            let (a, b) = (path[range.lowerBound], path[range.upperBound])
            let inner = (range.lowerBound + 1)...(range.upperBound - 1)
            let far = inner.max { StrokeGeometry.distance(from: path[$0], toSegment: a, b) < StrokeGeometry.distance(from: path[$1], toSegment: a, b) }!
            guard StrokeGeometry.distance(from: path[far], toSegment: a, b) > tolerance else { return [range.upperBound] }
            return split(range.lowerBound...far) + split(far...range.upperBound)
        }
        return path.isEmpty ? [] : [0] + split(0...(path.count - 1))
    }

    init(_ drawn: DrawnHead) {
        apex = drawn.apex
        opening = drawn.opening
        size = drawn.size
    }

    var drawn: DrawnHead { DrawnHead(apex: apex, opening: opening, size: size) }

    /// How well the head sits on a line's end at `end`, the line running on from there in the
    /// direction `inward`: nil when farther than `reach` or turned away from the line by more
    /// than `alignment` allows (a cosine); otherwise smaller is better.
    func fit(toEnd end: CanvasPoint, inward: CanvasPoint, reach: Double, alignment least: Double = 0.5) -> Double? {
        let distance = apex.distance(to: end)
        let alignment = opening.x * inward.x + opening.y * inward.y
        guard distance <= reach, alignment >= least else { return nil }
        return distance / reach + (1 - alignment)
    }
}

extension StrokeGeometry {
    /// Where a one-stroke arrow's head is: at its tip (the pen goes on past the farthest point
    /// from the start: barbs, or a zigzag at the tip), at its start (drawn head first, then the
    /// shaft away from it), or nowhere (a plain line or curve: the direction waits for a head).
    enum HeadEnd { case tip, start }

    static func headEnd(of stroke: [CanvasPoint]) -> HeadEnd? {
        guard stroke.count >= 3 else { return nil }
        let lengths = lengths(along: stroke)
        let total = lengths.last!
        let tip = arrowTipIndex(of: stroke)
        if isHead(length: total - lengths[tip], shaft: lengths[tip]) { return .tip }
        let reversedTip = arrowTipIndex(of: stroke.reversed())
        let startTip = stroke.count - 1 - reversedTip
        if isHead(length: lengths[startTip], shaft: total - lengths[startTip], share: startHeadShare) { return .start }
        return nil
    }

    /// Ink before the start's tip is a head drawn first only when it is a fifth of the shaft:
    /// more than at the tip, because a pen landing drifts in a hook that long (drawn head first,
    /// the pen comes down a whole barb).
    static let startHeadShare = 0.2

    /// Ink beyond the tip is a head when it is more than a pen's hook.
    private static func isHead(length: Double, shaft: Double, share: Double = 0.08) -> Bool {
        length >= max(6, share * shaft)
    }
}
