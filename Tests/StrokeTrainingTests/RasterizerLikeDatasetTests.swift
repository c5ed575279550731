import Foundation
import StrokeModel
import StrokeTraining
import Testing

/// The rasterizer's images of strokes built in code look like the hand-drawn dataset's images
/// of the same class: their ink statistics lie inside the dataset's usual range.
@Suite struct RasterizerLikeDatasetTests {
    typealias F = ShippedModelFixture

    /// One code-built stroke per class, drawn as an editor would (a state 150 points across, a
    /// transition 300 long, nearly level like most of the dataset's, a self-loop opening down).
    static let strokes: [(label: String, stroke: [StrokePoint])] = [
        ("arrow", F.arrow(length: 300, angle: 0.1, x: 2000, y: 500)),
        ("circle", F.circle(size: 150, cx: -800, cy: 300)),
        ("cycle", F.cycle(size: 150, cx: 40, cy: 4000)),
    ]

    static func rasterized(_ stroke: [StrokePoint]) -> [UInt8] {
        StrokeRasterizer(parameters: F.model.rasterizer).rasterize([stroke])
    }

    /// The statistics compared: total ink (in full-white pixels), inked pixels, the brightest
    /// pixel and the mean brightness of the inked pixels (0…255).
    struct InkStatistics {
        static let names = ["total ink", "inked pixels", "max brightness", "mean inked brightness"]
        let values: [Double]

        init(_ image: some Collection<UInt8>) {
            let inked = image.filter { $0 > 0 }
            let total = image.reduce(0) { $0 + Double($1) }
            values = [total / 255, Double(inked.count), Double(image.max() ?? 0),
                      inked.isEmpty ? 0 : inked.reduce(0) { $0 + Double($1) } / Double(inked.count)]
        }
    }

    /// The value below which `share` of the sorted values lie (nearest rank).
    static func percentile(_ sorted: [Double], _ share: Double) -> Double {
        sorted[min(sorted.count - 1, max(0, Int((share * Double(sorted.count - 1)).rounded())))]
    }

    /// The dataset's images of `label`.
    static func images(of label: String, in dataset: Dataset) -> [(image: [UInt8], path: String)] {
        guard let target = dataset.labels.firstIndex(of: label) else { return [] }
        return dataset.targets.indices.filter { dataset.targets[$0] == target }.map { (dataset.image($0), dataset.paths[$0]) }
    }

    /// The dataset image of `label` whose total ink is nearest the class's median: a typical one.
    static func typicalImage(of label: String, in dataset: Dataset) -> (image: [UInt8], path: String)? {
        let all = images(of: label, in: dataset)
        let inks = all.map { InkStatistics($0.image).values[0] }
        guard !inks.isEmpty else { return nil }
        let median = percentile(inks.sorted(), 0.5)
        return all[inks.indices.min { abs(inks[$0] - median) < abs(inks[$1] - median) }!]
    }

    /// Statistics in which the rasterizer does not look like the dataset (measured, and left
    /// failing as known issues so that the suite still guards the others; when the rasterizer
    /// changes so that one of them fits, its known issue goes unrecorded and this test fails:
    /// then take it off this list).
    ///
    /// - The rasterizer's brightest pixel is always `ink` × 255 = 191: a pixel covered by two
    ///   bits of line is as bright as one covered by one (it takes the nearest segment only).
    ///   The dataset's images peak at 210 (arrows), 237 (circles), 228 (cycles) in the median,
    ///   where lines cross or meet; for circles 191 is under the 5th percentile (195).
    /// - The dataset's arrows are fainter and softer than its circles (mean inked brightness 82
    ///   against 102): MNIST Maker scaled its pen with the drawing, and arrows are the longest
    ///   drawings. The fixed-width pen draws an arrow's line as bright as a circle's: fewer
    ///   inked pixels (72–84 at angles from 0 to 0.4 rad, dataset 5th percentile 78) at a
    ///   higher mean brightness (106–113, dataset 95th percentile 99). Total ink does match.
    static let knownMismatches: Set<String> = ["arrow inked pixels", "arrow mean inked brightness", "circle max brightness"]

