import Foundation

// Writing: a glyph of `GlyphSkeleton` (or a short cursive word of them) drawn as one person's
// hand would, with its slant, width, size and unsteadiness.

extension SyntheticStrokes {
    /// A handwritten letter or digit (a fifth of them two or three letters joined into a
    /// cursive word), upright within ±12° and slanted −6…+20°, each knot missed a little.
    static func handwriting(random: inout SeededGenerator) -> [[Point]] {
        let skeleton: [[GlyphSkeleton.Knot]]
        if random.chance(0.2) {
            let joining = GlyphSkeleton.withinWords
            let letters = (0..<(2 + random.below(2))).map { _ in joining[random.below(joining.count)] }
            skeleton = [word(letters, random: &random)]
        } else {
            skeleton = GlyphSkeleton.all[random.below(GlyphSkeleton.all.count)].strokes
        }
        return writing(skeleton, random: &random)
    }

    /// A skeleton's strokes written by one random hand, upright within ±12° and slanted −6…+20°.
    static func writing(_ skeleton: [[GlyphSkeleton.Knot]], random: inout SeededGenerator) -> [[Point]] {
        let hand = Hand(random: &random)
        let tilt = random.between(-0.2, 0.2)
        return skeleton.map { knots in
            rotated(penStroke(hand.runs(knots, random: &random), spacing: 0.008...0.035, random: &random), by: tilt)
        }
    }

    /// Letters side by side, each one's end running on into the next one's start.
    private static func word(_ letters: [GlyphSkeleton], random: inout SeededGenerator) -> [GlyphSkeleton.Knot] {
        var knots: [GlyphSkeleton.Knot] = []
        var left = 0.0
        for letter in letters {
            let stroke = letter.strokes[0]
            let width = stroke.map(\.point.x).max() ?? 1
            knots += stroke.map { knot in
                switch knot {
                case let .smooth(x, y): .smooth(x + left, y)
                case let .corner(x, y): .corner(x + left, y)
                }
            }
            left += width + random.between(0.1, 0.35)
        }
        return knots
    }
}

/// One writer's way with the skeletons: how wide, how slanted, how carelessly.
private struct Hand {
    let width: Double, slant: Double, care: Double

    init(random: inout SeededGenerator) {
        width = random.between(0.75, 1.3)
        slant = random.between(-0.1, 0.35)
        care = random.between(0.02, 0.07)
    }

    /// The stroke's smooth runs between its corners, each knot missed by up to a few percent
    /// of the x-height; a corner is the end of one run and the start of the next.
    func runs(_ knots: [GlyphSkeleton.Knot], random: inout SeededGenerator) -> [[Point]] {
        var runs: [[Point]] = []
        var current: [Point] = []
        for (index, knot) in knots.enumerated() {
            let aimed = knot.point + Point(random.gaussian(), random.gaussian()) * care
            // Slant leans the tops (negative y) to the right.
            let placed = Point(aimed.x * width - aimed.y * slant, aimed.y)
            current.append(placed)
            if case .corner = knot, index > 0, index < knots.count - 1 {
                runs.append(current)
                current = [placed]
            }
        }
        runs.append(current)
        return runs.map { smoothPath(through: $0, perSegment: 10) }
    }
}
