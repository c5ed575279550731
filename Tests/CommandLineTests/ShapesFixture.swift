import Foundation
import StrokeTraining

/// Small datasets of easy shapes written as PNG class folders: `h` horizontal bars, `s` square
/// outlines, `v` vertical bars, at seeded positions and sizes. Fast to train on and, unlike
/// generated strokes, fixed by this file alone.
enum ShapesFixture {
    static let labels = ["h", "s", "v"]

    /// Writes `perClass` images of each of `labels` (any of `h`, `s`, `v`, `other` (a cross),
    /// or another name, drawn as a square) into `folder/<label>/<prefix><n>.png`.
    static func write(
        to folder: URL, labels: [String] = labels, perClass: Int, seed: UInt64, prefix: String = "img"
    ) throws {
        var random = SeededGenerator(seed: seed)
        for label in labels {
            for n in 0..<perClass {
                let image = shape(label, size: 10 + Int(random.next() % 10),
                                  x0: 2 + Int(random.next() % 6), y0: 2 + Int(random.next() % 6),
                                  ink: UInt8(150 + random.next() % 100))
                try PNGWriter.write(image, to: folder.appendingPathComponent("\(label)/\(prefix)\(n).png"))
            }
        }
    }

    private static func shape(_ label: String, size: Int, x0: Int, y0: Int, ink: UInt8) -> GrayImage {
        var image = GrayImage(width: 28, height: 28)
        for y in y0..<(y0 + size) {
            for x in x0..<(x0 + size) {
                let edge = y == y0 || y == y0 + size - 1 || x == x0 || x == x0 + size - 1
                let on = switch label {
                case "h": y == y0 + size / 2
                case "v": x == x0 + size / 2
                case "other": x - x0 == y - y0 || x - x0 == y0 + size - 1 - y
                default: edge
                }
                if on { image[x, y] = ink }
            }
        }
        return image
    }
}
