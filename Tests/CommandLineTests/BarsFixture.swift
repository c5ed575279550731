import Foundation
import StrokeModel
import StrokeTraining

/// A tiny two-class problem the CLI can be run on: class `h` holds horizontal bars, class `v`
/// vertical bars, and a hand-weighted CNN tells them apart.
enum BarsFixture {
    /// A 28×28 white-on-black image with a 2-pixel bar from 4 to 23 at `offset`.
    static func bar(horizontal: Bool, at offset: Int) -> GrayImage {
        var image = GrayImage(width: 28, height: 28)
        for along in 4..<24 {
            for across in offset..<(offset + 2) {
                if horizontal { image[along, across] = 255 } else { image[across, along] = 255 }
            }
        }
        return image
    }

    /// `h/` with three horizontal bars and one vertical bar filed wrongly (`h/wrong.png`),
    /// `v/` with three vertical bars: a correct model scores [[3, 1], [0, 3]].
    static func writeDataset(in folder: URL) throws {
        for (index, offset) in [6, 11, 17].enumerated() {
            try PNGWriter.write(bar(horizontal: true, at: offset), to: folder.appendingPathComponent("h/\(index).png"))
            try PNGWriter.write(bar(horizontal: false, at: offset + 1), to: folder.appendingPathComponent("v/\(index).png"))
        }
        try PNGWriter.write(bar(horizontal: false, at: 9), to: folder.appendingPathComponent("h/wrong.png"))
    }

    /// conv 3×3×2 pad 1 → relu → maxpool 2 → flatten → dense 2.
    static let architecture = try! Architecture(
        input: TensorShape(channels: 1, height: 28, width: 28),
        layers: [.conv(filters: 2, kernel: 3, padding: 1), .relu, .maxPool(size: 2), .flatten, .dense(units: 2)])

    /// Filter 0 responds to horizontal lines, filter 1 (its transpose) to vertical ones; each
    /// output sums its filter's map. Small dense weights keep the probabilities below 1, so the
    /// reported confidences say something.
    static func model(labels: [String] = ["h", "v"], swapOutputs: Bool = false) -> ClassifierModel {
        let horizontal: [Float] = [-1, -1, -1, 2, 2, 2, -1, -1, -1]
        let vertical: [Float] = [-1, 2, -1, -1, 2, -1, -1, 2, -1]
        let half = 2 * 14 * 14 / 2
        let sumsFirst = [Float](repeating: 0.1, count: half) + [Float](repeating: 0, count: half)
        let sumsSecond = [Float](repeating: 0, count: half) + [Float](repeating: 0.1, count: half)
        let dense = swapOutputs ? sumsSecond + sumsFirst : sumsFirst + sumsSecond
        return ClassifierModel(
            architecture: architecture, labels: labels,
            parameters: [horizontal + vertical, [0, 0], dense, [0, 0]])
    }
}
