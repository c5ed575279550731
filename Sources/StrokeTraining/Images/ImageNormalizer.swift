/// Turns any decoded gray image into the network's input bytes: `side`×`side`,
/// white ink on black, the image fitted with its aspect ratio kept and centred.
public enum ImageNormalizer {
    public static let side = 28
    public static let imageSize = side * side

    /// The 784 input bytes. A 28×28 white-on-black image comes back byte-identical.
    public static func normalize(_ image: GrayImage) -> [UInt8] {
        let whiteOnBlack = isDarkOnLight(image) ? inverted(image) : image
        if whiteOnBlack.width == side && whiteOnBlack.height == side { return whiteOnBlack.pixels }
        return fit(whiteOnBlack, side: side).pixels
    }

    /// True when the background is light: the median of the border pixels is at least mid-gray.
    /// The border is used because strokes cover little of it, while a thick stroke can
    /// cover much of a small image's interior.
    public static func isDarkOnLight(_ image: GrayImage) -> Bool {
        let w = image.width, h = image.height
        guard w > 0, h > 0 else { return false }
        var histogram = [Int](repeating: 0, count: 256)
        image.pixels.withUnsafeBufferPointer { p in
            for y in 0..<h {
                let row = y * w
                if y == 0 || y == h - 1 {
                    for x in 0..<w { histogram[Int(p[row + x])] += 1 }
                } else {
                    histogram[Int(p[row])] += 1
                    if w > 1 { histogram[Int(p[row + w - 1])] += 1 }
                }
            }
        }
        let total = histogram.reduce(0, +)
        var seen = 0
        for value in 0..<256 {
            seen += histogram[value]
            if 2 * seen > total { return value >= 128 }
        }
        return false
    }

    public static func inverted(_ image: GrayImage) -> GrayImage {
        GrayImage(width: image.width, height: image.height, pixels: image.pixels.map { 255 - $0 })
    }

    /// Scales the image to fit `side`×`side` keeping its aspect ratio, centred on black.
    /// Area averaging (each output pixel is the mean of the source area it covers) keeps
    /// thin lines visible when shrinking, where point sampling would drop them.
    public static func fit(_ image: GrayImage, side: Int) -> GrayImage {
        var out = GrayImage(width: side, height: side)
        let w = image.width, h = image.height
        guard w > 0, h > 0, side > 0 else { return out }
        let scale = Double(side) / Double(max(w, h))
        let fittedW = min(side, max(1, Int((Double(w) * scale).rounded())))
        let fittedH = min(side, max(1, Int((Double(h) * scale).rounded())))
        let left = (side - fittedW) / 2, top = (side - fittedH) / 2
        let columns = spans(source: w, target: fittedW)
        let rows = spans(source: h, target: fittedH)

        // Horizontal pass into floats, then vertical pass into the output.
        var horizontal = [Double](repeating: 0, count: h * fittedW)
        image.pixels.withUnsafeBufferPointer { src in
            for y in 0..<h {
                for (x, span) in columns.enumerated() {
                    var sum = 0.0
                    for (k, weight) in span.weights.enumerated() { sum += weight * Double(src[y * w + span.start + k]) }
                    horizontal[y * fittedW + x] = sum
                }
            }
        }
        for (y, span) in rows.enumerated() {
            for x in 0..<fittedW {
                var sum = 0.0
                for (k, weight) in span.weights.enumerated() { sum += weight * horizontal[(span.start + k) * fittedW + x] }
                out[left + x, top + y] = UInt8(min(255, max(0, sum.rounded())))
            }
        }
        return out
    }

    /// For each target pixel, the source pixels it covers and their weights (summing to 1).
    private struct Span {
        var start: Int
        var weights: [Double]
    }

    private static func spans(source: Int, target: Int) -> [Span] {
        let step = Double(source) / Double(target)
        return (0..<target).map { t in
            let from = Double(t) * step, to = Double(t + 1) * step
            let first = Int(from), last = min(source - 1, Int((to - 1e-9).rounded(.up)) - 1)
            let weights = (first...max(first, last)).map { s in
                (min(to, Double(s + 1)) - max(from, Double(s))) / step
            }
            return Span(start: first, weights: weights)
        }
    }
}
