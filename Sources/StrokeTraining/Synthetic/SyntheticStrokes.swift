import Foundation
import StrokeModel

/// Point sequences that look like hand-drawn automaton strokes, one model per class, with the
/// variety people show: size, aspect, orientation, direction, pen sampling density, wobble.
/// The same generator state always gives the same strokes.
public enum SyntheticStrokes {
    /// The classes, in label (sorted) order.
    public enum Kind: String, CaseIterable, Sendable {
        case arrow, circle, cycle
    }

    public static func strokes(_ kind: Kind, random: inout SeededGenerator) -> [[StrokePoint]] {
        switch kind {
        case .arrow: arrow(random: &random)
        case .circle: circle(random: &random)
        case .cycle: cycle(random: &random)
        }
    }

    /// A state: an ellipse drawn with 1.0–1.15 turns, so the ends overlap; sometimes a second
    /// ring around the same centre (a final state), as a second stroke or in one go.
    public static func circle(random: inout SeededGenerator) -> [[StrokePoint]] {
        let ellipse = Ellipse(radius: random.between(40, 250), random: &random)
        let direction = random.sign()
        // People mostly start near the top; some anywhere.
        let start = random.chance(0.7) ? -Double.pi / 2 + random.between(-0.8, 0.8) : random.between(0, 2 * .pi)
        let turns = random.between(1.0, 1.15)
        let drift = random.between(-0.12, 0.06)
        // A little inward hook after the ends meet, as in many hand-drawn circles.
        let hook = turns > 1.05 && random.chance(0.6) ? random.between(0.05, 0.18) : 0
        let roll = random.nextFloat()
        if roll < 0.08 {
            // Two rings in one stroke, spiralling inwards so they stay apart.
            let loop = ellipse.loop(start: start, turns: random.between(2.0, 2.12), direction: direction,
                                    drift: -random.between(0.06, 0.1), random: &random)
            return [finish(loop)]
        }
        let first = ellipse.loop(start: start, turns: turns, direction: direction, drift: drift, hook: hook, random: &random)
        guard roll < 0.16 else { return [finish(first)] }
        // A second ring around the first, inside or outside.
        var ring = ellipse
        ring.radius *= random.chance(0.5) ? random.between(0.72, 0.86) : random.between(1.16, 1.35)
        ring.rotation += random.between(-0.2, 0.2)
        ring.centre += SIMD2(random.gaussian(), random.gaussian()) * 0.03 * ellipse.radius
        let second = ring.loop(start: random.between(0, 2 * .pi), turns: random.between(1.0, 1.12),
                               direction: random.chance(0.8) ? direction : -direction, drift: random.between(-0.05, 0.05),
                               random: &random)
        return [finish(first), finish(second)]
    }

    /// A transition: a straight or slightly bent line in any direction, most with a two-barb
    /// arrowhead drawn in the same stroke (tip → barb → tip → barb).
    public static func arrow(random: inout SeededGenerator) -> [[StrokePoint]] {
        let length = random.between(80, 500)
        // Many transitions run along the axes; the rest anywhere.
        let angle = random.chance(0.4)
            ? Double(Int(random.between(0, 4))) * .pi / 2 + random.between(-0.15, 0.15)
            : random.between(0, 2 * .pi)
        let end = SIMD2(cos(angle), sin(angle)) * length
        let normal = SIMD2(-sin(angle), cos(angle))
        let bend = (random.chance(0.15) ? random.between(-0.25, 0.25) : random.between(-0.06, 0.06)) * length
        let control = end / 2 + normal * bend
        let count = Int(1 / random.between(0.015, 0.05))  // pen samples along the shaft
        var points = sampled(count: count, random: &random) { t in
            // Quadratic Bézier from the origin through `control` to `end`.
            control * (2 * t * (1 - t)) + end * (t * t)
        }
        points = wobbled(points, amplitude: length * random.between(0.002, 0.012), random: &random)
        if random.chance(0.8), let tip = points.last {
            let heading = unit(end - control)
            points += arrowhead(tip: tip, heading: heading, length: length * random.between(0.1, 0.28), random: &random)
        }
        return [finish(points)]
    }

    /// A self-loop at any orientation (above, below or beside its state), ending in an
    /// arrowhead, in the shapes people draw (see `CycleShape`).
    public static func cycle(random: inout SeededGenerator) -> [[StrokePoint]] {
        let parts = cycleParts(random: &random)
        return [parts.loop + parts.head]
    }

