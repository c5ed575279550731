import Foundation
import StrokeModel
import Testing
@testable import StrokeTraining

@Suite struct SyntheticStrokesTests {
    let rasterizer = StrokeRasterizer()

    private func samples(_ kind: SyntheticStrokes.Kind, count: Int, seed: UInt64) -> [[[StrokePoint]]] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in SyntheticStrokes.strokes(kind, random: &random) }
    }

    /// How close a stroke comes back to its start once it has left it: the smallest distance
    /// from the first point to any point after the farthest one, as a share of the drawing's size.
    private func returnGap(_ points: [StrokePoint]) -> Double {
        let start = points[0]
        func distance(_ p: StrokePoint) -> Double { ((p.x - start.x) * (p.x - start.x) + (p.y - start.y) * (p.y - start.y)).squareRoot() }
        let distances = points.map(distance)
        let farthest = distances.indices.max { distances[$0] < distances[$1] }!
        let back = distances[farthest...].min()!
        let xs = points.map(\.x), ys = points.map(\.y)
        let size = max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
        return back / size
    }

    /// Distance from a loop's start to its end, as a share of the loop's size.
    private func tipGap(_ points: [StrokePoint]) -> Double {
        let xs = points.map(\.x), ys = points.map(\.y)
        let size = max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
        let dx = points.last!.x - points[0].x, dy = points.last!.y - points[0].y
        return (dx * dx + dy * dy).squareRoot() / size
    }

    @Test func sameSeedGivesTheSameDataset() {
        let a = SyntheticDataset.generate(perClass: 12, seed: 7, base: rasterizer.parameters)
        let b = SyntheticDataset.generate(perClass: 12, seed: 7, base: rasterizer.parameters)
        #expect(a == b)
        for kind in SyntheticStrokes.Kind.allCases {
            #expect(samples(kind, count: 5, seed: 3) == samples(kind, count: 5, seed: 3))
        }
        // Image i depends only on the seed, the class and i: a larger run starts with a smaller one.
        let larger = SyntheticDataset.generate(perClass: 20, seed: 7, base: rasterizer.parameters)
        for index in 0..<a.count {
            let target = a.targets[index], within = index % 12
            #expect(larger.image(target * 20 + within) == a.image(index))
        }
    }

    @Test func differentSeedsGiveDifferentImages() {
        let a = SyntheticDataset.generate(perClass: 10, seed: 1, base: rasterizer.parameters)
        let b = SyntheticDataset.generate(perClass: 10, seed: 2, base: rasterizer.parameters)
        let same = (0..<a.count).filter { a.image($0) == b.image($0) }.count
        #expect(same == 0, "\(same) identical images")
        // Within one dataset every image differs too.
        #expect(Set((0..<a.count).map { a.image($0) }).count == a.count)
    }

    @Test func everyClassHasImagesWithInkFittedInside() {
        let data = SyntheticDataset.generate(perClass: 40, seed: 11, base: rasterizer.parameters)
        #expect(data.labels == ["arrow", "circle", "cycle", "other"])
        #expect(data.classCounts == [40, 40, 40, 40])
        #expect(data.paths[12] == "synthetic/arrow/00012.png" && data.paths[40] == "synthetic/circle/00000.png")
        let side = ImageNormalizer.side
        for index in 0..<data.count {
            let image = data.image(index)
            let inked = image.indices.filter { image[$0] > 0 }
            let rows = inked.map { $0 / side }, columns = inked.map { $0 % side }
            let width = columns.max()! - columns.min()! + 1, height = rows.max()! - rows.min()! + 1
            #expect(max(width, height) >= side - 1, "\(data.paths[index]): drawing fitted to the image")
            #expect(abs(columns.min()! - (side - 1 - columns.max()!)) <= 1 && abs(rows.min()! - (side - 1 - rows.max()!)) <= 1,
                    "\(data.paths[index]): drawing centred")
            #expect((30...400).contains(inked.count), "\(data.paths[index]): \(inked.count) inked pixels")
        }
    }

    @Test func strokesAreFiniteSequences() {
        for kind in SyntheticStrokes.Kind.allCases {
            for strokes in samples(kind, count: 200, seed: 5) {
                #expect(!strokes.isEmpty && strokes.allSatisfy { $0.count >= 3 })
                #expect(strokes.allSatisfy { $0.allSatisfy(\.isFinite) })
            }
        }
        // As a pen records them, densely; but some drawings are sampled sparsely (below).
        var random = SeededGenerator(seed: 5)
        for _ in 0..<100 {
            let drawn = SyntheticStrokes.circle(random: &random) + SyntheticStrokes.arrow(random: &random) + SyntheticStrokes.cycle(random: &random)
            #expect(drawn.allSatisfy { $0.count >= 8 })
        }
        // A dense ring has at least 33 points; a sparse one a handful.
        #expect(samples(.circle, count: 200, seed: 5).contains { $0[0].count < 12 })
    }

    private static func distance(_ a: StrokePoint, _ b: StrokePoint) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    @Test func sparseSamplingKeepsCornersAndSpacing() {
        // An arrow: a 300-unit shaft sampled every unit, then a head: tip → barb → tip → barb.
        let shaft: [StrokePoint] = (0...300).map { StrokePoint(x: Double($0), y: 0) }
        var head: [StrokePoint] = []
        for i in 1...30 { head.append(StrokePoint(x: 300 - Double(i), y: 0.6 * Double(i))) }
        for i in 1...30 { head.append(StrokePoint(x: 270 + Double(i), y: 18 - 0.6 * Double(i))) }
        for i in 1...30 { head.append(StrokePoint(x: 300 - Double(i), y: -0.6 * Double(i))) }
        let sparse = SyntheticStrokes.sparse(shaft + head, spacing: 40)
        #expect(sparse.first == shaft.first && sparse.last == head.last)
        // The tip and the first barb's end stay: a pen slows down there.
        #expect(sparse.contains(StrokePoint(x: 300, y: 0)) && sparse.contains(StrokePoint(x: 270, y: 18)))
        let gaps: [Double] = zip(sparse, sparse.dropFirst()).map { Self.distance($0, $1) }
        #expect(sparse.count < 20 && gaps.filter { $0 > 41 }.isEmpty && gaps.filter { $0 > 30 }.count >= 7, "\(gaps)")
    }

    @Test func arrowsComeStraightCurvedAndArchedAndLoopsFaceEveryWay() {
        var random = SeededGenerator(seed: 8)
        let shafts = (0..<400).map { _ in ArrowShaft.random(&random) }
        let degree = Double.pi / 180
        let straight = shafts.filter { abs($0.departure) <= 8 * degree }.count
        let arched = shafts.filter { $0.handle >= 0.45 && abs($0.departure) >= 45 * degree }.count
        let s = shafts.filter { $0.departure * $0.arrival > 0 }.count
        #expect((140...220).contains(straight) && (25...75).contains(arched) && (30...80).contains(s), "\(straight) \(arched) \(s)")
        #expect(shafts.map { abs($0.departure) }.max()! <= 70 * degree + 1e-9)
        // An arc bulges to the side of its angle; an S crosses its chord.
        #expect(ArrowShaft.arc(0.6).bulge > 0.1 && ArrowShaft.arc(-0.6).bulge < -0.1)
        let sPoints = (0...20).map { ArrowShaft.s(0.4).point(at: Double($0) / 20).y }
        #expect(sPoints.max()! > 0.02 && sPoints.min()! < -0.02)
        // A drawn arrow along a shaft ends its line at the far end of the shaft.
        let arrow = SyntheticStrokes.arrow(along: .arc(1.0, handle: 0.6), headShare: 0.05, random: &random)
        let start = arrow[0]
        let far = arrow.max { Self.distance($0, start) < Self.distance($1, start) }!
        let chord = Self.distance(far, start)
        #expect(chord >= 80 * 0.97 && chord <= 500 * 1.05)
        // Self-loops open towards every side: the direction from a loop's middle to its ends.
        let directions = (0..<200).map { _ -> Double in
            let loop = SyntheticStrokes.cycleParts(random: &random).loop
            let middle = (loop.map(\.x).reduce(0, +) / Double(loop.count), loop.map(\.y).reduce(0, +) / Double(loop.count))
            let ends = ((loop[0].x + loop.last!.x) / 2, (loop[0].y + loop.last!.y) / 2)
            return atan2(ends.1 - middle.1, ends.0 - middle.0)
        }
        for quadrant in 0..<8 {
            let low = -Double.pi + Double(quadrant) * .pi / 4
            #expect(directions.contains { $0 >= low && $0 < low + .pi / 4 }, "no loop opening towards \(low)")
        }
    }

    @Test func circlesCloseAndEveryCycleShapeEndsInAHead() {
        // Densely sampled ones (sparse ones can skip the closing stretch: see sparseSamplingKeepsCornersAndSpacing).
        var dense = SeededGenerator(seed: 21)
        let circles = (0..<300).map { _ in returnGap(SyntheticStrokes.circle(random: &dense)[0]) }
        var random = SeededGenerator(seed: 21)
        let cycles = (0..<400).map { _ in SyntheticStrokes.cycleParts(random: &random) }
        let arrows = (0..<300).map { _ in returnGap(SyntheticStrokes.arrow(random: &dense)[0]) }
        #expect(circles.max()! < 0.1, "a circle ends \(circles.max()!) of its size from its start")
        #expect(arrows.min()! > 0.6, "an arrow comes back to \(arrows.min()!) of its size from its start")
        #expect(cycles.allSatisfy { $0.head.count >= 4 }, "every cycle has an arrowhead")
        // Every shape people draw is made, in fair shares.
        for shape in SyntheticStrokes.CycleShape.allCases {
            #expect(cycles.filter { $0.shape == shape }.count > 60, "\(shape)")
        }
        // Open and curled loops end (at the head's tip) well away from where they started…
        let gaps = cycles.filter { $0.shape == .open || $0.shape == .curled }.map { tipGap($0.loop) }
        #expect(gaps.min()! > 0.14, "an open cycle's tip is only \(gaps.min()!) of its size from its start")
        // …while crossing loops and teardrops come back over their start, like a circle:
        // only the head tells them apart.
        let closed = cycles.filter { $0.shape == .crossing || $0.shape == .teardrop }.map { returnGap($0.loop) }
        #expect(closed.max()! < 0.2, "a closed cycle comes back only to \(closed.max()!) of its size from its start")
        // Some circles are double: a second ring as its own stroke.
        #expect(samples(.circle, count: 100, seed: 21).contains { $0.count == 2 })
    }

    @Test func eachDrawingHasItsOwnPen() {
        let base = RasterizerParameters()
        let pens = SyntheticDataset.drawings(perClass: 60, seed: 3, base: base).map(\.pen)
        let widths = pens.map(\.lineWidth), inkPerLength = pens.map { $0.lineWidth * $0.ink }
        #expect(widths.min()! < 0.85 * base.lineWidth && widths.max()! > 1.25 * base.lineWidth, "\(widths.min()!)…\(widths.max()!)")
        #expect(Set(widths).count > 150)
        #expect(pens.allSatisfy { $0.problem == nil && $0.side == base.side && $0.margin == base.margin })
        let reference = base.lineWidth * base.ink
        #expect(inkPerLength.allSatisfy { $0 > 0.6 * reference && $0 < 1.3 * reference })
        // The images are drawn with those pens: a thicker pen puts more ink down.
        let drawings = SyntheticDataset.drawings(perClass: 30, seed: 3, base: base)
        let thin = drawings.min { $0.pen.lineWidth < $1.pen.lineWidth }!, thick = drawings.max { $0.pen.lineWidth < $1.pen.lineWidth }!
        for drawing in [thin, thick] {
            let image = SyntheticDataset.render([drawing]).image(0)
            #expect(image == StrokeRasterizer(parameters: drawing.pen).rasterize(drawing.strokes))
        }
    }

    @Test func writtenFolderLoadsBackIdenticallyWithItsDrawings() throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("builtin")
        let drawings = SyntheticDataset.drawings(perClass: 15, seed: 4)
        let data = SyntheticDataset.render(drawings)
        try SyntheticDataset.write(data, drawings: drawings, to: out, seed: 4, parameters: rasterizer.parameters)
        var warnings: [String] = []
        let loaded = try DatasetLoader.load(out) { warnings.append($0) }
        #expect(warnings.isEmpty, "the JSON beside each PNG is not a stray file: \(warnings)")
        #expect(loaded.test == nil)
        #expect(loaded.train.labels == data.labels && loaded.train.classCounts == data.classCounts)
        #expect(loaded.train.images == data.images && loaded.train.targets == data.targets)
        #expect(loaded.train.paths.map { String($0.dropFirst(out.path.count + 1)) } == data.paths.map { String($0.dropFirst("synthetic/".count)) })
        // Each image's drawing, beside it, reads back as exactly the strokes it was drawn from.
        for (index, path) in data.paths.enumerated() {
            let json = out.appendingPathComponent(String(path.dropFirst("synthetic/".count).dropLast(4)) + ".json")
            let parsed = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[[Double]]])
            #expect(parsed == drawings[index].strokes.map { $0.map { [$0.x, $0.y] } }, "\(json.path)")
        }
        let readme = try String(contentsOf: out.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.hasPrefix(SyntheticDataset.marker) && readme.contains("--seed 4") && readme.contains("| cycle | 15 |"))
        #expect(readme.contains("00012.json"))

        // Writing a smaller set over it leaves no stale images or drawings behind.
        let smaller = SyntheticDataset.generate(perClass: 5, seed: 9)
        try SyntheticDataset.write(smaller, to: out)
        #expect(try DatasetLoader.load(out) { _ in }.train.images == smaller.images)
        let left = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("cycle").path)
        #expect(left.sorted() == (0..<5).map { SyntheticDataset.fileName($0) })
    }

    @Test func aJSONFileWithoutItsImageIsStillWarnedAbout() throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("set")
        try SyntheticDataset.write(SyntheticDataset.generate(perClass: 2, seed: 1), to: out)
        try Data("[]".utf8).write(to: out.appendingPathComponent("arrow/notes.json"))
        var warnings: [String] = []
        _ = try DatasetLoader.load(out) { warnings.append($0) }
        #expect(warnings.count == 1 && warnings[0].contains("notes.json"), "\(warnings)")
    }

    @Test func drawingJSONIsCompactAndExact() throws {
        let strokes = [[StrokePoint(x: 12.5, y: -3), StrokePoint(x: 0.1, y: 1e-7)], [StrokePoint(x: -0.0, y: 250)]]
        let text = DrawingFile.text(ofStrokes: strokes)
        #expect(text == "[[[12.5,-3],[0.1,1e-07]],[[-0,250]]]\n")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[[Double]]])
        #expect(parsed == strokes.map { $0.map { [$0.x, $0.y] } })
    }

    @Test func contactSheetPlacesEachEnlargedImageInItsCell() {
        let side = 4
        let a = (0..<16).map { UInt8($0 * 10) }, b = [UInt8](repeating: 255, count: 16)
        let sheet = ContactSheet.render([[a, b], [b]], side: side, scale: 2, gap: 1)
        #expect(sheet.width == 1 + 2 * (8 + 1) && sheet.height == 1 + 2 * (8 + 1))
        func pixel(_ x: Int, _ y: Int) -> UInt8 { sheet.pixels[y * sheet.width + x] }
        // Row 0, cell 0 is `a`, each source pixel a 2×2 block starting at (1, 1).
        for y in 0..<8 { for x in 0..<8 { #expect(pixel(1 + x, 1 + y) == a[(y / 2) * side + x / 2]) } }
        #expect(pixel(10, 1) == 255 && pixel(1, 10) == 255)
        // Gutters and the missing cell of the short row are gray.
        #expect(pixel(0, 0) == 96 && pixel(9, 5) == 96 && pixel(12, 12) == 96)
    }

    @Test func refusesToWriteOverAForeignFolder() throws {
        let folder = try TemporaryFolder()
        try Data("mine".utf8).write(to: try folder.file("notes.txt"))
        let data = SyntheticDataset.generate(perClass: 1, seed: 1, base: rasterizer.parameters)
        #expect(throws: SyntheticDatasetError.notOurs(folder.url.path)) {
            try SyntheticDataset.write(data, to: folder.url)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("arrow").path))
    }
}

