// Letters and digits as a hand writes them: the places the pen aims at, in order, one list per
// pen stroke. Units of the x-height, y down: 0 is the x-height line, 1 the baseline, −0.8 the
// top of an ascender or a capital, 1.8 the foot of a descender.
//
// Left out, since they honestly look like one of the classes: 0 o O and c (a circle or an
// unfinished one), 1 l i I 7 v V and L (a line, a line with a bend, an arrowhead), and
// letters that are little more than one loop (6 9 P q, α), which with a flick at the end
// pass for a self-loop; an a only within words. Every glyph here has a stem, a tail, corners
// or several parts.
// A second stroke is at least 0.6 of the glyph's size: a sparse pen (a point every half of
// the size, at most) still records a point between its ends. So no t or f, whose bars are short.

/// One glyph: its pen strokes as lists of knots.
struct GlyphSkeleton: Sendable {
    /// A place the pen aims at: passed smoothly, or turned at sharply (a corner).
    enum Knot: Sendable {
        case smooth(Double, Double)
        case corner(Double, Double)

        var point: Point {
            switch self {
            case let .smooth(x, y), let .corner(x, y): Point(x, y)
            }
        }
    }

    let name: Character
    let strokes: [[Knot]]

    /// A lower-case glyph of one stroke from the x-height line or the baseline: the kind cursive
    /// writing joins into words.
    var joins: Bool { strokes.count == 1 && "mnuwers".contains(name) }
}

extension GlyphSkeleton {
    /// The glyphs written alone.
    static let all: [GlyphSkeleton] = lowerCase + digits + capitals

    /// Written alone, an a is a loop with a short stem: a self-loop whose end crosses back, to
    /// a classifier. Within a word it reads as writing.
    static let withinWords: [GlyphSkeleton] = all.filter(\.joins) + [
        GlyphSkeleton(name: "a", strokes: [[.smooth(0.9, 0.15), .smooth(0.5, 0), .smooth(0.08, 0.45), .smooth(0.4, 1),
                                            .smooth(0.85, 0.75), .corner(0.95, 0.02), .smooth(0.95, 0.85), .smooth(1.15, 1)]]),
    ]

    static let lowerCase: [GlyphSkeleton] = [
        GlyphSkeleton(name: "b", strokes: [[.smooth(0.05, -0.8), .corner(0, 1), .smooth(0.05, 0.35), .smooth(0.45, 0),
                                            .smooth(0.9, 0.45), .smooth(0.55, 1), .smooth(0.05, 0.92)]]),
        GlyphSkeleton(name: "d", strokes: [[.smooth(0.9, 0.2), .smooth(0.5, 0), .smooth(0.05, 0.5), .smooth(0.4, 1),
                                            .smooth(0.85, 0.7), .corner(0.95, -0.8), .smooth(0.95, 0.85), .smooth(1.1, 1)]]),
        GlyphSkeleton(name: "e", strokes: [[.smooth(0.1, 0.55), .smooth(0.85, 0.45), .smooth(0.75, 0.1), .smooth(0.4, 0),
                                            .smooth(0.05, 0.45), .smooth(0.3, 0.95), .smooth(0.7, 1), .smooth(0.95, 0.85)]]),
        GlyphSkeleton(name: "g", strokes: [[.smooth(0.9, 0.15), .smooth(0.5, 0), .smooth(0.08, 0.4), .smooth(0.45, 0.85),
                                            .smooth(0.85, 0.6), .corner(0.95, 0), .smooth(0.95, 1.3), .smooth(0.6, 1.8),
                                            .smooth(0.1, 1.6)]]),
        GlyphSkeleton(name: "h", strokes: [[.smooth(0, -0.8), .corner(0, 1), .smooth(0.05, 0.4), .smooth(0.45, 0),
                                            .smooth(0.85, 0.3), .smooth(0.9, 1)]]),
        GlyphSkeleton(name: "k", strokes: [[.smooth(0, -0.8), .corner(0, 1), .corner(0.02, 0.5), .corner(0.75, 0),
                                            .corner(0.1, 0.5), .smooth(0.85, 1)]]),
        GlyphSkeleton(name: "m", strokes: [[.smooth(0, 0), .corner(0, 1), .smooth(0.04, 0.35), .smooth(0.35, 0),
                                            .smooth(0.62, 0.3), .corner(0.68, 1), .smooth(0.72, 0.35), .smooth(1.03, 0),
                                            .smooth(1.3, 0.3), .smooth(1.36, 1)]]),
        GlyphSkeleton(name: "n", strokes: [[.smooth(0, 0), .corner(0, 1), .smooth(0.05, 0.35), .smooth(0.4, 0),
                                            .smooth(0.75, 0.3), .smooth(0.8, 1)]]),
        GlyphSkeleton(name: "p", strokes: [[.smooth(0, 0), .corner(0, 1.8), .smooth(0.02, 0.35), .smooth(0.45, 0),
                                            .smooth(0.85, 0.45), .smooth(0.5, 1), .smooth(0.05, 0.9)]]),
        GlyphSkeleton(name: "r", strokes: [[.smooth(0, 0), .corner(0, 1), .smooth(0.05, 0.4), .smooth(0.3, 0.05),
                                            .smooth(0.65, 0.05)]]),
        GlyphSkeleton(name: "s", strokes: [[.smooth(0.8, 0.1), .smooth(0.45, 0), .smooth(0.1, 0.2), .smooth(0.45, 0.5),
                                            .smooth(0.8, 0.8), .smooth(0.45, 1), .smooth(0, 0.88)]]),
        GlyphSkeleton(name: "u", strokes: [[.smooth(0, 0), .smooth(0.05, 0.7), .smooth(0.4, 1), .smooth(0.75, 0.75),
                                            .corner(0.85, 0), .smooth(0.85, 0.85), .smooth(0.95, 1)]]),
        GlyphSkeleton(name: "w", strokes: [[.corner(0, 0), .corner(0.3, 1), .corner(0.6, 0.25), .corner(0.9, 1),
                                            .smooth(1.2, 0)]]),
        GlyphSkeleton(name: "x", strokes: [[.smooth(0, 0), .smooth(0.85, 1)], [.smooth(0.85, 0), .smooth(0, 1)]]),
        GlyphSkeleton(name: "y", strokes: [[.smooth(0, 0), .smooth(0.05, 0.7), .smooth(0.4, 1), .smooth(0.75, 0.75),
                                            .corner(0.85, 0), .smooth(0.85, 1.3), .smooth(0.55, 1.8), .smooth(0.1, 1.55)]]),
        GlyphSkeleton(name: "z", strokes: [[.corner(0, 0), .corner(0.85, 0), .corner(0, 1), .smooth(0.9, 1)]]),
    ]

