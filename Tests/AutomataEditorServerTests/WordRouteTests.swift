import AutomataEditorCore
import Foundation
import StrokeModel
import StrokeTraining
import Testing
@testable import AutomataEditorServer

/// Correcting handwriting on the page: the word's element is fixed, and each character's
/// strokes are saved under `symbols/CLASS/` as training images the dataset reader takes.
@Suite struct WordRouteTests {
    /// Two states, the transition between them labelled "a" by a handwritten word whose ink is
    /// the generator's "a" above the arrow.
    static func labelledByHand(letters: String = "a") -> AutomatonDocument {
        var random = SeededGenerator(seed: 5)
        var strokes: [[CanvasPoint]] = []
        var characters: [[Int]] = []
        for (position, letter) in letters.enumerated() {
            let glyph = SyntheticSymbols.written(String(letter), random: &random)
            let points = glyph.flatMap { $0 }
            let (minX, minY) = (points.map(\.x).min()!, points.map(\.y).min()!)
            let scale = 20 / max(points.map(\.y).max()! - minY, 1)
            characters.append(Array(strokes.count..<(strokes.count + glyph.count)))
            strokes += glyph.map { $0.map { CanvasPoint(x: 180 + 30 * Double(position) + ($0.x - minX) * scale, y: 70 + ($0.y - minY) * scale) } }
        }
        var document = DocumentRouteTests.twoStates
        document.transitions[0].symbols = [.text(letters)]
        document.words = [WrittenWord(strokes: strokes, text: letters, isSure: true,
                                      effect: .labelled(transition: 2, previous: []), characters: characters)]
        return document
    }

    @Test func aCorrectedWordFixesItsLabelAndSavesItsCharacters() async throws {
        let harness = try ServerHarness(readsHandwriting: true)
        try await harness.run { client in
            let document = Self.labelledByHand()
            _ = try await client.send(.put, "/api/documents/hand", body: try DocumentRouteTests.fileJSON(document))
            let view = try await client.get("/api/documents/hand/view")
            let svg = try #require(view.json["svg"] as? String)
            #expect(svg.contains("class=\"word-ink\" data-word=\"0\""), "the ink is shown, faded")
            #expect(svg.contains("class=\"label\" data-transitions=\"2\" data-word=\"0\""), "and its label in its place")

            let corrected = try await client.send(.post, "/api/documents/hand/words", json: ["word": 0, "text": "b"])
            #expect(corrected.status == .ok, "\(corrected.text)")
            let after = try #require(corrected.document)
            #expect(after.transitions[0].symbols == [.text("b")])
            #expect(after.words.map(\.text) == ["b"] && after.words[0].strokes == document.words[0].strokes)
            #expect((corrected.json["message"] as? String)?.hasPrefix("corrected \"a\" to \"b\"") == true, "\(corrected.text)")
            #expect(try AutomatonFile.read(from: harness.file("hand")) == after)

            let saved = try #require(corrected.json["saved"] as? [String])
            #expect(saved.count == 1 && saved[0].hasPrefix("symbols/b/hand-") && saved[0].hasSuffix(".png"), "\(saved)")
            let image = try PNGDecoder.decode(contentsOf: harness.corrections.appendingPathComponent(saved[0]))
            let rasterizer = StrokeRasterizer(parameters: ServerHarness.symbols.model.rasterizer)
            #expect(image.pixels == rasterizer.rasterize(document.words[0].strokes))
            var warnings: [String] = []
            let dataset = try DatasetLoader.loadClasses(harness.corrections.appendingPathComponent("symbols")) { warnings.append($0) }
            #expect(dataset.labels == ["b"] && dataset.count == 1 && warnings.isEmpty, "\(warnings)")

            // One undo gives the label back.
            let undone = try await client.send(.post, "/api/documents/hand/events", json: ["undo": true])
            #expect(undone.document?.transitions[0].symbols == [.text("a")])
        }
    }

    @Test func eachCharacterIsSavedAsItsClassAndAMismatchSavesNone() async throws {
        let harness = try ServerHarness(readsHandwriting: true)
        try await harness.run { client in
            _ = try await client.send(.put, "/api/documents/two", body: try DocumentRouteTests.fileJSON(Self.labelledByHand(letters: "ab")))
            let corrected = try await client.send(.post, "/api/documents/two/words", json: ["word": 0, "text": "0, 1"])
            #expect(corrected.document?.transitions[0].symbols == [.text("0"), .text("1")], "\(corrected.text)")
            let saved = try #require(corrected.json["saved"] as? [String])
            #expect(saved.map { $0.split(separator: "/").dropLast().joined(separator: "/") } == ["symbols/0", "symbols/1"])

            let mismatch = try await client.send(.post, "/api/documents/two/words", json: ["word": 0, "text": "abc"])
            #expect(mismatch.status == .ok)
            #expect((mismatch.json["saved"] as? [String]) == [])
            #expect((mismatch.json["message"] as? String)?.contains("the ink holds 2 character(s) and the text 3") == true, "\(mismatch.text)")
        }
    }

    @Test func badCorrectionsAreRefusedAndChangeNothing() async throws {
        let harness = try ServerHarness(readsHandwriting: true)
        try await harness.run { client in
            _ = try await client.send(.put, "/api/documents/hand", body: try DocumentRouteTests.fileJSON(Self.labelledByHand()))
            let before = try Data(contentsOf: harness.file("hand"))
            let missing = try await client.send(.post, "/api/documents/hand/words", json: ["word": 3, "text": "b"])
            #expect(missing.status == .unprocessableContent)
            #expect(missing.error == "\"hand\" has no handwritten word 3 (it has 1)")
            let empty = try await client.send(.post, "/api/documents/hand/words", json: ["word": 0, "text": "  "])
            #expect(empty.status == .badRequest && empty.error?.contains("\"text\" is empty") == true)
            let extra = try await client.send(.post, "/api/documents/hand/words", json: ["word": 0, "text": "b", "class": "a"])
            #expect(extra.status == .badRequest)
            let nobody = try await client.send(.post, "/api/documents/nobody/words", json: ["word": 0, "text": "b"])
            #expect(nobody.status == .notFound)
            #expect(try Data(contentsOf: harness.file("hand")) == before)
            #expect(!FileManager.default.fileExists(atPath: harness.corrections.path))
        }
    }
}