/// The committed built-in dataset against what the generator and the rasterizer draw today:
/// any change to either that moves a single pixel (a faster rasterizer that rounds
/// differently, say) shows here, since `make builtin` must remake the folder byte for byte.
@Suite struct BuiltInDatasetTests {
    @Test func theCommittedImagesAreWhatTheRasterizerDrawsToday() throws {
        let folder = ShippedModelFixture.packageRoot.appendingPathComponent("datasets/synthetic-strokes")
        let committed = try DatasetLoader.load(folder) { _ in }.train
        // `make builtin`: strokes synth --per-class 500 --seed 1.
        let drawn = SyntheticDataset.render(SyntheticDataset.drawings(perClass: 500, seed: 1))
        #expect(committed.count == drawn.count)
        let byPath = Dictionary(uniqueKeysWithValues: committed.paths.indices.map {
            (String(committed.paths[$0].dropFirst(folder.path.count + 1)), $0)
        })
        var differing: [String] = []
        for index in 0..<drawn.count {
            let path = String(drawn.paths[index].dropFirst("synthetic/".count))
            let stored = try #require(byPath[path], "\(path) is not in the committed folder")
            if committed.image(stored) != drawn.image(index) { differing.append(path) }
        }
        #expect(differing.count == 0, "images differ, first \(differing.prefix(3))")
    }
}