    @Test(.enabled(if: ShippedModelFixture.datasetExists, "needs ../shared/datasets/automata-strokes"))
    func rasterizedStrokesHaveTheDatasetsInkStatistics() throws {
        let dataset = try #require(F.dataset).images
        var table = ["class   statistic               rasterized   dataset p5 … p50 … p95"]
        for (label, stroke) in Self.strokes {
            let mine = InkStatistics(Self.rasterized(stroke)).values
            let theirs = Self.images(of: label, in: dataset).map { InkStatistics($0.image).values }
            #expect(theirs.count >= 100, "\(theirs.count) dataset images of \(label)")
            for (k, name) in InkStatistics.names.enumerated() {
                let sorted = theirs.map { $0[k] }.sorted()
                let low = Self.percentile(sorted, 0.05), middle = Self.percentile(sorted, 0.5), high = Self.percentile(sorted, 0.95)
                let inside = mine[k] >= low && mine[k] <= high
                let key = "\(label) \(name)"
                table.append(key.padding(toLength: 32, withPad: " ", startingAt: 0)
                    + String(format: "%10.1f   %7.1f … %.1f … %.1f", mine[k], low, middle, high)
                    + (inside ? "" : Self.knownMismatches.contains(key) ? "   outside (known issue)" : "   OUTSIDE"))
                let message: Comment = "\(key): rasterized \(mine[k]), dataset 5th–95th percentile \(low)…\(high)"
                if Self.knownMismatches.contains(key) {
                    withKnownIssue("the rasterizer's \(key) differs from the dataset's") { #expect(inside, message) }
                } else {
                    #expect(inside, message)
                }
            }
        }
        print(table.joined(separator: "\n"))
    }

    /// Writes rasterized | dataset images side by side (4× enlarged, one row per class) to a
    /// folder under the temp dir and prints the path and an ASCII rendering of both. Without the
    /// dataset, the rasterized images alone.
    @Test func writesASideBySideOfRasterizedAndDatasetImages() throws {
        let side = 28, zoom = 4, gap = 8
        let dataset = F.dataset?.images
        let pairs = Self.strokes.map { (label, stroke) in
            (label: label, mine: Self.rasterized(stroke), theirs: dataset.flatMap { Self.typicalImage(of: label, in: $0) })
        }
        let width = (2 * side * zoom) + gap, height = pairs.count * side * zoom + (pairs.count - 1) * gap
        var canvas = GrayImage(width: width, height: height, fill: 40)  // gray between the tiles
        for (row, pair) in pairs.enumerated() {
            for (column, image) in [pair.mine, pair.theirs?.image ?? [UInt8](repeating: 0, count: side * side)].enumerated() {
                let left = column * (side * zoom + gap), top = row * (side * zoom + gap)
                for y in 0..<(side * zoom) {
                    for x in 0..<(side * zoom) { canvas[left + x, top + y] = image[(y / zoom) * side + x / zoom] }
                }
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strokes-rasterizer-vs-dataset")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("rasterized-vs-dataset.png")
        try PNGWriter.write(canvas, to: url)
        #expect(try PNGDecoder.decode(contentsOf: url) == canvas, "the PNG reads back as written")

        var text = ["side by side (rows: \(pairs.map(\.label).joined(separator: ", ")); left rasterized, right dataset): \(url.path)"]
        for pair in pairs {
            let right = pair.theirs.map { "dataset \(pair.label): \(URL(fileURLWithPath: $0.path).lastPathComponent)" } ?? "(no dataset)"
            text.append("")
            text.append("rasterized \(pair.label)".padding(toLength: side + 3, withPad: " ", startingAt: 0) + right)
            text.append("+" + String(repeating: "-", count: side) + "+ +" + String(repeating: "-", count: side) + "+")
            let mine = F.ascii(pair.mine), theirs = pair.theirs.map { F.ascii($0.image) } ?? Array(repeating: String(repeating: " ", count: side), count: side)
            for y in 0..<side { text.append("|" + mine[y] + "| |" + theirs[y] + "|") }
            text.append("+" + String(repeating: "-", count: side) + "+ +" + String(repeating: "-", count: side) + "+")
        }
        print(text.joined(separator: "\n"))
        // Something was drawn on each side.
        for pair in pairs {
            #expect(pair.mine.contains { $0 > 0 })
            if dataset != nil { #expect(pair.theirs?.image.contains { $0 > 0 } == true) }
        }
    }
}
