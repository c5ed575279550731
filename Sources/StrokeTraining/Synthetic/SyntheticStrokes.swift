import Foundation
import StrokeModel

/// Point sequences that look like hand-drawn automaton strokes, one model per class, with the
/// variety people show: size, aspect, orientation, direction, pen sampling density, wobble;
/// and strokes that are none of them (`other`: writing, scribbles, doodles).
/// The same generator state always gives the same strokes.
public enum SyntheticStrokes {
    /// The classes, in label (sorted) order. `other` stays last: drawing i of a class depends on
    /// the class's place here, so appending keeps the other classes' drawings.
    public enum Kind: String, CaseIterable, Sendable {
        case arrow, circle, cycle, other
    }

    /// One drawing of `kind`; 15% of the shapes (not `other`) sampled sparsely (see `sparse`), a point every
    /// 8–50% of the drawing's size.
    public static func strokes(_ kind: Kind, random: inout SeededGenerator) -> [[StrokePoint]] {
        let drawing = switch kind {
        case .arrow: arrow(random: &random)
        case .circle: circle(random: &random)
        case .cycle: cycle(random: &random)
        case .other: other(random: &random)
        }
        // `other` drawings stay dense: sampled sparsely, a wave or a coil becomes a polygon
        // much like a sparsely sampled loop or arrow, and a shape's stroke would be refused.
        guard kind != .other, random.chance(0.15) else { return drawing }
        let points = drawing.joined()
        let (xs, ys) = (points.map(\.x), points.map(\.y))
        let size = max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
        let spacing = size * random.between(0.08, 0.5)
        return drawing.map { sparse($0, spacing: spacing) }
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

    /// A transition: a line in any direction along a random `ArrowShaft` (near straight, an
    /// arc, a gentle S or a return edge's high arch), with a two-barb arrowhead drawn in the
    /// same stroke (tip → barb → tip → barb); a fifth of the near-straight ones without.
    public static func arrow(random: inout SeededGenerator) -> [[StrokePoint]] {
        [arrow(along: ArrowShaft.random(&random), random: &random)]
    }

    /// An arrow along `shaft`, 80–500 units long, in any direction (many along the axes). Its
    /// head is `headShare` of its length when given; else 10–28% (a third of them 4–10%: a
    /// long edge with a head of the usual size).
    public static func arrow(along shaft: ArrowShaft, headShare: Double? = nil, random: inout SeededGenerator) -> [StrokePoint] {
        let length = random.between(80, 500)
        let angle = random.chance(0.4)
            ? Double(Int(random.between(0, 4))) * .pi / 2 + random.between(-0.15, 0.15)
            : random.between(0, 2 * .pi)
        let (c, s) = (cos(angle), sin(angle))
        func placed(_ p: Point) -> Point { Point(p.x * c - p.y * s, p.x * s + p.y * c) * length }
        // Pen samples along the shaft: more on a longer, curved one.
        let count = Int((1 + 2 * abs(shaft.bulge)) / random.between(0.015, 0.05))
        var points = sampled(count: count, random: &random) { placed(shaft.point(at: $0)) }
        points = wobbled(points, amplitude: length * random.between(0.002, 0.012), random: &random)
        // A line without a head is drawn straight: a curve without one is no arrow to anyone.
        if abs(shaft.bulge) > 0.06 || random.chance(0.8), let tip = points.last {
            let heading = unit(placed(Point(cos(shaft.arrival), sin(shaft.arrival))))
            let share = headShare ?? (random.chance(0.35) ? random.between(0.04, 0.1) : random.between(0.1, 0.28))
            points += arrowhead(tip: tip, heading: heading, length: length * share, random: &random)
        }
        return finish(points)
    }

    /// The stroke as a fast pen or a slow tablet samples it: a point about every `spacing`
    /// units along the path, and at each sharp corner (an arrowhead's tip and barb ends, where
    /// a pen slows down); the first and last points stay.
    public static func sparse(_ stroke: [StrokePoint], spacing: Double) -> [StrokePoint] {
        finish(sparsePoints(stroke.map { Point($0.x, $0.y) }, spacing: spacing))
    }

    /// A self-loop at any orientation (above, below or beside its state), ending in an
    /// arrowhead, in the shapes people draw (see `CycleShape`).
    public static func cycle(random: inout SeededGenerator) -> [[StrokePoint]] {
        let parts = cycleParts(random: &random)
        return [parts.loop + parts.head]
    }

    /// The loops people draw for a self-loop.
    public enum CycleShape: CaseIterable, Sendable {
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
    public static func cycleParts(random: inout SeededGenerator) -> (loop: [StrokePoint], head: [StrokePoint], shape: CycleShape) {
        var ellipse = Ellipse(radius: random.between(30, 200), random: &random)
        ellipse.rotation = random.between(0, 2 * .pi)  // loops hang on every side of their state
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
