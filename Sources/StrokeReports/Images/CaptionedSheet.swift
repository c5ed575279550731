import StrokeTraining

/// Images in a grid, enlarged, each with lines of text under it (`misclassified.png`):
/// for a person to see what the model got wrong and what it said instead.
package enum CaptionedSheet {
    package struct Entry: Sendable {
        /// A `side × side` image.
        package var image: [UInt8]
        /// Lines drawn under the image, each cut to fit its width.
        package var caption: [String]

        package init(image: [UInt8], caption: [String]) {
            self.image = image
            self.caption = caption
        }
    }

    /// Gutter and caption background: darker than any paper, lighter than black ink.
    static let background: UInt8 = 48
    static let textValue: UInt8 = 255

    /// `columns` entries per row; every cell is `side·scale` pixels wide with room for the
    /// longest caption under it. No entries give a sheet with one blank caption line saying so.
    package static func render(_ entries: [Entry], side: Int, scale: Int = 4, columns: Int = 8, gap: Int = 8) -> GrayImage {
        precondition(side > 0 && scale > 0 && columns > 0 && gap >= 0, "positive sizes")
        guard !entries.isEmpty else {
            var empty = GrayImage(width: 2 * gap + BitmapFont.width(of: "none"), height: 2 * gap + BitmapFont.lineHeight, fill: background)
            BitmapFont.draw("none", into: &empty, x: gap, y: gap, value: textValue)
            return empty
        }
        let cell = side * scale
        let lines = entries.map(\.caption.count).max() ?? 0
        let captionHeight = lines == 0 ? 0 : 3 + lines * BitmapFont.lineHeight
        let used = min(columns, entries.count), rows = (entries.count + columns - 1) / columns
        let width = gap + used * (cell + gap), height = gap + rows * (cell + captionHeight + gap)
        var sheet = GrayImage(width: width, height: height, fill: background)
        let charactersPerLine = (cell + 1) / BitmapFont.advance
        for (index, entry) in entries.enumerated() {
            precondition(entry.image.count == side * side, "every image is \(side)×\(side)")
            let left = gap + (index % columns) * (cell + gap)
            let top = gap + (index / columns) * (cell + captionHeight + gap)
            for y in 0..<cell {
                for x in 0..<cell { sheet[left + x, top + y] = entry.image[(y / scale) * side + x / scale] }
            }
            for (line, text) in entry.caption.enumerated() {
                BitmapFont.draw(
                    BitmapFont.fitted(text, to: charactersPerLine), into: &sheet,
                    x: left, y: top + cell + 3 + line * BitmapFont.lineHeight, value: textValue)
            }
        }
        return sheet
    }
}
