import Foundation

// Small marks people make that are not part of an automaton: ticks, wavy lines, spirals,
// dots and stars.

extension SyntheticStrokes {
    /// ✓: a short arm down to the corner, then a long one up to the right, 65–100° apart. The
    /// short arm is 0.3–0.5 of the long one, so the two are never an arrowhead's even barbs;
    /// the long arm rises 35–55° (±12°), so the tick never stands up as an L.
    static func tick(random: inout SeededGenerator) -> [[Point]] {
        let rise = random.between(35, 55) * .pi / 180, opening = random.between(65, 100) * .pi / 180
        let long = Point(cos(-rise), sin(-rise)), short = Point(cos(-rise - opening), sin(-rise - opening))
        let start = short * random.between(0.3, 0.5)
        let bow = Point(-long.y, long.x) * random.gaussian() * 0.04
        let end = long, middle = long * 0.5 + bow
        let runs = random.chance(0.35)
            ? [smoothPath(through: [start, Point(0, 0), middle, end])]  // the corner rounded off
            : [[start, Point(0, 0)], smoothPath(through: [Point(0, 0), middle, end])]
        return [rotated(penStroke(runs, spacing: 0.01...0.04, random: &random), by: random.between(-0.2, 0.2))]
    }

    /// A wavy line: 2–5.5 periods of a sine whose height swells and fades a little, high enough
    /// (at least 20% of its length, peak to peak) never to pass for a wobbly straight line.
    static func wave(random: inout SeededGenerator) -> [[Point]] {
        let periods = random.between(2, 5.5)
        let height = max(random.between(0.25, 0.6), 0.1 * periods)
        let swell = random.between(0, 0.3), phase = random.between(0, 2 * .pi)
        let count = Int(periods * 32)
        let path = (0...count).map { i in
            let u = Double(i) / Double(count), x = u * periods
            return Point(x, height * sin(2 * .pi * x + phase) * (1 + swell * sin(.pi * u)))
        }
        let angle = random.chance(0.6) ? random.between(-0.3, 0.3) + (random.chance(0.2) ? .pi / 2 : 0) : anyAngle(random: &random)
        return [rotated(penStroke([path], spacing: 0.004...0.02, random: &random), by: angle)]
    }

    /// A spiral wound 2.3–3 times from (near) its centre out, its turns evenly apart: clearly
    /// not a state's one ring, nor a final state's two close ones (more turns fill the image).
    static func spiral(random: inout SeededGenerator) -> [[Point]] {
        let turns = random.between(2.3, 3), inner = random.between(0, 0.12)
        let aspect = random.between(0.7, 1), start = random.between(0, 2 * .pi), direction = random.sign()
        let count = Int(turns * 48)
        let path = (0...count).map { i in
            let t = Double(i) / Double(count), radius = inner + (1 - inner) * t
            let angle = start + direction * 2 * .pi * turns * t
            return Point(radius * cos(angle), aspect * radius * sin(angle))
        }
        return [rotated(penStroke([path], spacing: 0.004...0.015, random: &random), by: random.between(0, 2 * .pi))]
    }

    /// A dot or a tiny squiggle, 2–10 units across: fitted to the image, the pen's few jagged
    /// points (a random walk of 6–14 steps, or a smooth path through 4–7 places) fill it.
    static func dot(random: inout SeededGenerator) -> [[Point]] {
        var points: [Point]
        if random.chance(0.5) {
            var at = Point(0, 0), heading = random.between(0, 2 * .pi)
            points = [at] + (0..<(6 + random.below(9))).map { _ in
                heading += random.between(-2.6, 2.6)
                at += Point(cos(heading), sin(heading)) * random.between(0.3, 1)
                return at
            }
        } else {
            let knots = (0..<(4 + random.below(4))).map { _ in Point(random.between(-1, 1), random.between(-1, 1)) }
            points = smoothPath(through: knots, perSegment: 3)
        }
        let size = random.between(2, 10)
        return [points.map { $0 * (size / max(extent(of: points), 1e-9)) }]
    }

    /// A five-pointed star in one stroke (each point joined to the next but one), closed or
    /// nearly, its points' reach varying by a tenth.
    static func star(random: inout SeededGenerator) -> [[Point]] {
        let start = random.between(0, 2 * .pi), aspect = random.between(0.8, 1.1), direction = random.sign()
        var vertices = (0..<5).map { k in
            let angle = start + direction * Double(k) * 4 * .pi / 5, reach = random.between(0.9, 1.1)
            return Point(cos(angle) * reach, sin(angle) * reach * aspect)
        }
        vertices.append(vertices[0] + Point(random.gaussian(), random.gaussian()) * 0.06)
        let runs = zip(vertices, vertices.dropFirst()).map { [$0, $1] }
        return [penStroke(runs, spacing: 0.01...0.04, random: &random)]
    }
}
