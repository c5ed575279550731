import Foundation
import StrokeModel
import Testing
@testable import StrokeTraining

/// The symbol model's data: generated writing of every class, and real handwriting split so
/// that whole writers are held out.
@Suite("symbol data")
struct SymbolDataTests {
    @Test func everySymbolClassHasAWayToBeWrittenAndOtherIsNoWriting() {
        #expect(SyntheticSymbols.labels.count == 10 + 26 + 2 + 1)
        #expect(SyntheticSymbols.labels.suffix(3) == ["ε", "λ", "other"])
        for (label, ways) in GlyphSkeleton.symbolClasses {
            #expect(!ways.isEmpty, "no way to write \(label)")
            #expect(ways.allSatisfy { String($0.name) == label }, "\(label) holds another glyph")
        }
        var random = SeededGenerator(seed: 5)
        for _ in 0..<40 {
            #expect(SyntheticSymbols.mark(random: &random).count >= 1)
        }
    }

    @Test func theSameSeedWritesTheSameSymbolsAndEachClassGetsItsCount() {
        let first = SyntheticSymbols.drawings(perClass: 3, seed: 9)
        let again = SyntheticSymbols.drawings(perClass: 3, seed: 9)
        #expect(first.map(\.strokes) == again.map(\.strokes))
        #expect(first.map(\.strokes) != SyntheticSymbols.drawings(perClass: 3, seed: 10).map(\.strokes))
        let dataset = SyntheticSymbols.render(first)
        #expect(dataset.classCounts == Array(repeating: 3, count: SyntheticSymbols.labels.count))
        // Every image has ink, and written symbols are 20–120 units across.
        for index in 0..<dataset.count { #expect(dataset.image(index).contains { $0 > 100 }, "image \(index) is blank") }
        for drawing in first where drawing.label != "other" {
            let points = drawing.strokes.flatMap { $0 }
            let size = max(points.map(\.x).max()! - points.map(\.x).min()!, points.map(\.y).max()! - points.map(\.y).min()!)
            #expect((19...121).contains(size), "\(drawing.label) is \(size) units")
        }
    }

    @Test func lettersHoldOutWholeWritersByNumber() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, writers) in [("latin-a", 1...5), ("latin-b", 1...5), ("greek-epsilon", 1...5), ("greek-alpha", 1...5)] {
            let classFolder = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: classFolder, withIntermediateDirectories: true)
            for writer in writers {
                try "[[[0, 0], [10, \(writer * 3)], [20, 5]]]".write(
                    to: classFolder.appendingPathComponent(String(format: "0042_%02d.json", writer)), atomically: true, encoding: .utf8)
            }
        }
        let split = try HandwritingCollections.letters(in: folder, heldOutWriters: 2)
        #expect(split.train.count == 9 && split.heldOut.count == 6, "greek-alpha is no symbol class and is left out")
        #expect(split.heldOut.paths.allSatisfy { $0.hasSuffix("_04.json") || $0.hasSuffix("_05.json") })
        #expect(Set(split.heldOut.targets.map { split.heldOut.labels[$0] }) == ["a", "b", "ε"])

        try "[]".write(to: folder.appendingPathComponent("latin-a/noWriter.json"), atomically: true, encoding: .utf8)
        #expect(throws: HandwritingCollectionError.self) { try HandwritingCollections.letters(in: folder, heldOutWriters: 2) }
        do {
            _ = try HandwritingCollections.letters(in: folder, heldOutWriters: 2)
        } catch {
            #expect(error.description.contains("noWriter.json") && error.description.contains("writer number"), "\(error)")
        }
    }

    @Test func digitsAreReadRefittedAndTheirLastRowsHeldOut() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A thick bar in MNIST's 20-pixel box, five of each of two digits.
        var bar = [Int](repeating: 0, count: 784)
        for y in 4..<24 { for x in 12..<15 { bar[y * 28 + x] = 255 } }
        let rows = (0..<10).map { bar.map(String.init).joined(separator: ",") + ",\($0 < 5 ? 1 : 7)" }
        let csv = folder.appendingPathComponent("digits.csv")
        try rows.joined(separator: "\n").write(to: csv, atomically: true, encoding: .utf8)
        let split = try HandwritingCollections.digits(csv: csv, perClass: 4, heldOutShare: 0.25)
        #expect(split.train.classCounts[1] == 3 && split.heldOut.classCounts[1] == 1 && split.train.classCounts[7] == 3)
        // Refitted: the bar now runs from top to bottom (the 0.75-pixel margin aside).
        let image = split.train.image(0)
        let inkedRows = (0..<28).filter { y in (0..<28).contains { image[y * 28 + $0] > 0 } }
        #expect(inkedRows.first! <= 1 && inkedRows.last! >= 26, "\(inkedRows)")

        try (rows[0] + "\n1,2,3").write(to: csv, atomically: true, encoding: .utf8)
        do {
            _ = try HandwritingCollections.digits(csv: csv, perClass: 4, heldOutShare: 0.25)
            Issue.record("a short row was read")
        } catch {
            #expect(error.description.contains("digits.csv, line 2"), "\(error)")
        }
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("symbol-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