    static let digits: [GlyphSkeleton] = [
        GlyphSkeleton(name: "2", strokes: [[.smooth(0.05, -0.4), .smooth(0.4, -0.8), .smooth(0.85, -0.5), .smooth(0.75, 0),
                                            .corner(0, 1), .smooth(0.95, 1)]]),
        GlyphSkeleton(name: "3", strokes: [[.smooth(0.05, -0.6), .smooth(0.45, -0.8), .smooth(0.8, -0.55), .smooth(0.65, -0.15),
                                            .corner(0.3, 0.05), .smooth(0.8, 0.3), .smooth(0.75, 0.85), .smooth(0.4, 1),
                                            .smooth(0, 0.8)]]),
        GlyphSkeleton(name: "4", strokes: [[.corner(0.6, -0.8), .corner(0, 0.35), .smooth(1, 0.35)],
                                           [.smooth(0.7, -0.3), .smooth(0.7, 1)]]),
        GlyphSkeleton(name: "5", strokes: [[.corner(0.85, -0.8), .corner(0.15, -0.8), .corner(0.1, -0.05), .smooth(0.5, -0.15),
                                            .smooth(0.9, 0.3), .smooth(0.6, 0.95), .smooth(0.05, 0.85)]]),
        GlyphSkeleton(name: "8", strokes: [[.smooth(0.8, -0.6), .smooth(0.45, -0.8), .smooth(0.1, -0.55), .smooth(0.45, 0.05),
                                            .smooth(0.85, 0.5), .smooth(0.45, 1), .smooth(0.05, 0.55), .smooth(0.45, 0.05),
                                            .smooth(0.8, -0.5), .smooth(0.7, -0.7)]]),
    ]

    static let capitals: [GlyphSkeleton] = [
        GlyphSkeleton(name: "B", strokes: [[.corner(0, 1), .corner(0, -0.8), .smooth(0.65, -0.7), .smooth(0.6, -0.1),
                                            .corner(0.05, 0.05), .smooth(0.8, 0.4), .smooth(0.6, 0.95), .smooth(0, 1)]]),
        GlyphSkeleton(name: "ε", strokes: [[.smooth(0.8, -0.6), .smooth(0.4, -0.8), .smooth(0.05, -0.5), .corner(0.35, 0.05),
                                            .smooth(0, 0.5), .smooth(0.4, 1), .smooth(0.85, 0.8)]]),
        GlyphSkeleton(name: "M", strokes: [[.corner(0, 1), .corner(0.1, -0.8), .corner(0.5, 0.5), .corner(0.9, -0.8),
                                            .smooth(1, 1)]]),
        GlyphSkeleton(name: "N", strokes: [[.corner(0, 1), .corner(0, -0.8), .corner(0.8, 1), .smooth(0.8, -0.8)]]),
        GlyphSkeleton(name: "R", strokes: [[.corner(0, 1), .corner(0, -0.8), .smooth(0.6, -0.75), .smooth(0.75, -0.35),
                                            .smooth(0.5, 0), .corner(0.05, 0.05), .smooth(0.8, 1)]]),
        GlyphSkeleton(name: "W", strokes: [[.corner(0, -0.8), .corner(0.25, 1), .corner(0.5, -0.2), .corner(0.75, 1),
                                            .smooth(1, -0.8)]]),
    ]
}
