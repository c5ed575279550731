import Foundation
import StrokeModel

/// Why a synthetic dataset could not be written. Each description names the path and says what to do.
public enum SyntheticDatasetError: Error, Equatable, CustomStringConvertible {
    case notOurs(String)
    case writeFailed(String, reason: String)

    public var description: String {
        switch self {
        case let .notOurs(path):
            "\(path) exists and is not a synthetic dataset written by `strokes synth`; choose a new or empty folder"
        case let .writeFailed(path, reason):
            "cannot write \(path) (\(reason)); check that the folder is writable and the disk is not full"
        }
    }
}

/// One generated drawing: its class, its pen strokes and the pen that draws it.
public struct SyntheticDrawing: Sendable, Equatable {
    public let kind: SyntheticStrokes.Kind
    public let strokes: [[StrokePoint]]
    /// The rasterizer with this drawing's line width and ink: people's pens and pressure vary.
    public let pen: RasterizerParameters
}

/// The built-in dataset: synthetic strokes drawn by the same rasterizer the editor uses.
public enum SyntheticDataset {
    /// The README's first line; it marks a folder as ours, so writing again may replace it.
    static let marker = "# Synthetic automaton strokes"
    /// Every README first line of a dataset folder the project writes and may replace.
    static let markers = [marker, SyntheticSymbols.marker, HandwritingCollections.marker]

    /// `perClass` drawings of each class, class by class. Drawing i of a class depends only on
    /// the seed, the class and i, so a larger `perClass` keeps the drawings of a smaller one.
    /// Each has its own pen: line width 0.75–1.35× `base`'s, with ink set so that the ink per
    /// unit of length varies by ±25% around `base`'s.
    public static func drawings(perClass: Int, seed: UInt64, base: RasterizerParameters = RasterizerParameters()) -> [SyntheticDrawing] {
        precondition(perClass >= 0, "perClass must not be negative")
        let root = SeededGenerator(seed: seed)
        return SyntheticStrokes.Kind.allCases.enumerated().flatMap { target, kind in
            (0..<perClass).map { i in
                var random = root.derived(UInt64(target) << 32 | UInt64(i))
                let strokes = SyntheticStrokes.strokes(kind, random: &random)
                return SyntheticDrawing(kind: kind, strokes: strokes, pen: pen(base: base, random: &random))
            }
        }
    }

    /// A person's pen: line width 0.75–1.35× `base`'s, with ink set so that the ink per unit of
    /// length varies by ±25% around `base`'s.
    static func pen(base: RasterizerParameters, random: inout SeededGenerator) -> RasterizerParameters {
        var pen = base
        pen.lineWidth = base.lineWidth * (0.75 + 0.6 * Double(random.nextFloat()))
        let inkPerLength = base.lineWidth * base.ink * (0.75 + 0.5 * Double(random.nextFloat()))
        pen.ink = min(1, max(0.45, inkPerLength / pen.lineWidth))
        return pen
    }

    /// `drawings`, each drawn with its pen, as a dataset labelled by class name.
    public static func render(_ drawings: [SyntheticDrawing]) -> Dataset {
        let kinds = SyntheticStrokes.Kind.allCases
        return rasterize(drawings.map { (kinds.firstIndex(of: $0.kind)!, $0.strokes, $0.pen) }, labels: kinds.map(\.rawValue))
    }

    /// Drawings as a dataset: each drawn with its own pen, filed under `labels[target]`.
    static func rasterize(_ drawings: [(target: Int, strokes: [[StrokePoint]], pen: RasterizerParameters)], labels: [String]) -> Dataset {
        var images = [UInt8](repeating: 0, count: drawings.count * Dataset.imageSize)
        var counts = [Int](repeating: 0, count: labels.count)
        var paths: [String] = []
        images.withUnsafeMutableBufferPointer { all in
            for (index, drawing) in drawings.enumerated() {
                let rasterizer = StrokeRasterizer(parameters: drawing.pen)
                precondition(rasterizer.pixelCount == Dataset.imageSize, "synthetic images are \(ImageNormalizer.side)×\(ImageNormalizer.side)")
                let slot = UnsafeMutableBufferPointer(rebasing: all[index * Dataset.imageSize..<(index + 1) * Dataset.imageSize])
                rasterizer.rasterize(drawing.strokes, into: slot)
                paths.append("synthetic/\(labels[drawing.target])/\(fileName(counts[drawing.target]))")
                counts[drawing.target] += 1
            }
        }
        return Dataset(labels: labels, images: images, targets: drawings.map(\.target), paths: paths)
    }

