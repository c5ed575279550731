import Testing
@testable import StrokeReports
@testable import StrokeTraining

@Suite struct BitmapFontTests {
    static let characters = Array(" abcdefghijklmnopqrstuvwxyz0123456789.,:%-_=+#/()?→…")

    /// The pixels `text` lights, as (x, y) pairs.
    static func lit(_ text: String, scale: Int = 1) -> Set<[Int]> {
        var image = GrayImage(width: 64 * scale, height: 12 * scale)
        BitmapFont.draw(text, into: &image, x: 1, y: 1, value: 200, scale: scale)
        var points = Set<[Int]>()
        for y in 0..<image.height { for x in 0..<image.width where image[x, y] != 0 { points.insert([x, y]) } }
        #expect(points.allSatisfy { image[$0[0], $0[1]] == 200 })
        return points
    }

    @Test func everyGlyphIsFiveByEightAndNoTwoLookAlike() {
        var seen: [String: Character] = [:]
        for character in Self.characters {
            let rows = BitmapFont.glyph(character)
            #expect(rows.count == BitmapFont.glyphHeight, "\(character)")
            #expect(rows.allSatisfy { $0.count == BitmapFont.glyphWidth && $0.allSatisfy { "#.".contains($0) } }, "\(character)")
            let key = rows.joined(separator: "/")
            #expect(seen[key] == nil, "\(character) looks like \(seen[key].map(String.init) ?? "")")
            seen[key] = character
            #expect(character == " " || key.contains("#"), "\(character) draws something")
        }
    }

    @Test func upperCaseUsesTheLowerCaseGlyphsAndUnknownCharactersABox() {
        #expect(Self.lit("Cycle") == Self.lit("cycle"))
        let box = Self.lit("@")
        #expect(box == Self.lit("€"))
        #expect(box.count == 20, "a hollow 5×7 box lights its 20 edge pixels")
        #expect(!Self.characters.contains { Self.lit(String($0)) == box })
    }

    @Test func textAdvancesSixPixelsPerCharacterAndScales() {
        let one = Self.lit("1"), two = Self.lit("11")
        #expect(two == one.union(one.map { [$0[0] + BitmapFont.advance, $0[1]] }))
        #expect(Self.lit("1", scale: 2).count == 4 * one.count)
        #expect(BitmapFont.width(of: "abc") == 17)
        #expect(BitmapFont.width(of: "abc", scale: 2) == 34)
        #expect(BitmapFont.width(of: "") == 0)
    }

    @Test func drawingIsClippedToTheImage() {
        var image = GrayImage(width: 4, height: 4)
        BitmapFont.draw("#", into: &image, x: -2, y: -3)
        #expect(image.pixels.contains(255))
    }

    @Test func fittedTextEndsWithAnEllipsisWhenCut() {
        #expect(BitmapFont.fitted("circle", to: 10) == "circle")
        #expect(BitmapFont.fitted("circle", to: 4) == "cir…")
        #expect(BitmapFont.fitted("circle", to: 6) == "circle")
    }
}