    /// The loops people draw for a self-loop.
    enum CycleShape: CaseIterable {
        /// 0.55–0.85 of a turn along an ellipse: a wide gap between the ends.
        case open
        /// 0.75–0.92 of a turn whose end curls in towards the centre (the head inside).
        case curled
        /// 0.95–1.12 of a turn: a round loop whose ends cross, told from a circle by its head.
        case crossing
        /// A teardrop: both ends leave and reach a pointed corner (where the state is), crossing there.
        case teardrop
    }

    /// A cycle's loop (ending at the arrowhead's tip) and its arrowhead, apart (for tests).
    static func cycleParts(random: inout SeededGenerator) -> (loop: [StrokePoint], head: [StrokePoint], shape: CycleShape) {
        let ellipse = Ellipse(radius: random.between(30, 200), random: &random)
        let direction = random.sign()
        let start = random.between(0, 2 * .pi), drift = random.between(-0.1, 0.1)
        let shape = CycleShape.allCases[Int(random.between(0, Double(CycleShape.allCases.count)))]
        var loop: [Point]
        switch shape {
        case .open:
            loop = ellipse.loop(start: start, turns: random.between(0.55, 0.85), direction: direction, drift: drift, random: &random)
        case .curled:
            loop = curled(ellipse, start: start, direction: direction, drift: drift, random: &random)
        case .crossing:
            loop = ellipse.loop(start: start, turns: random.between(0.95, 1.12), direction: direction, drift: drift, random: &random)
        case .teardrop:
            loop = teardrop(ellipse, direction: direction, random: &random)
        }
        if shape != .open && random.chance(0.35) {
            // Many start at the state's edge, a little way out, and run into the loop.
            let edge = loop[0] + unit(loop[0] - loop[2]) * ellipse.radius * random.between(0.15, 0.5)
            loop = [edge] + line(from: edge, to: loop[0], random: &random) + loop.dropFirst()
        }
        let heading = unit(loop[loop.count - 1] - loop[loop.count - 3])
        let head = arrowhead(tip: loop[loop.count - 1], heading: heading, length: ellipse.radius * random.between(0.25, 0.65), random: &random)
        return (finish(loop), finish(head), shape)
    }

    /// 0.75–0.92 of a turn whose last tenth to quarter turns in sharply, ending a third to
    /// two thirds of the radius inside.
    private static func curled(_ ellipse: Ellipse, start: Double, direction: Double, drift: Double, random: inout SeededGenerator) -> [Point] {
        let turns = random.between(0.75, 0.92)
        return ellipse.loop(start: start, turns: turns, direction: direction, drift: drift, hook: random.between(0.3, 0.65),
                            hookFrom: turns - random.between(0.1, 0.25), random: &random)
    }

    /// A loop pinched to a corner at its start: (cos t, sin t · sin^m(t/2)) for t over a little
    /// more than a turn, so the pen leaves the corner, goes round and crosses back over it.
    private static func teardrop(_ ellipse: Ellipse, direction: Double, random: inout SeededGenerator) -> [Point] {
        let pinch = random.between(0.4, 1.4)
        let overshoot = random.between(0.03, 0.12)
        let count = max(16, Int(1 / random.between(0.008, 0.03)))
        let rotation = random.between(0, 2 * .pi)
        let (r, aspect) = (ellipse.radius, random.between(0.6, 1.1))
        let points = sampled(count: count, random: &random) { u in
            let t = 2 * .pi * (u * (1 + 2 * overshoot) - overshoot)
            let x = r * cos(t), y = direction * r * aspect * sin(t) * pow(abs(sin(t / 2)), pinch)
            return Point(x * cos(rotation) - y * sin(rotation), x * sin(rotation) + y * cos(rotation))
        }
        return wobbled(points, amplitude: r * random.between(0.005, 0.03), random: &random)
    }
}

// MARK: - Shape pieces

private typealias Point = SIMD2<Double>

/// An ellipse to draw loops on.
private struct Ellipse {
    var centre = Point(0, 0)
    var radius: Double
    var aspect: Double
    var rotation: Double

    /// Random aspect (some round, some flat) and orientation (mostly wide, some tall or tilted).
    init(radius: Double, random: inout SeededGenerator) {
        self.radius = radius
        aspect = random.chance(0.3) ? random.between(0.9, 1) : random.between(0.5, 0.9)
        rotation = random.between(-0.5, 0.5) + (random.chance(0.25) ? .pi / 2 : 0)
    }

