// The symbols of the symbol model (transition labels and state names) as hands write them:
// every digit and lower-case letter, ε and λ, each in the one or more ways people commonly
// form it. Same units as GlyphSkeleton: x-height 0…1, y down, −0.8 the top of an ascender or
// a digit, 1.8 the foot of a descender. Unlike the `other` glyphs, nothing is left out here:
// an o that looks like a circle is still an o once the editor knows it is writing.

extension GlyphSkeleton {
    /// Each symbol class, in the model's order, with its ways of being written.
    static let symbolClasses: [(label: String, ways: [GlyphSkeleton])] = {
        let known = Dictionary(grouping: lowerCase + digits + capitals + withinWords.filter { $0.name == "a" }, by: \.name)
        return symbolLabels.map { label in
            let character = Character(label)
            return (label, (known[character] ?? []) + (extraWays[character] ?? []))
        }
    }()

    /// The digits, the letters a–z, then ε and λ (the two ways courses write the empty word).
    static let symbolLabels: [String] = (0...9).map(String.init) + "abcdefghijklmnopqrstuvwxyz".map(String.init) + ["ε", "λ"]

    private static func glyph(_ name: Character, _ strokes: [[Knot]]) -> GlyphSkeleton { GlyphSkeleton(name: name, strokes: strokes) }

