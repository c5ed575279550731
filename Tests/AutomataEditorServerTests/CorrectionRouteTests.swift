import AutomataEditorCore
import AutomatonSketches
import Foundation
import StrokeModel
import StrokeTraining
import Testing
@testable import AutomataEditorServer

/// Teach: the misread element is replaced by what the stroke really was, and the stroke is
/// saved as a training image the dataset reader takes.
@Suite struct CorrectionRouteTests {
    /// Document "teach" (two states) with a circle drawn below them, read as a third state:
    /// the stroke, the event's answer and the ids it added.
    static func strayState(_ client: Client) async throws -> (stroke: [CanvasPoint], drawn: Client.Answer, added: [Int]) {
        _ = try await client.send(.put, "/api/documents/teach", body: Data(try AutomatonFile.contents(of: DocumentRouteTests.twoStates)))
        var pen = SketchPen(seed: 11)
        _ = pen.state(at: CanvasPoint(x: 200, y: 260), radius: 35)
        guard case .stroke(let stroke) = pen.events[0] else { throw StrayStateError() }
        let drawn = try await client.event(pen.events[0], to: "teach")
        let added = try #require(drawn.json["added"] as? [Int])
        #expect(added.count == 1)
        return (stroke, drawn, added)
    }

    struct StrayStateError: Error {}

    @Test func aCorrectedStrokeReplacesItsElementAndBecomesTrainingData() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            // A circle drawn below the states: read as a state, but the user says it was an arrow.
            let (stroke, drawn, added) = try await Self.strayState(client)

            let taught = try await client.send(.post, "/api/documents/teach/corrections", json: [
                "stroke": stroke.map { [$0.x, $0.y] }, "class": "arrow", "replacing": added,
            ])
            #expect(taught.status == .ok, "\(taught.text)")
            #expect((taught.json["message"] as? String)?.hasPrefix("taught: transition: ") == true)
            // The state it made is gone, and the stroke is read as an arrow by the same rules.
            let before = try #require(drawn.document)
            let without = before.applying(.removeState(id: added[0]))
            let reading = RecognitionRules().interpret(.arrow, stroke: stroke, in: without)
            #expect(taught.document == without.applying(reading.actions))
            #expect(taught.document?.states.map(\.id) == [0, 1])
            #expect(try AutomatonFile.read(from: harness.file("teach")) == taught.document)
            // One undo takes the whole correction back.
            let undone = try await client.send(.post, "/api/documents/teach/events", json: ["undo": true])
            #expect(undone.document == drawn.document)

            let saved = try #require(taught.json["saved"] as? String)
            #expect(saved.hasPrefix("arrow/teach-") && saved.hasSuffix(".png"))
            let png = harness.corrections.appendingPathComponent(saved)
            let image = try PNGDecoder.decode(contentsOf: png)
            let rasterizer = StrokeRasterizer(parameters: ServerHarness.classifier.model.rasterizer)
            #expect(image.pixels == rasterizer.rasterize([stroke]))
            let drawing = png.deletingPathExtension().appendingPathExtension("json")
            let strokes = try DrawingFile.strokes(contentsOf: drawing)
            #expect(strokes.count == 1 && strokes[0].count == stroke.count)

            var warnings: [String] = []
            let dataset = try DatasetLoader.loadClasses(harness.corrections) { warnings.append($0) }
            #expect(dataset.labels == ["arrow"])
            #expect(dataset.count == 1)
            #expect(warnings.isEmpty, "\(warnings)")
        }
    }

    /// Nothing, a part of the last element and writing: the stroke's element goes (one undo
    /// brings it back), and the stroke is saved under `other`, or not at all for a part.
    @Test(arguments: [("nothing", "other"), ("writing", "other"), ("part", nil)] as [(String, String?)])
    func aStrokeTaughtAsNoElementRemovesWhatItMade(className: String, folder: String?) async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            let (stroke, drawn, added) = try await Self.strayState(client)

            let taught = try await client.send(.post, "/api/documents/teach/corrections", json: [
                "stroke": stroke.map { [$0.x, $0.y] }, "class": className, "replacing": added,
            ])
            #expect(taught.status == .ok, "\(taught.text)")
            let before = try #require(drawn.document)
            #expect(taught.document == before.applying(.removeState(id: added[0])))
            #expect(try AutomatonFile.read(from: harness.file("teach")) == taught.document)
            let undone = try await client.send(.post, "/api/documents/teach/events", json: ["undo": true])
            #expect(undone.document == drawn.document)

            let saved = taught.json["saved"] as? String
            let files = (try? FileManager.default.subpathsOfDirectory(atPath: harness.corrections.path)) ?? []
            if let folder {
                #expect(saved?.hasPrefix("\(folder)/teach-") == true, "saved \(saved ?? "nothing")")
                #expect(files.filter { $0.hasSuffix(".png") } == saved.map { [$0] })
            } else {
                #expect(saved == nil)
                #expect(files.isEmpty, "\(files)")
            }
        }
    }

    /// A second ring taught as part of the last element: its state becomes final, nothing is saved.
    @Test func aRingTaughtAsPartMakesItsStateFinal() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            _ = try await client.send(.put, "/api/documents/teach", body: Data(try AutomatonFile.contents(of: DocumentRouteTests.twoStates)))
            let ring = (0...40).map { i -> [Double] in
                let angle = 2 * Double.pi * Double(i) / 40 * 1.05
                return [100 + 36 * cos(angle), 100 + 36 * sin(angle)]
            }
            let taught = try await client.send(.post, "/api/documents/teach/corrections", json: [
                "stroke": ring, "class": "part", "replacing": [Int](),
            ])
            #expect(taught.status == .ok, "\(taught.text)")
            #expect(taught.json["message"] as? String == "taught: part of the last element: a second ring round q0: q0 final")
            #expect(taught.document?.state(0)?.isFinal == true)
            #expect(taught.json["saved"] == nil || taught.json["saved"] is NSNull)
        }
    }

    /// When the image cannot be written, Teach changes nothing: the document keeps the
    /// element, and no undo step is added.
    @Test func aCorrectionThatCannotBeSavedChangesNothing() async throws {
        let harness = try ServerHarness()
        // A file where the corrections folder should be.
        try Data("not a folder".utf8).write(to: harness.corrections)
        try await harness.run { client in
            _ = try await client.send(.put, "/api/documents/teach", body: Data(try AutomatonFile.contents(of: DocumentRouteTests.twoStates)))
            let before = try Data(contentsOf: harness.file("teach"))
            let answer = try await client.send(.post, "/api/documents/teach/corrections", json: [
                "stroke": [[0, 0], [50, 0], [100, 0]], "class": "arrow", "replacing": [1],
            ])
            #expect(answer.status == .internalServerError)
            #expect(answer.error?.contains("corrections folder") == true, "\(answer.text)")
            #expect(try Data(contentsOf: harness.file("teach")) == before)
            let view = try await client.get("/api/documents/teach/view")
            #expect(view.json["canUndo"] as? Bool == false)
        }
    }
}
