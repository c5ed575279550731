import AutomataEditorCore
import AutomatonSketches
import Foundation
import StrokeModel
import Testing
@testable import AutomataEditorServer

/// Drawing through the API: every event answered with the editor's own message and the
/// document as saved, exactly as the editor core gives them in-process.
@Suite struct EventRouteTests {
    /// (10)+ with its return edge curved beside the forward one, as `DrawnAutomataTests` draws it.
    static func plan() -> SketchPlan {
        SketchPlan(states: [.init(centre: CanvasPoint(x: 110, y: 250), radius: 45, isInitial: true),
                            .init(centre: CanvasPoint(x: 380, y: 250), radius: 50),
                            .init(centre: CanvasPoint(x: 650, y: 250), radius: 45, isFinal: true)],
                   edges: [.init(from: 0, to: 1, label: "1", shape: .straight),
                           .init(from: 1, to: 2, label: "0", shape: .curved, bend: 45),
                           .init(from: 2, to: 1, label: "1", shape: .curved, bend: 45),
                           .init(from: 2, to: 2, label: "0", shape: .straight)],
                   initialDirection: -.pi)
    }

    @Test func aDrawingPostedEventByEventIsTheDocumentTheCoreMakes() async throws {
        var pen = SketchPen(seed: 7)
        pen.draw(Self.plan())
        // The events as the server reads them: each one's line of a drawing file, through the codec.
        let drawn = pen.events
        let events = try drawn.map { try DrawingFile.event(from: Data(DrawingFile.text(of: $0).utf8)) }
        var local = Editor()
        let interpreter = StrokeInterpreter(classifier: ServerHarness.classifier)
        let expected = events.map { event in
            let before = local.document
            let message = local.perform(event, with: interpreter)
            return (message: message, said: PlainWords.step(from: before, to: local.document, message: message), document: local.document)
        }

        let harness = try ServerHarness()
        try await harness.run { client in
            for index in events.indices {
                let answer = try await client.event(drawn[index], to: "drawn")
                #expect(answer.status == .ok, "event \(index + 1): \(answer.text)")
                #expect(answer.json["message"] as? String == expected[index].message, "event \(index + 1)")
                #expect(answer.json["said"] as? String == expected[index].said, "event \(index + 1): in a student's words")
                #expect(answer.document == expected[index].document, "event \(index + 1)")
                // Saved before the answer was sent.
                #expect(try AutomatonFile.read(from: harness.file("drawn")) == expected[index].document, "event \(index + 1)")
            }
            let automaton = try #require(try await client.get("/api/documents/drawn").document).automaton
            #expect(automaton.accepts(Word(typed: "1010")))
            #expect(!automaton.accepts(Word(typed: "101")))
        }
    }

    @Test func aStrokeSaysWhatItAddedAndUndoRedoWalkTheHistory() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            var pen = SketchPen(seed: 3)
            _ = pen.state(at: CanvasPoint(x: 200, y: 200), radius: 40)
            let first = try await client.event(pen.events[0], to: "history")
            #expect(first.json["changed"] as? Bool == true)
            let added = try #require(first.json["added"] as? [Int])
            #expect(added == first.document?.states.map(\.id))
            #expect(first.json["canUndo"] as? Bool == true)
            #expect(first.json["canRedo"] as? Bool == false)

            let undone = try await client.send(.post, "/api/documents/history/events", json: ["undo": true])
            #expect(undone.json["message"] as? String == "undone")
            #expect(undone.document?.states.isEmpty == true)
            #expect(try AutomatonFile.read(from: harness.file("history")).states.isEmpty)
            #expect(undone.json["canRedo"] as? Bool == true)

