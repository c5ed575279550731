import Foundation

// Back-and-forth and tangled strokes: what a pen does when it zigzags, shades, scribbles or
// crosses something out. None has an upright, so each is turned to any angle.

extension SyntheticStrokes {
    /// 4–10 legs alternating between two sides, sharp (seven in ten) or rounded at the turns;
    /// the legs' slope varies from flat to steep, and some zigzags drift sideways as they go.
    static func zigzag(random: inout SeededGenerator) -> [[Point]] {
        let legs = 4 + random.below(7)
        // At most 5 legs per height of length: a flatter zigzag fitted to 28 pixels is a thick line.
        let height = max(random.between(0.7, 4), Double(legs) / 5), drift = random.chance(0.3) ? random.between(-0.5, 0.5) : 0
        let vertices = (0...legs).map { i in
            Point(Double(i) + random.gaussian() * 0.12,
                  (i.isMultiple(of: 2) ? -0.5 : 0.5) * height * random.between(0.8, 1.1) + drift * Double(i))
        }
        let runs = random.chance(0.3) ? [smoothPath(through: vertices)] : zip(vertices, vertices.dropFirst()).map { [$0, $1] }
        return [rotated(penStroke(runs, spacing: 0.005...0.02, random: &random), by: anyAngle(random: &random))]
    }

    /// Shading: 4–7 passes back and forth, each a little beside the last, turning sharply or in
    /// a tight curve; some slanted, some filling a round patch (shorter passes at its edges).
    static func hatching(random: inout SeededGenerator) -> [[Point]] {
        // Together the passes cover 0.4–1.1 of their length across (narrower, or slanted more,
        // is a thick line); at most five unless they span a full length: more, closer together,
        // fill the 28-pixel image with ink.
        let across = random.between(0.4, 1.1)
        let passes = min(4 + random.below(4), across < 1 ? 5 : 7)
        let gap = across / Double(passes), slant = random.chance(0.4) ? random.between(-0.6, 0.6) : 0
        let patch = random.chance(0.3)
        var ends: [Point] = []
        for i in 0...passes {
            let beside = Double(i) * gap
            // A patch: pass length shrinks towards its first and last passes, as over a disc.
            let position = Double(i) / Double(passes) * 2 - 1
            let reach = patch ? (1 - position * position).squareRoot() * 0.85 + 0.15 : 1
            let along = (i.isMultiple(of: 2) ? -0.5 : 0.5) * reach + random.gaussian() * 0.04
            ends.append(Point(along + beside * slant, beside))
        }
        let runs = random.chance(0.5) ? [smoothPath(through: ends)] : zip(ends, ends.dropFirst()).map { [$0, $1] }
        return [rotated(penStroke(runs, spacing: 0.004...0.02, random: &random), by: anyAngle(random: &random))]
    }

    /// A tangle: a smooth pen path through 7–14 random places in a patch (half of them), or a
    /// fast back-and-forth (10–20 strokes) whose middle wanders and whose direction turns as the
    /// hand moves; cut short where it would fill the image.
    static func scribble(random: inout SeededGenerator) -> [[Point]] {
        var knots: [Point]
        if random.chance(0.5) {
            let aspect = random.between(0.4, 1)
            knots = (0..<(7 + random.below(8))).map { _ in Point(random.between(-1, 1), random.between(-aspect, aspect)) }
        } else {
            var middle = Point(0, 0), direction = random.between(0, 2 * .pi)
            let reach = random.between(0.4, 1), turning = random.between(0.05, 0.35)
            // The hand also moves sideways as it goes: in place, the strokes would be one thick line.
            let sideways = random.between(0.04, 0.15)
            knots = (0..<(10 + random.below(11))).map { i in
                middle += Point(-sin(direction), cos(direction)) * sideways + Point(random.gaussian(), random.gaussian()) * 0.08
                direction += random.gaussian() * turning
                let side = (i.isMultiple(of: 2) ? 1.0 : -1.0) * reach * random.between(0.6, 1)
                return middle + Point(cos(direction), sin(direction)) * side
            }
        }
        var path = smoothPath(through: knots)
        while knots.count > 6, !fitsInkBudget(path, sizes: 6) {
            knots.removeLast()
            path = smoothPath(through: knots)
        }
        return [rotated(penStroke([path], spacing: 0.004...0.02, random: &random), by: anyAngle(random: &random))]
    }

    /// Crossing out: a coil (3–7 loops along a line, like a cursive ℓℓℓ, 45%), an X of two
    /// strokes crossing at 50–130° (30%), or two parallel strokes a quarter to 0.6 of their
    /// length apart (=, 25%; closer or converging, they would be an arrowhead's two barbs).
    static func crossingOut(random: inout SeededGenerator) -> [[Point]] {
        let roll = random.nextFloat()
        guard roll < 0.55 else { return [coil(random: &random)] }
        let first = anyAngle(random: &random)
        let crossing = roll < 0.3
        let second = crossing ? first + random.sign() * random.between(50, 130) * .pi / 180 : first + random.gaussian() * 0.03
        let apart = crossing ? 0 : random.between(0.25, 0.6)
        return [(first, -apart / 2), (second, apart / 2)].map { angle, offset in
            // A slightly bowed line through (near) the middle. Lengths within 15% of each other:
            // the shorter keeps a point between its ends however sparsely the pen samples (a
            // point every half of the drawing's size at most).
            let length = random.between(0.85, 1.15), bow = random.gaussian() * 0.04
            let shift = Point(random.gaussian() * 0.08, crossing ? random.gaussian() * 0.06 : 0) + Point(0, offset)
            let knots = [Point(-length / 2, 0), Point(0, bow), Point(length / 2, 0)].map { $0 + shift }
            return rotated(penStroke([smoothPath(through: knots)], spacing: 0.01...0.04, random: &random), by: angle)
        }
    }

    /// Loops advancing along a line: the point on a turning wheel of radius r rolling d a turn
    /// (loops form while d < 2πr); fewer loops where they would fill the image.
    private static func coil(random: inout SeededGenerator) -> [Point] {
        let flatness = random.between(0.6, 1.2), phase = random.between(0, 2 * .pi)
        // Each loop 0.8–1.8 radii on from the last (closer, three loops are a circle drawn over
        // and over), the whole at most four times as long as high (2 × flatness), or the loops
        // shrink to a thick line.
        let longest = 8 * flatness - 2
        let advance = random.between(0.8, max(0.8, min(1.8, longest / 3)))
        var loops = max(3, min(random.between(3, 7), longest / advance))
        func path() -> [Point] {
            let count = Int(loops * 40)
            return (0...count).map { i in
                let t = Double(i) / Double(count) * loops * 2 * .pi
                return Point(advance * t / (2 * .pi) - sin(t + phase), flatness * cos(t + phase))
            }
        }
        while loops > 3, !fitsInkBudget(path(), sizes: 5.5) { loops -= 0.5 }
        return rotated(penStroke([path()], spacing: 0.003...0.015, random: &random), by: anyAngle(random: &random))
    }
}
