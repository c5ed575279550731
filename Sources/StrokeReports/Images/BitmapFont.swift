import StrokeTraining

/// A 5×8 pixel font for labelling PNGs without a font library: lower-case letters (upper
/// case is drawn with them), digits and the punctuation reports need. Any other character
/// is drawn as a hollow box, so nothing is silently dropped.
package enum BitmapFont {
    package static let glyphWidth = 5
    package static let glyphHeight = 8
    /// Horizontal distance from one character to the next.
    package static let advance = 6
    package static let lineHeight = 10

    /// Pixels wide `text` is at `scale`.
    package static func width(of text: String, scale: Int = 1) -> Int {
        max(0, text.count * advance - 1) * scale
    }

    /// Draws `text` with its top-left corner at (`x`, `y`), clipped to the image.
    package static func draw(_ text: String, into image: inout GrayImage, x: Int, y: Int, value: UInt8 = 255, scale: Int = 1) {
        for (index, character) in text.enumerated() {
            let rows = glyph(character)
            let left = x + index * advance * scale
            for (row, bits) in rows.enumerated() {
                for (column, bit) in bits.enumerated() where bit == "#" {
                    for dy in 0..<scale {
                        for dx in 0..<scale {
                            let px = left + column * scale + dx, py = y + row * scale + dy
                            if px >= 0, py >= 0, px < image.width, py < image.height { image[px, py] = value }
                        }
                    }
                }
            }
        }
    }

    /// `text` cut to `count` characters, with an ellipsis mark when it was longer.
    package static func fitted(_ text: String, to count: Int) -> String {
        text.count <= count ? text : String(text.prefix(max(0, count - 1))) + "…"
    }

    /// The rows of a character's glyph, each five `#` or `.` characters.
    static func glyph(_ character: Character) -> [Substring] {
        let key = character.isUppercase ? Character(character.lowercased()) : character
        return (glyphs[key] ?? box).split(separator: " ")
    }

    private static let box = "##### #...# #...# #...# #...# #...# ##### ....."

    /// Eight rows per glyph, top to bottom, separated by spaces; row 7 is for descenders.
    private static let glyphs: [Character: String] = [
        " ": "..... ..... ..... ..... ..... ..... ..... .....",
        "a": "..... ..... .###. ....# .#### #...# .#### .....",
        "b": "#.... #.... ####. #...# #...# #...# ####. .....",
        "c": "..... ..... .###. #.... #.... #.... .###. .....",
        "d": "....# ....# .#### #...# #...# #...# .#### .....",
        "e": "..... ..... .###. #...# ##### #.... .###. .....",
        "f": "..##. .#... ###.. .#... .#... .#... .#... .....",
        "g": "..... ..... .#### #...# #...# .#### ....# .###.",
        "h": "#.... #.... ####. #...# #...# #...# #...# .....",
        "i": "..#.. ..... .##.. ..#.. ..#.. ..#.. .###. .....",
        "j": "...#. ..... ..##. ...#. ...#. ...#. #..#. .##..",
        "k": "#.... #.... #..#. #.#.. ##... #.#.. #..#. .....",
        "l": ".##.. ..#.. ..#.. ..#.. ..#.. ..#.. .###. .....",
        "m": "..... ..... ##.#. #.#.# #.#.# #.#.# #.#.# .....",
        "n": "..... ..... ####. #...# #...# #...# #...# .....",
        "o": "..... ..... .###. #...# #...# #...# .###. .....",
        "p": "..... ..... ####. #...# #...# ####. #.... #....",
        "q": "..... ..... .#### #...# #...# .#### ....# ....#",
        "r": "..... ..... #.##. ##..# #.... #.... #.... .....",
        "s": "..... ..... .#### #.... .###. ....# ####. .....",
        "t": ".#... .#... ###.. .#... .#... .#..# ..##. .....",
        "u": "..... ..... #...# #...# #...# #..## .##.# .....",
        "v": "..... ..... #...# #...# #...# .#.#. ..#.. .....",
        "w": "..... ..... #...# #...# #.#.# #.#.# .#.#. .....",
        "x": "..... ..... #...# .#.#. ..#.. .#.#. #...# .....",
        "y": "..... ..... #...# #...# #...# .#### ....# .###.",
        "z": "..... ..... ##### ...#. ..#.. .#... ##### .....",
        "0": ".###. #...# #..## #.#.# ##..# #...# .###. .....",
        "1": "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###. .....",
        "2": ".###. #...# ....# ...#. ..#.. .#... ##### .....",
        "3": "####. ....# ....# .###. ....# ....# ####. .....",
        "4": "...#. ..##. .#.#. #..#. ##### ...#. ...#. .....",
        "5": "##### #.... ####. ....# ....# #...# .###. .....",
        "6": "..##. .#... #.... ####. #...# #...# .###. .....",
        "7": "##### ....# ...#. ..#.. .#... .#... .#... .....",
        "8": ".###. #...# #...# .###. #...# #...# .###. .....",
        "9": ".###. #...# #...# .#### ....# ...#. .##.. .....",
        ".": "..... ..... ..... ..... ..... ..... ..#.. .....",
        ",": "..... ..... ..... ..... ..... ..#.. ..#.. .#...",
        ":": "..... ..... ..#.. ..... ..... ..#.. ..... .....",
        "%": "##..# ##.#. ...#. ..#.. .#... .#.## #..## .....",
        "-": "..... ..... ..... .###. ..... ..... ..... .....",
        "_": "..... ..... ..... ..... ..... ..... ..... #####",
        "=": "..... ..... ##### ..... ##### ..... ..... .....",
        "+": "..... ..#.. ..#.. ##### ..#.. ..#.. ..... .....",
        "#": ".#.#. .#.#. ##### .#.#. ##### .#.#. .#.#. .....",
        "/": "....# ...#. ...#. ..#.. .#... .#... #.... .....",
        "(": "...#. ..#.. .#... .#... .#... ..#.. ...#. .....",
        ")": ".#... ..#.. ...#. ...#. ...#. ..#.. .#... .....",
        "?": ".###. #...# ....# ...#. ..#.. ..... ..#.. .....",
        "→": "..... ..#.. ...#. ##### ...#. ..#.. ..... .....",
        "…": "..... ..... ..... ..... ..... ..... #.#.# .....",
    ]
}
