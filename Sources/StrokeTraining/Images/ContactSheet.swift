/// Images in a grid, enlarged, with gray gutters between them: for a person to look at
/// many small images at once (`strokes synth --sheet`).
public enum ContactSheet {
    /// `rows[r][c]` is a `side × side` image. Each pixel becomes a `scale × scale` block; cells
    /// are `gap` pixels apart (and from the edge). Short rows leave their cells blank.
    public static func render(_ rows: [[[UInt8]]], side: Int, scale: Int = 3, gap: Int = 4) -> GrayImage {
        precondition(side > 0 && scale > 0 && gap >= 0, "positive sizes")
        let cell = side * scale
        let columns = rows.map(\.count).max() ?? 0
        let width = gap + columns * (cell + gap), height = gap + rows.count * (cell + gap)
        var pixels = [UInt8](repeating: 96, count: width * height)  // gutters: mid gray, unlike ink or paper
        for (r, row) in rows.enumerated() {
            for (c, image) in row.enumerated() {
                precondition(image.count == side * side, "every image is \(side)×\(side)")
                let left = gap + c * (cell + gap), top = gap + r * (cell + gap)
                for y in 0..<cell {
                    for x in 0..<cell { pixels[(top + y) * width + left + x] = image[(y / scale) * side + x / scale] }
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }
}