            let redone = try await client.send(.post, "/api/documents/history/events", json: ["redo": true])
            #expect(redone.document == first.document)
            #expect(try AutomatonFile.read(from: harness.file("history")) == first.document)
            let nothing = try await client.send(.post, "/api/documents/history/events", json: ["redo": true])
            #expect(nothing.json["message"] as? String == "nothing to redo")
            #expect(nothing.json["changed"] as? Bool == false)
        }
    }

    @Test func movingAStateCarriesItsTransitionsAndAPreviewSavesNothing() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            _ = try await client.send(.put, "/api/documents/moving", body: try DocumentRouteTests.fileJSON(DocumentRouteTests.twoStates))
            let before = try Data(contentsOf: harness.file("moving"))
            let preview = try await client.send(.post, "/api/documents/moving/preview", json: ["move": 1, "to": [300, 300]])
            #expect(preview.status == .ok)
            #expect((preview.json["svg"] as? String)?.contains("cy=\"300\"") == true)
            #expect(try Data(contentsOf: harness.file("moving")) == before)

            let moved = try await client.send(.post, "/api/documents/moving/events", json: ["move": 1, "to": [300, 300]])
            #expect(moved.json["message"] as? String == "moved q1")
            let document = try AutomatonFile.read(from: harness.file("moving"))
            #expect(document.state(1)?.center == CanvasPoint(x: 300, y: 300))
            #expect(document.transition(2)?.end == CanvasPoint(x: 270, y: 300))
            let unknown = try await client.send(.post, "/api/documents/moving/events", json: ["move": 99, "to": [0, 0]])
            #expect(unknown.status == .unprocessableContent)
            #expect(unknown.error == "no state with id 99 to move")
        }
    }

    @Test func connectingAFreeEndAttachesItToTheState() async throws {
        var document = DocumentRouteTests.twoStates
        document.transitions = [.init(id: 2, from: 0, to: nil, start: CanvasPoint(x: 130, y: 100), end: CanvasPoint(x: 230, y: 140))]
        let dangling = document
        let harness = try ServerHarness()
        try await harness.run { client in
            _ = try await client.send(.put, "/api/documents/dangling", body: try DocumentRouteTests.fileJSON(dangling))
            let connected = try await client.send(.post, "/api/documents/dangling/events", json: ["connect": 2, "end": "end", "state": 1])
            #expect(connected.json["message"] as? String == "connected transition q0 → q1")
            #expect(try AutomatonFile.read(from: harness.file("dangling")).transition(2)?.to == 1)
            let undone = try await client.send(.post, "/api/documents/dangling/events", json: ["undo": true])
            #expect(undone.document?.transition(2)?.to == nil)
            let unknown = try await client.send(.post, "/api/documents/dangling/events", json: ["connect": 9, "end": "start", "state": 1])
            #expect(unknown.status == .unprocessableContent)
            #expect(unknown.error == "no transition with id 9 to connect")
        }
    }

    @Test func textsGoThroughTheTextRule() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            _ = try await client.send(.put, "/api/documents/labels", body: try DocumentRouteTests.fileJSON(DocumentRouteTests.twoStates))
            let named = try await client.send(.post, "/api/documents/labels/events", json: ["text": "start", "at": [100, 100]])
            #expect(named.document?.state(0)?.name == "start")
            let symbols = try await client.send(.post, "/api/documents/labels/events", json: ["text": "a,b", "at": [200, 90]])
            #expect(symbols.document?.transition(2)?.symbols == [.text("a"), .text("b")])
        }
    }

    /// 16 clients at once, on one document and on their own: every stroke applied, none lost.
    /// Two rounds each: the live test client queues every request on one connection with a
    /// 20-second read timeout, and a debug build under the whole suite's load reads a stroke
    /// in up to about 150 ms, so four rounds (128 strokes) came near that limit.
    @Test func concurrentClientsLoseNothing() async throws {
        let harness = try ServerHarness()
        try await harness.run(.live) { client in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for clientIndex in 0..<16 {
                    group.addTask {
                        for round in 0..<2 {
                            var pen = SketchPen(seed: UInt64(clientIndex * 10 + round))
                            // Far apart, so each circle is a new state rather than a ring round another.
                            let centre = CanvasPoint(x: Double(clientIndex) * 400, y: Double(round) * 400)
                            _ = pen.state(at: centre, radius: 40)
                            let shared = try await client.event(pen.events[0], to: "shared")
                            #expect(shared.status == .ok)
                            let own = try await client.event(pen.events[0], to: "own-\(clientIndex)")
                            #expect(own.status == .ok)
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try AutomatonFile.read(from: harness.file("shared")).states.count == 32)
            for clientIndex in 0..<16 {
                #expect(try AutomatonFile.read(from: harness.file("own-\(clientIndex)")).states.count == 2)
            }
        }
    }
}