    /// `render(drawings(perClass:seed:base:))`.
    public static func generate(perClass: Int, seed: UInt64, base: RasterizerParameters = RasterizerParameters()) -> Dataset {
        render(drawings(perClass: perClass, seed: seed, base: base))
    }

    /// Writes `dataset` as one folder of 28×28 PNGs per class (`label/00012.png`), each file
    /// atomically, with `drawings` (when given, one per image in the same order) beside them as
    /// JSON drawing files (`label/00012.json`, the format `strokes predict --strokes` reads),
    /// then a README.md. A folder written before is replaced (stale files removed); any other
    /// non-empty folder is refused. Give `seed` and `parameters` to record them.
    public static func write(
        _ dataset: Dataset, drawings: [SyntheticDrawing] = [], to folder: URL, seed: UInt64? = nil,
        parameters: RasterizerParameters? = nil
    ) throws(SyntheticDatasetError) {
        try write(dataset, strokes: drawings.map(\.strokes), to: folder,
                  readme: readme(dataset, seed: seed, parameters: parameters, withDrawings: !drawings.isEmpty))
    }

    /// `write`, with each image's strokes (or none) and the README's text given.
    static func write(_ dataset: Dataset, strokes drawings: [[[StrokePoint]]], to folder: URL, readme text: String) throws(SyntheticDatasetError) {
        precondition(drawings.isEmpty || drawings.count == dataset.count, "one drawing per image")
        try checkReplaceable(folder)
        var written: Set<String> = []
        var next = [Int](repeating: 0, count: dataset.labels.count)
        for index in 0..<dataset.count {
            let target = dataset.targets[index]
            let relative = "\(dataset.labels[target])/\(fileName(next[target]))"
            next[target] += 1
            let url = folder.appendingPathComponent(relative)
            let image = GrayImage(width: ImageNormalizer.side, height: ImageNormalizer.side, pixels: dataset.image(index))
            do {
                try PNGWriter.write(image, to: url)
            } catch let .writeFailed(_, reason) {
                throw .writeFailed(url.path, reason: reason)
            } catch {
                throw .writeFailed(url.path, reason: error.description)
            }
            written.insert(relative)
            if !drawings.isEmpty {
                let json = url.deletingPathExtension().appendingPathExtension("json")
                do {
                    try AtomicFile.write(DrawingFile.text(ofStrokes: drawings[index]), to: json)
                } catch {
                    throw .writeFailed(json.path, reason: error.localizedDescription)
                }
                written.insert(String(relative.dropLast(4)) + ".json")
            }
        }
        removeStaleFiles(in: folder, labels: dataset.labels, keeping: written)
        let readme = folder.appendingPathComponent("README.md")
        do {
            try AtomicFile.write(text, to: readme)
        } catch {
            throw .writeFailed(readme.path, reason: error.localizedDescription)
        }
    }

    static func fileName(_ index: Int) -> String {
        let digits = String(index)
        return String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// A missing or empty folder, or one whose README says we wrote it.
    private static func checkReplaceable(_ folder: URL) throws(SyntheticDatasetError) {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        guard entries.contains(where: { !$0.hasPrefix(".") }) else {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
                throw .notOurs(folder.path)
            }
            return
        }
        let readme = try? String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
        guard let readme, markers.contains(where: readme.hasPrefix) else { throw .notOurs(folder.path) }
    }

