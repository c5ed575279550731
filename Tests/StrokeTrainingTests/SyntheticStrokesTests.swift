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
        let a = SyntheticDataset.generate(perClass: 12, seed: 7, rasterizer: rasterizer)
        let b = SyntheticDataset.generate(perClass: 12, seed: 7, rasterizer: rasterizer)
        #expect(a == b)
        for kind in SyntheticStrokes.Kind.allCases {
            #expect(samples(kind, count: 5, seed: 3) == samples(kind, count: 5, seed: 3))
        }
        // Image i depends only on the seed, the class and i: a larger run starts with a smaller one.
        let larger = SyntheticDataset.generate(perClass: 20, seed: 7, rasterizer: rasterizer)
        for index in 0..<a.count {
            let target = a.targets[index], within = index % 12
            #expect(larger.image(target * 20 + within) == a.image(index))
        }
    }

    @Test func differentSeedsGiveDifferentImages() {
        let a = SyntheticDataset.generate(perClass: 10, seed: 1, rasterizer: rasterizer)
        let b = SyntheticDataset.generate(perClass: 10, seed: 2, rasterizer: rasterizer)
        let same = (0..<a.count).filter { a.image($0) == b.image($0) }.count
        #expect(same == 0, "\(same) identical images")
        // Within one dataset every image differs too.
        #expect(Set((0..<a.count).map { a.image($0) }).count == a.count)
    }

    @Test func everyClassHasImagesWithInkFittedInside() {
        let data = SyntheticDataset.generate(perClass: 40, seed: 11, rasterizer: rasterizer)
        #expect(data.labels == ["arrow", "circle", "cycle"])
        #expect(data.classCounts == [40, 40, 40])
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
            for strokes in samples(kind, count: 100, seed: 5) {
                #expect(!strokes.isEmpty && strokes.allSatisfy { $0.count >= 8 })
                #expect(strokes.allSatisfy { $0.allSatisfy(\.isFinite) })
            }
        }
    }

    @Test func circlesCloseAndCyclesLeaveAGap() {
        let circles = samples(.circle, count: 300, seed: 21).map { returnGap($0[0]) }
        var random = SeededGenerator(seed: 21)
        let cycles = (0..<300).map { _ in SyntheticStrokes.cycleParts(random: &random) }
        let arrows = samples(.arrow, count: 300, seed: 21).map { returnGap($0[0]) }
        #expect(circles.max()! < 0.1, "a circle ends \(circles.max()!) of its size from its start")
        // A cycle's loop ends (at the arrowhead's tip) well away from where it started.
        let gaps = cycles.map { tipGap($0.loop) }
        #expect(gaps.min()! > 0.14, "a cycle's tip is only \(gaps.min()!) of its size from its start")
        #expect(cycles.allSatisfy { $0.head.count >= 4 }, "every cycle has an arrowhead")
        #expect(arrows.min()! > 0.6, "an arrow comes back to \(arrows.min()!) of its size from its start")
        // Some circles are double: a second ring as its own stroke.
        #expect(samples(.circle, count: 100, seed: 21).contains { $0.count == 2 })
    }

    @Test func writtenFolderLoadsBackIdentically() throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("builtin")
        let data = SyntheticDataset.generate(perClass: 15, seed: 4, rasterizer: rasterizer)
        try SyntheticDataset.write(data, to: out, seed: 4, parameters: rasterizer.parameters)
        var warnings: [String] = []
        let loaded = try DatasetLoader.load(out) { warnings.append($0) }
        #expect(warnings.isEmpty && loaded.test == nil)
        #expect(loaded.train.labels == data.labels && loaded.train.classCounts == data.classCounts)
        #expect(loaded.train.images == data.images && loaded.train.targets == data.targets)
        #expect(loaded.train.paths.map { String($0.dropFirst(out.path.count + 1)) } == data.paths.map { String($0.dropFirst("synthetic/".count)) })
        let readme = try String(contentsOf: out.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.hasPrefix(SyntheticDataset.marker) && readme.contains("--seed 4") && readme.contains("| cycle | 15 |"))

        // Writing a smaller set over it leaves no stale images behind.
        let smaller = SyntheticDataset.generate(perClass: 5, seed: 9, rasterizer: rasterizer)
        try SyntheticDataset.write(smaller, to: out)
        #expect(try DatasetLoader.load(out) { _ in }.train.images == smaller.images)
    }

    @Test func refusesToWriteOverAForeignFolder() throws {
        let folder = try TemporaryFolder()
        try Data("mine".utf8).write(to: try folder.file("notes.txt"))
        let data = SyntheticDataset.generate(perClass: 1, seed: 1, rasterizer: rasterizer)
        #expect(throws: SyntheticDatasetError.notOurs(folder.url.path)) {
            try SyntheticDataset.write(data, to: folder.url)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("arrow").path))
    }
}
