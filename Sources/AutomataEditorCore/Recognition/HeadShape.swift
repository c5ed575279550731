import Foundation

/// An arrowhead drawn as a stroke of its own: a "V", "^" or "<", two nearly straight legs
/// meeting at a point. Most people draw an arrow as its shaft and then its head; some draw
/// the head first.
struct HeadShape: Hashable {
    /// Where the legs meet: the arrow's tip.
    var apex: CanvasPoint
    /// A unit vector from the apex towards the legs' open ends: back along the shaft.
    var opening: CanvasPoint
    /// The longer leg's length.
    var size: Double

    /// Legs may bow by this share of their length (a hand's V is not ruled).
    static let legStray = 0.22
    /// The shorter leg is at least this share of the longer (a tick's short leg qualifies).
    static let legBalance = 0.3
    /// The angle between the legs, in degrees: from a narrow dart to a wide caret.
    static let angles = 12.0...135.0

    /// The head a stroke is drawn as, or nil when it is not one (a line, a loop, a ring, a
    /// letter of more than two strokes' worth of turns).
    init?(stroke: [CanvasPoint]) {
        guard stroke.count >= 3 else { return nil }
        let path = StrokeGeometry.resampled(stroke, count: 25)
        guard path.count == 25, let first = path.first, let last = path.last else { return nil }
        // The apex is where the path strays farthest from the line joining its ends.
        let inner = 2...(path.count - 3)
        guard let k = inner.max(by: {
            StrokeGeometry.distance(from: path[$0], toSegment: first, last) < StrokeGeometry.distance(from: path[$1], toSegment: first, last)
        }) else { return nil }
        let apex = path[k]
        let (legA, legB) = (first.distance(to: apex), last.distance(to: apex))
        let longer = max(legA, legB)
        guard longer > 0, min(legA, legB) >= Self.legBalance * longer else { return nil }
        let strayA = path[...k].map { StrokeGeometry.distance(from: $0, toSegment: first, apex) }.max() ?? 0
        let strayB = path[k...].map { StrokeGeometry.distance(from: $0, toSegment: apex, last) }.max() ?? 0
        guard strayA <= Self.legStray * legA, strayB <= Self.legStray * legB else { return nil }
        let (a, b) = ((first.x - apex.x) / legA, (first.y - apex.y) / legA)
        let (c, d) = ((last.x - apex.x) / legB, (last.y - apex.y) / legB)
        let degrees = acos(max(-1, min(1, a * c + b * d))) * 180 / .pi
        // Drawn once along each leg: a shaft with its head in one stroke goes back over a barb.
        let drawnLength = StrokeGeometry.lengths(along: stroke).last ?? 0
        guard Self.angles.contains(degrees), drawnLength <= 1.25 * (legA + legB), Self.pieces(of: stroke) == 2 else { return nil }
        let (ox, oy) = (a + c, b + d)
        let norm = (ox * ox + oy * oy).squareRoot()
        guard norm > 0 else { return nil }
        self.apex = apex
        self.opening = CanvasPoint(x: ox / norm, y: oy / norm)
        self.size = longer
    }

    /// How many straight pieces the path is drawn in, at a tolerance of a tenth of its size
    /// (Douglas–Peucker, so a hand's jitter does not count): two for a head drawn apart; a
    /// shaft with its head in one stroke has three or more (shaft, barb, barb).
    static func pieces(of path: [CanvasPoint]) -> Int {
        let xs = path.map(\.x), ys = path.map(\.y)
        let size = max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
        func count(_ range: ClosedRange<Int>) -> Int {
            guard range.count > 2 else { return 1 }
            let (a, b) = (path[range.lowerBound], path[range.upperBound])
            let inner = (range.lowerBound + 1)...(range.upperBound - 1)
            let far = inner.max { StrokeGeometry.distance(from: path[$0], toSegment: a, b) < StrokeGeometry.distance(from: path[$1], toSegment: a, b) }!
            guard StrokeGeometry.distance(from: path[far], toSegment: a, b) > max(0.1 * size, 2.5) else { return 1 }
            return count(range.lowerBound...far) + count(far...range.upperBound)
        }
        return count(0...(path.count - 1))
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
        if isHead(length: lengths[startTip], shaft: total - lengths[startTip]) { return .start }
        return nil
    }

    /// Ink beyond the tip is a head when it is more than a pen's hook.
    private static func isHead(length: Double, shaft: Double) -> Bool {
        length >= max(6, 0.08 * shaft)
    }
}