    /// Images of an earlier, larger run would otherwise be loaded with the new ones.
    private static func removeStaleFiles(in folder: URL, labels: [String], keeping written: Set<String>) {
        for label in labels {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(label).path)) ?? []
            for name in names where isOurFileName(name) && !written.contains("\(label)/\(name)") {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(label).appendingPathComponent(name))
            }
        }
    }

    private static func isOurFileName(_ name: String) -> Bool {
        let stem = name.hasSuffix(".png") ? name.dropLast(4) : name.hasSuffix(".json") ? name.dropLast(5) : ""
        return stem.count >= 5 && stem.allSatisfy { $0.isASCII && $0.isNumber }
    }

    static func readme(_ dataset: Dataset, seed: UInt64?, parameters: RasterizerParameters?, withDrawings: Bool = false) -> String {
        let counts = zip(dataset.labels, dataset.classCounts).map { "| \($0) | \($1) |" }.joined(separator: "\n")
        var how = "strokes synth --out FOLDER --per-class \(dataset.classCounts.max() ?? 0)"
        if let seed { how += " --seed \(seed)" }
        let rasterizer = parameters.map {
            "side \($0.side) px, line width \($0.lineWidth) px, margin \($0.margin) px, ink \($0.ink)"
        } ?? "not recorded"
        let files = withDrawings
            ? "one folder per class of 28×28 8-bit gray PNGs (MNIST Maker style), each with the drawing it was made from beside it (`00012.png` and `00012.json`: a list of strokes, each a list of `[x, y]` points, as `strokes predict --strokes` and `strokes rasterize` read them)"
            : "one folder per class of 28×28 8-bit gray PNGs (MNIST Maker style)"
        return """
            \(marker)

            Generated by `strokes synth`; regenerate with `\(how)`. Do not edit by hand:
            running `strokes synth` on this folder again replaces its files.

            Each image is one synthetic pen drawing (a list of points, as the editor records
            them), drawn by the same rasterizer the editor uses (StrokeModel's `StrokeRasterizer`:
            bounding box fitted to the image with aspect kept and centred, anti-aliased line of
            fixed width in pixels, white ink on black). Base rasterizer: \(rasterizer); each
            drawing has its own pen, 0.75–1.35× that line width with ink per length within ±25%.

            - **arrow** (a transition): a line in any direction, near straight (45%), one arc
              leaving and entering 15–70° off the straight line (30%), a gentle S (13%), or a
              return edge's high arch (12%), with a two-barb arrowhead of varied size (a third
              of them small for the arrow's length) and angle drawn in the same stroke (line,
              then tip, barb, tip, barb, as a pen would); a fifth of the straight ones without.
            - **circle** (a state): an ellipse of varied aspect, orientation, size, start and
              direction drawn with 1.0–1.15 turns so the ends overlap, sometimes with an inward
              hook; some are double (a final state), as two strokes or one spiral.
            - **cycle** (a self-loop): a loop turned to every angle, ending in an arrowhead, in four
              shapes: an open arc (0.55–0.85 of a turn), a loop whose end curls in (the head
              inside), a round loop whose ends cross (0.95–1.12 turns), and a teardrop pinched
              to a corner where its ends cross.
            - **other** (none of the shapes, learnt as "rejected"): handwriting (single-stroke
              letters and digits that are not a loop, a line or a `0`, and short cursive words,
              30%), scribbles (14%), waves (10%), crossing-out (coils, an X, "=", 10%), zigzags
              and hatching (8% each), ticks (6%), spirals and stars (5% each), dots (4%).

            All have hand-like wobble and speed-dependent pen sampling; 15% of the shapes (not
            `other`) are sampled sparsely, as a fast pen or a slow tablet records them (a point every 8–50% of the
            drawing's size, and at each sharp corner). Drawing *i* of a class depends only on
            the seed, the class and *i*.

            | class | images |
            |---|---|
            \(counts)

            Layout: \(files). Loadable with `strokes train` like any other dataset. Dataset
            fingerprint: `\(dataset.fingerprint)`.

            """
    }
}