    /// The ways GlyphSkeleton's lists leave out (they hold only what cannot pass for a shape).
    private static let extraWays: [Character: [GlyphSkeleton]] = Dictionary(grouping: [
        glyph("0", [[.smooth(0.5, -0.8), .smooth(0.05, 0.1), .smooth(0.5, 1), .smooth(0.95, 0.1), .smooth(0.5, -0.8), .smooth(0.4, -0.7)]]),
        glyph("0", [[.smooth(0.55, -0.8), .smooth(0.1, 0.1), .smooth(0.45, 1), .smooth(0.9, 0.1), .smooth(0.6, -0.75)],
                    [.smooth(0.8, -0.7), .smooth(0.2, 0.9)]]),
        glyph("1", [[.smooth(0.5, -0.8), .smooth(0.5, 1)]]),
        glyph("1", [[.smooth(0.15, -0.45), .corner(0.5, -0.8), .smooth(0.5, 1)]]),
        glyph("1", [[.smooth(0.15, -0.45), .corner(0.5, -0.8), .smooth(0.5, 1)], [.smooth(0.15, 1), .smooth(0.85, 1)]]),
        glyph("4", [[.corner(0.1, -0.8), .corner(0.05, 0.3), .smooth(0.9, 0.3)], [.smooth(0.7, -0.8), .smooth(0.7, 1)]]),
        glyph("6", [[.smooth(0.8, -0.75), .smooth(0.4, -0.6), .smooth(0.05, 0.3), .smooth(0.4, 1), .smooth(0.85, 0.6),
                     .smooth(0.45, 0.15), .smooth(0.08, 0.5)]]),
        glyph("7", [[.corner(0, -0.8), .corner(0.9, -0.8), .smooth(0.35, 1)]]),
        glyph("7", [[.corner(0, -0.8), .corner(0.9, -0.8), .smooth(0.35, 1)], [.smooth(0.3, 0.1), .smooth(0.85, 0.1)]]),
        glyph("9", [[.smooth(0.85, -0.5), .smooth(0.45, -0.8), .smooth(0.1, -0.45), .smooth(0.45, -0.05), .corner(0.85, -0.5),
                     .smooth(0.8, 1)]]),
        glyph("9", [[.smooth(0.85, -0.5), .smooth(0.45, -0.8), .smooth(0.1, -0.45), .smooth(0.45, -0.05), .smooth(0.85, -0.5)],
                    [.smooth(0.85, -0.7), .smooth(0.75, 1)]]),
        glyph("a", [[.smooth(0.85, 0.2), .smooth(0.45, 0), .smooth(0.05, 0.5), .smooth(0.45, 1), .smooth(0.85, 0.7)],
                    [.smooth(0.9, 0), .smooth(0.9, 1)]]),
        glyph("b", [[.smooth(0.05, -0.8), .smooth(0.05, 1)], [.smooth(0.05, 0.3), .smooth(0.5, 0), .smooth(0.9, 0.5), .smooth(0.5, 1),
                                                               .smooth(0.05, 0.85)]]),
        glyph("c", [[.smooth(0.85, 0.15), .smooth(0.45, 0), .smooth(0.05, 0.5), .smooth(0.45, 1), .smooth(0.9, 0.85)]]),
        glyph("d", [[.smooth(0.85, 0.2), .smooth(0.45, 0), .smooth(0.05, 0.5), .smooth(0.45, 1), .smooth(0.85, 0.7)],
                    [.smooth(0.9, -0.8), .smooth(0.9, 1)]]),
        glyph("e", [[.smooth(0.1, 0.5), .corner(0.85, 0.5), .smooth(0.7, 0.1), .smooth(0.4, 0), .smooth(0.05, 0.45),
                     .smooth(0.35, 0.95), .smooth(0.85, 0.85)]]),
        glyph("f", [[.smooth(0.8, -0.7), .smooth(0.5, -0.8), .smooth(0.3, -0.5), .smooth(0.3, 1)], [.smooth(0, 0), .smooth(0.65, 0)]]),
        glyph("h", [[.smooth(0, -0.8), .smooth(0, 1)], [.smooth(0.02, 0.4), .smooth(0.45, 0), .smooth(0.85, 0.3), .smooth(0.9, 1)]]),
        glyph("i", [[.smooth(0.3, 0), .smooth(0.3, 1)], [.smooth(0.3, -0.5), .smooth(0.33, -0.45)]]),
        glyph("i", [[.smooth(0.1, 0.1), .corner(0.3, 0), .smooth(0.3, 0.9), .smooth(0.5, 1)], [.smooth(0.3, -0.5), .smooth(0.33, -0.45)]]),
        glyph("j", [[.smooth(0.5, 0), .smooth(0.5, 1.4), .smooth(0.3, 1.8), .smooth(0, 1.6)], [.smooth(0.5, -0.5), .smooth(0.53, -0.45)]]),
        glyph("k", [[.smooth(0, -0.8), .smooth(0, 1)], [.corner(0.75, 0), .corner(0.05, 0.5), .smooth(0.8, 1)]]),
        glyph("l", [[.smooth(0.3, -0.8), .smooth(0.3, 1)]]),
        glyph("l", [[.smooth(0, 0.8), .smooth(0.5, -0.3), .smooth(0.4, -0.8), .smooth(0.2, -0.4), .smooth(0.25, 0.9), .smooth(0.55, 1)]]),
        glyph("o", [[.smooth(0.5, 0), .smooth(0.05, 0.5), .smooth(0.5, 1), .smooth(0.95, 0.5), .smooth(0.5, 0), .smooth(0.4, 0.05)]]),
        glyph("p", [[.smooth(0, 0), .smooth(0, 1.8)], [.smooth(0.02, 0.3), .smooth(0.45, 0), .smooth(0.85, 0.45), .smooth(0.5, 1),
                                                       .smooth(0.05, 0.9)]]),
        glyph("q", [[.smooth(0.9, 0.15), .smooth(0.5, 0), .smooth(0.08, 0.45), .smooth(0.45, 0.95), .smooth(0.85, 0.65),
                     .corner(0.92, 0), .smooth(0.92, 1.8), .smooth(1.1, 1.6)]]),
        glyph("q", [[.smooth(0.85, 0.2), .smooth(0.45, 0), .smooth(0.05, 0.5), .smooth(0.45, 1), .smooth(0.85, 0.7)],
                    [.smooth(0.9, 0), .smooth(0.9, 1.8)]]),
        glyph("r", [[.smooth(0, 0), .smooth(0, 1)], [.smooth(0.02, 0.4), .smooth(0.3, 0.05), .smooth(0.65, 0.05)]]),
        glyph("t", [[.smooth(0.35, -0.6), .smooth(0.35, 0.85), .smooth(0.5, 1), .smooth(0.7, 0.9)], [.smooth(0, 0), .smooth(0.75, 0)]]),
        glyph("t", [[.smooth(0.35, -0.6), .smooth(0.35, 1)], [.smooth(0, 0), .smooth(0.75, 0)]]),
        glyph("u", [[.smooth(0, 0), .smooth(0.05, 0.7), .smooth(0.4, 1), .smooth(0.75, 0.75), .smooth(0.85, 0)],
                    [.smooth(0.85, 0), .smooth(0.85, 1)]]),
        glyph("v", [[.corner(0, 0), .corner(0.45, 1), .smooth(0.9, 0)]]),
        glyph("v", [[.smooth(0, 0), .smooth(0.15, 0.5), .smooth(0.45, 1), .smooth(0.75, 0.4), .smooth(0.95, 0.05)]]),
        glyph("w", [[.smooth(0, 0), .smooth(0.25, 1), .corner(0.55, 0.3), .smooth(0.85, 1), .smooth(1.1, 0)]]),
        glyph("y", [[.corner(0, 0), .corner(0.45, 0.9)], [.smooth(0.9, 0), .smooth(0.15, 1.8)]]),
        glyph("z", [[.corner(0, 0), .corner(0.85, 0), .corner(0, 1), .smooth(0.9, 1)], [.smooth(0.15, 0.5), .smooth(0.7, 0.5)]]),
        glyph("ε", [[.smooth(0.8, 0.1), .smooth(0.4, 0), .smooth(0.1, 0.25), .corner(0.4, 0.5), .smooth(0.05, 0.75),
                     .smooth(0.4, 1), .smooth(0.85, 0.9)]]),
        glyph("ε", [[.smooth(0.85, 0.1), .smooth(0.45, 0), .smooth(0.05, 0.5), .smooth(0.45, 1), .smooth(0.9, 0.9)],
                    [.smooth(0.05, 0.5), .smooth(0.6, 0.5)]]),
        glyph("λ", [[.smooth(0, -0.8), .smooth(0.3, -0.6), .smooth(0.9, 1)], [.smooth(0.5, 0.1), .smooth(0, 1)]]),
        glyph("λ", [[.smooth(0.1, -0.8), .smooth(0.35, -0.55), .smooth(0.85, 1)], [.smooth(0.48, 0), .smooth(0.05, 1)]]),
    ], by: \.name)
}
