import AutomataEditorCore
import Foundation
import StrokeModel
import Testing
@testable import AutomataEditorServer

/// The page's "Open .inkml…": the ink route reads an InkML file into drawing events and saves
/// nothing; the page replays them through the events route, which takes every one.
@Suite struct InkRouteTests {
    static let fixture = ServerHarness.packageRoot.appendingPathComponent("Tests/Fixtures/inkml-page/two-states.inkml")

    /// Each `<trace>`'s points as the fixture writes them (X Y T, plain numbers).
    static func tracesInFixture() throws -> [[StrokePoint]] {
        let text = try String(contentsOf: fixture, encoding: .utf8)
        // Each trace's text runs from the last ">" before a "</trace>" to it.
        return text.components(separatedBy: "</trace>").dropLast().map { before in
            let body = before.split(separator: ">").last ?? ""
            return body.split(separator: ",").map { point in
                let values = point.split(separator: " ").compactMap { Double($0) }
                return StrokePoint(x: values[0], y: values[1])
            }
        }
    }

    @Test func aFileBecomesItsTracesAsStrokesAndNothingIsSaved() async throws {
        let harness = try ServerHarness()
        try await harness.run(keep: true) { client in
            let answer = try await client.send(.post, "/api/ink?file=two-states.inkml", body: try Data(contentsOf: Self.fixture))
            #expect(answer.status == .ok, "\(answer.text)")
            #expect(answer.headers[.contentType] == "application/json; charset=utf-8")
            // A drawing file, as `automata draw` reads and DrawingFile writes it.
            let events = try DrawingFile.events(from: answer.body)
            #expect(answer.text == DrawingFile.text(of: events))
            #expect(events == (try Self.tracesInFixture()).map(DrawingEvent.stroke))
            #expect(events.count == 3)
        }
        defer { try? FileManager.default.removeItem(at: harness.root) }
        let saved = (try? FileManager.default.contentsOfDirectory(atPath: harness.documents.path)) ?? []
        #expect(saved.isEmpty, "reading ink saved \(saved)")
    }

    @Test func everyEventItGivesIsOneTheEventsRouteTakes() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            let answer = try await client.send(.post, "/api/ink?file=two-states.inkml", body: try Data(contentsOf: Self.fixture))
            for event in try DrawingFile.events(from: answer.body) {
                let replayed = try await client.event(event, to: "replayed")
                #expect(replayed.status == .ok, "\(replayed.text)")
            }
        }
    }

    @Test func aFileWithoutANameIsCalledInkInMessages() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            let answer = try await client.send(.post, "/api/ink", body: Data("<ink xmlns=\"http://www.w3.org/2003/InkML\"/>".utf8))
            #expect(answer.status == .badRequest)
            #expect(answer.error == "ink.inkml: no traces: the file holds no <trace>, so no ink")
        }
    }
}
