import Foundation
import StrokeModel

// The `other` class: strokes that are none of arrow, circle and cycle, so that a classifier
// learns to say "not a shape" when someone writes, scribbles or doodles on the canvas.
// Shapes that honestly are one of the three stay out: see GlyphSkeletons.swift for letters;
// there are no polygons either (a square or triangle is a badly drawn state).

extension SyntheticStrokes {
    /// The kinds of `other` drawings, with the share of them each makes up.
    public enum OtherFamily: String, CaseIterable, Sendable {
        case handwriting, zigzag, hatching, scribble, crossingOut, tick, wave, spiral, dot, star

        /// Writing is what people most often put on a canvas besides the automaton.
        public var share: Double {
            switch self {
            case .handwriting: 0.30
            case .scribble: 0.14
            case .wave, .crossingOut: 0.10
            case .zigzag, .hatching: 0.08
            case .tick: 0.06
            case .spiral, .star: 0.05
            case .dot: 0.04
            }
        }
    }

    /// A drawing that is none of the three shapes (see `OtherFamily`).
    public static func other(random: inout SeededGenerator) -> [[StrokePoint]] {
        otherParts(random: &random).strokes
    }

    /// An `other` drawing and its family (for tests). All but dots are 30–300 units across.
    public static func otherParts(random: inout SeededGenerator) -> (strokes: [[StrokePoint]], family: OtherFamily) {
        let family = pickFamily(random: &random)
        let drawing: [[Point]] = switch family {
        case .handwriting: handwriting(random: &random)
        case .zigzag: zigzag(random: &random)
        case .hatching: hatching(random: &random)
        case .scribble: scribble(random: &random)
        case .crossingOut: crossingOut(random: &random)
        case .tick: tick(random: &random)
        case .wave: wave(random: &random)
        case .spiral: spiral(random: &random)
        case .dot: dot(random: &random)
        case .star: star(random: &random)
        }
        guard family != .dot else { return (drawing.map(finish), family) }
        let scale = random.between(30, 300) / max(extent(of: drawing.flatMap { $0 }), 1e-9)
        return (drawing.map { finish($0.map { $0 * scale }) }, family)
    }

    private static func pickFamily(random: inout SeededGenerator) -> OtherFamily {
        var roll = Double(random.nextFloat())
        for family in OtherFamily.allCases {
            roll -= family.share
            if roll < 0 { return family }
        }
        return .handwriting
    }
}
