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

/// The built-in dataset: synthetic strokes drawn by the same rasterizer the editor uses.
public enum SyntheticDataset {
    /// The README's first line; it marks a folder as ours, so writing again may replace it.
    static let marker = "# Synthetic automaton strokes"

    /// `perClass` images of each class. Image i of a class depends only on the seed, the class
    /// and i, so a larger `perClass` keeps the images of a smaller one.
    public static func generate(perClass: Int, seed: UInt64, rasterizer: StrokeRasterizer) -> Dataset {
        precondition(perClass >= 0, "perClass must not be negative")
        precondition(rasterizer.pixelCount == Dataset.imageSize, "the rasterizer must draw \(ImageNormalizer.side)×\(ImageNormalizer.side) images")
        let kinds = SyntheticStrokes.Kind.allCases
        var images = [UInt8](repeating: 0, count: kinds.count * perClass * Dataset.imageSize)
        var targets: [Int] = [], paths: [String] = []
        let root = SeededGenerator(seed: seed)
        images.withUnsafeMutableBufferPointer { all in
            for (target, kind) in kinds.enumerated() {
                for i in 0..<perClass {
                    var random = root.derived(UInt64(target) << 32 | UInt64(i))
                    let index = targets.count
                    let slot = UnsafeMutableBufferPointer(rebasing: all[index * Dataset.imageSize..<(index + 1) * Dataset.imageSize])
                    rasterizer.rasterize(SyntheticStrokes.strokes(kind, random: &random), into: slot)
                    targets.append(target)
                    paths.append("synthetic/\(kind.rawValue)/\(fileName(i))")
                }
            }
        }
        return Dataset(labels: kinds.map(\.rawValue), images: images, targets: targets, paths: paths)
    }

    /// Writes `dataset` as one folder of 28×28 PNGs per class (`label/00012.png`), each file
    /// atomically, then a README.md. A folder written before is replaced (stale images removed);
    /// any other non-empty folder is refused. Give `seed` and `parameters` to record them.
    public static func write(_ dataset: Dataset, to folder: URL, seed: UInt64? = nil, parameters: RasterizerParameters? = nil) throws(SyntheticDatasetError) {
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
        }
        removeStaleImages(in: folder, labels: dataset.labels, keeping: written)
        let readme = folder.appendingPathComponent("README.md")
        do {
            try AtomicFile.write(self.readme(dataset, seed: seed, parameters: parameters), to: readme)
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
        guard readme?.hasPrefix(marker) == true else { throw .notOurs(folder.path) }
    }

    /// Images of an earlier, larger run would otherwise be loaded with the new ones.
    private static func removeStaleImages(in folder: URL, labels: [String], keeping written: Set<String>) {
        for label in labels {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(label).path)) ?? []
            for name in names where isOurFileName(name) && !written.contains("\(label)/\(name)") {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(label).appendingPathComponent(name))
            }
        }
    }

    private static func isOurFileName(_ name: String) -> Bool {
        name.hasSuffix(".png") && name.count >= 9 && name.dropLast(4).allSatisfy(\.isASCII) && name.dropLast(4).allSatisfy(\.isNumber)
    }

    static func readme(_ dataset: Dataset, seed: UInt64?, parameters: RasterizerParameters?) -> String {
        let counts = zip(dataset.labels, dataset.classCounts).map { "| \($0) | \($1) |" }.joined(separator: "\n")
        var how = "strokes synth OUT --per-class \(dataset.classCounts.max() ?? 0)"
        if let seed { how += " --seed \(seed)" }
        let rasterizer = parameters.map {
            "side \($0.side) px, line width \($0.lineWidth) px, margin \($0.margin) px, ink \($0.ink)"
        } ?? "not recorded"
        return """
            \(marker)

            Generated by `strokes synth`; regenerate with `\(how)`. Do not edit by hand:
            running `strokes synth` on this folder again replaces its images.

            Each image is one synthetic pen drawing (a list of points, as the editor records
            them), drawn by the same rasterizer the editor uses (StrokeModel's `StrokeRasterizer`:
            bounding box fitted to the image with aspect kept and centred, anti-aliased line of
            fixed width in pixels, white ink on black). Rasterizer: \(rasterizer).

            - **arrow** (a transition): a straight or slightly bent line in any direction, most
              with a two-barb arrowhead drawn in the same stroke (tip, barb, tip, barb).
            - **circle** (a state): an ellipse of varied aspect, orientation, start and
              direction drawn with 1.0–1.15 turns so the ends overlap, sometimes with an inward
              hook; some are double (a final state), as two strokes or one spiral.
            - **cycle** (a self-loop): an open loop at any orientation ending in an arrowhead,
              either 0.55–0.85 of a turn along an ellipse or up to 0.92 of a turn with the end
              curling in towards the centre; both leave a gap between start and tip.

            All have hand-like wobble and uneven pen sampling. Image *i* of a class depends only
            on the seed, the class and *i*.

            | class | images |
            |---|---|
            \(counts)

            Layout: one folder per class of 28×28 8-bit gray PNGs (MNIST Maker style), loadable
            with `strokes train` like any other dataset. Dataset fingerprint: `\(dataset.fingerprint)`.

            """
    }
}
