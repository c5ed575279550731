import Foundation
import StrokeModel
import StrokeTraining

/// The shipped model, the real dataset beside the repository, and simple strokes built in code,
/// for the suites that compare the classifier with training code and the dataset.
enum ShippedModelFixture {
    /// The package root: three folders up from this file (Tests/StrokeTrainingTests/File.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let modelURL = packageRoot.appendingPathComponent("models/automata-classifier.safetensors")
    /// The shared hand-drawn dataset (read in place, never copied); absent on some machines.
    static let datasetURL = packageRoot.appendingPathComponent("../shared/datasets/automata-strokes").standardizedFileURL
    static var datasetExists: Bool { FileManager.default.fileExists(atPath: datasetURL.path) }

    /// The shipped model, read once.
    static let model: ClassifierModel = {
        do { return try ModelFile.read(from: modelURL) } catch {
            fatalError("cannot read the shipped model \(modelURL.path): \(error)")
        }
    }()

    /// The real dataset, loaded once (nil when the folder is absent). Warnings would mean
    /// undecodable files: they are kept to be checked.
    static let dataset: (images: Dataset, warnings: [String])? = {
        guard datasetExists else { return nil }
        var warnings: [String] = []
        do {
            let folder = try DatasetLoader.load(datasetURL) { warnings.append($0) }
            return (folder.train, warnings)
        } catch {
            fatalError("cannot load \(datasetURL.path): \(error)")
        }
    }()

    // MARK: strokes built in code (y grows downwards, as on screen)

    private static func point(_ x: Double, _ y: Double) -> StrokePoint { StrokePoint(x: x, y: y) }

    /// A state: 1.05 turns round a circle `size` across, from the top, clockwise, 60 points.
    static func circle(size: Double, cx: Double = 0, cy: Double = 0) -> [StrokePoint] {
        (0..<60).map { i in
            let theta = -Double.pi / 2 + 2 * .pi * 1.05 * Double(i) / 59
            return point(cx + size / 2 * cos(theta), cy + size / 2 * sin(theta))
        }
    }

    /// Points from a to b, without a, `count` of them.
    private static func move(from a: (x: Double, y: Double), to b: (x: Double, y: Double), count: Int = 4) -> [StrokePoint] {
        (1...count).map { point(a.x + (b.x - a.x) * Double($0) / Double(count), a.y + (b.y - a.y) * Double($0) / Double(count)) }
    }

    /// Tip → barb → tip → barb in one pen move, the barbs pointing back against `heading`,
    /// 0.5 rad either side.
    static func arrowhead(tip: (x: Double, y: Double), heading: Double, length: Double) -> [StrokePoint] {
        let barbs = [heading + .pi - 0.5, heading + .pi + 0.5].map { (x: tip.x + length * cos($0), y: tip.y + length * sin($0)) }
        return move(from: tip, to: barbs[0]) + move(from: barbs[0], to: tip) + move(from: tip, to: barbs[1])
    }

    /// A transition: a straight line `length` long at `angle`, with a two-barb arrowhead.
    static func arrow(length: Double, angle: Double, x: Double = 0, y: Double = 0) -> [StrokePoint] {
        let end = (x: x + length * cos(angle), y: y + length * sin(angle))
        let shaft = (0..<40).map { i in point(x + (end.x - x) * Double(i) / 39, y + (end.y - y) * Double(i) / 39) }
        return shaft + arrowhead(tip: end, heading: angle, length: length * 0.18)
    }

    /// A self-loop: 0.75 turn round a circle `size` across, open at the bottom, clockwise (up
    /// the left side, over the top, down the right), with an arrowhead at its end.
    static func cycle(size: Double, cx: Double = 0, cy: Double = 0) -> [StrokePoint] {
        let r = size / 2, start = Double.pi / 2 + Double.pi / 4
        let loop = (0..<60).map { i in
            let theta = start + 2 * .pi * 0.75 * Double(i) / 59
            return point(cx + r * cos(theta), cy + r * sin(theta))
        }
        let end = start + 2 * .pi * 0.75
        return loop + arrowhead(tip: (cx + r * cos(end), cy + r * sin(end)), heading: end + .pi / 2, length: size * 0.25)
    }

    /// An image as text, one character per pixel from dark to bright.
    static func ascii(_ image: [UInt8], side: Int = 28) -> [String] {
        let ramp = Array(" .:-=+*#%@")
        return (0..<side).map { y in
            String((0..<side).map { x in ramp[min(ramp.count - 1, Int(image[y * side + x]) * ramp.count / 256)] })
        }
    }
}
