import Foundation
import StrokeModel

// The pieces the synthetic strokes are made of: loops on ellipses, arrowheads, pen sampling
// and a hand's wobble. Shared by the stroke kinds here and by drawings of whole automata.

typealias Point = SIMD2<Double>

/// An ellipse to draw loops on.
struct Ellipse {
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
func arrowhead(tip: Point, heading: Point, length: Double, random: inout SeededGenerator) -> [Point] {
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
func line(from a: Point, to b: Point, random: inout SeededGenerator) -> [Point] {
    let count = Int(random.between(3, 8))
    return (1...count).map { a + (b - a) * (Double($0) / Double(count)) }
}

/// `count` points of `curve` over t ∈ 0…1, spaced unevenly as a pen's speed varies.
func sampled(count: Int, random: inout SeededGenerator, _ curve: (Double) -> Point) -> [Point] {
    let easing = random.between(0, 0.7)  // below 1 keeps t increasing
    let phase = random.between(0, 2 * .pi)
    return (0..<count).map { i in
        let u = Double(i) / Double(count - 1)
        let t = u - easing * (sin(2 * .pi * u + phase) - sin(phase)) / (2 * .pi)
        return curve(min(1, max(0, t)))
    }
}

/// A hand's tremor and drift: a slow sum of sines across the path plus a little jitter.
func wobbled(_ points: [Point], amplitude: Double, random: inout SeededGenerator) -> [Point] {
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
func finish(_ points: [Point]) -> [StrokePoint] {
    points.map { StrokePoint(x: ($0.x * 10).rounded() / 10, y: ($0.y * 10).rounded() / 10) }
}

func unit(_ v: Point) -> Point {
    let norm = (v * v).sum().squareRoot()
    return norm > 0 ? v / norm : Point(1, 0)
}

/// Points about `spacing` apart along the path, plus every sharp corner (a turn of more than
/// 70° over two samples either side), first and last kept.
func sparsePoints(_ points: [Point], spacing: Double) -> [Point] {
    guard points.count > 2 else { return points }
    func isCorner(_ i: Int) -> Bool {
        let incoming = points[i] - points[max(0, i - 2)], outgoing = points[min(points.count - 1, i + 2)] - points[i]
        let norms = ((incoming * incoming).sum() * (outgoing * outgoing).sum()).squareRoot()
        return norms > 0 && (incoming * outgoing).sum() / norms < cos(70 * Double.pi / 180)
    }
    var kept = [points[0]]
    var travelled = 0.0
    for i in 1..<points.count {
        let step = points[i] - points[i - 1]
        travelled += (step * step).sum().squareRoot()
        if i == points.count - 1 || travelled >= spacing || isCorner(i) {
            kept.append(points[i])
            travelled = 0
        }
    }
    return kept
}