    /// A pen path around the ellipse. `drift` changes the radius by that share per turn (the
    /// ends miss each other a little); `hook` pulls the part after `hookFrom` turns inwards,
    /// by that share of the radius at the end.
    func loop(start: Double, turns: Double, direction: Double, drift: Double, hook: Double = 0, hookFrom: Double = 1,
              random: inout SeededGenerator) -> [Point] {
        let count = max(12, Int(turns / random.between(0.006, 0.03)))
        let points = sampled(count: count, random: &random) { t in
            let progress = t * turns
            let beyond = max(0, progress - hookFrom) / max(turns - hookFrom, 1e-9)
            let r = radius * (1 + drift * progress) * (1 - hook * beyond * beyond)
            let theta = start + direction * 2 * .pi * progress
            let local = Point(r * cos(theta), r * aspect * sin(theta))
            return centre + Point(local.x * cos(rotation) - local.y * sin(rotation), local.x * sin(rotation) + local.y * cos(rotation))
        }
        return wobbled(points, amplitude: radius * random.between(0.005, 0.03), random: &random)
    }
}

/// Tip → first barb's end → back to the tip → second barb's end; barbs point back along
/// `heading` at varied angles and lengths.
private func arrowhead(tip: Point, heading: Point, length: Double, random: inout SeededGenerator) -> [Point] {
    let side = random.sign()
    let spread = random.between(0.3, 0.65)
    var result: [Point] = []
    var from = tip
    for (index, sign) in [side, -side].enumerated() {
        let angle = sign * (spread + random.between(-0.12, 0.12))
        let back = -heading
        let direction = Point(back.x * cos(angle) - back.y * sin(angle), back.x * sin(angle) + back.y * cos(angle))
        let end = tip + direction * length * random.between(0.8, 1.2)
        if index == 1 {
            // Back to (near) the tip before the second barb.
            let again = tip + Point(random.gaussian(), random.gaussian()) * length * 0.04
            result += line(from: from, to: again, random: &random)
            from = again
        }
        result += line(from: from, to: end, random: &random)
        from = end
    }
    return result
}

/// Points along a straight pen move, without its start.
private func line(from a: Point, to b: Point, random: inout SeededGenerator) -> [Point] {
    let count = Int(random.between(3, 8))
    return (1...count).map { a + (b - a) * (Double($0) / Double(count)) }
}

/// `count` points of `curve` over t ∈ 0…1, spaced unevenly as a pen's speed varies.
private func sampled(count: Int, random: inout SeededGenerator, _ curve: (Double) -> Point) -> [Point] {
    let easing = random.between(0, 0.7)  // below 1 keeps t increasing
    let phase = random.between(0, 2 * .pi)
    return (0..<count).map { i in
        let u = Double(i) / Double(count - 1)
        let t = u - easing * (sin(2 * .pi * u + phase) - sin(phase)) / (2 * .pi)
        return curve(min(1, max(0, t)))
    }
}

/// A hand's tremor and drift: a slow sum of sines across the path plus a little jitter.
private func wobbled(_ points: [Point], amplitude: Double, random: inout SeededGenerator) -> [Point] {
    guard points.count >= 3 else { return points }
    let waves = (1...3).map { k in
        (size: random.between(0, 1) / Double(k), frequency: random.between(0.5, 2.5) * Double(k), phase: random.between(0, 2 * .pi))
    }
    return points.indices.map { i in
        let before = points[max(0, i - 1)], after = points[min(points.count - 1, i + 1)]
        let tangent = after - before
        let norm = (tangent * tangent).sum().squareRoot()
        guard norm > 0 else { return points[i] }
        let normal = Point(-tangent.y, tangent.x) / norm
        let s = Double(i) / Double(points.count - 1)
        var offset = waves.reduce(0) { $0 + $1.size * sin(2 * .pi * $1.frequency * s + $1.phase) }
        offset += 0.15 * random.gaussian()
        return points[i] + normal * amplitude * offset / 1.5
    }
}

/// Converts to stroke points, as an editor would record them (rounded to 0.1 unit).
private func finish(_ points: [Point]) -> [StrokePoint] {
    points.map { StrokePoint(x: ($0.x * 10).rounded() / 10, y: ($0.y * 10).rounded() / 10) }
}

private func unit(_ v: Point) -> Point {
    let norm = (v * v).sum().squareRoot()
    return norm > 0 ? v / norm : Point(1, 0)
}

private extension SeededGenerator {
    /// Uniform in [low, high).
    mutating func between(_ low: Double, _ high: Double) -> Double { low + (high - low) * Double(nextFloat()) }
    mutating func chance(_ probability: Double) -> Bool { Double(nextFloat()) < probability }
    mutating func sign() -> Double { chance(0.5) ? 1 : -1 }
    mutating func gaussian() -> Double { Double(normal()) }
}
