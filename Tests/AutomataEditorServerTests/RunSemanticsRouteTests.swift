import AutomataEditorCore
import Foundation
import Testing
@testable import AutomataEditorServer

/// JFLAP's run semantics on the routes: a symbol no transition reads and a missing initial
/// state are rejections with a note (200), never refused requests.
@Suite struct RunSemanticsRouteTests {
    @Test func aSymbolNoTransitionReadsIsARejectionWithANote() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            try await AutomatonRouteTests.put(AutomatonRouteTests.evenA, as: "even", client)
            let answer = try await client.send(.post, "/api/documents/even/run", json: ["word": "abxa"])
            #expect(answer.status == .ok)
            #expect(answer.json["accepted"] as? Bool == false && answer.json["verdict"] as? String == "rejected")
            #expect(answer.json["note"] as? String == "no transition reads x")
            // The trace stops where x could not be read: q0 -a-> q1 -b-> q1 -x-> {}.
            let trace = try #require(answer.json["trace"] as? [[String: Any]])
            #expect(trace.map { $0["states"] as? [Int] } == [[0], [5], [5], []])
            #expect(trace.map { $0["symbol"] as? String } == [nil, "a", "b", "x"])

            let plain = try await client.send(.post, "/api/documents/even/run", json: ["word": "ab"])
            #expect(plain.json["note"] is NSNull, "a rejection by the transitions has a null note, not left out")
        }
    }

    @Test func withoutAnInitialStateEveryWordIsRejectedWithANote() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            var document = AutomatonRouteTests.evenA
            document.states[0].isInitial = false
            try await AutomatonRouteTests.put(document, as: "nostart", client)
            for word in ["a", "ε", "x"] {
                let answer = try await client.send(.post, "/api/documents/nostart/run", json: ["word": word])
                #expect(answer.status == .ok, "\(word)")
                #expect(answer.json["accepted"] as? Bool == false, "\(word)")
                #expect(answer.json["note"] as? String == "there is no initial state", "\(word)")
                let trace = try #require(answer.json["trace"] as? [[String: Any]])
                #expect(trace.map { $0["states"] as? [Int] } == [[]], "\(word): the empty set, nothing read")
            }
        }
    }

    @Test func aTestSetSaysEachRejectionsNote() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            try await AutomatonRouteTests.put(AutomatonRouteTests.evenA, as: "even", client)
            let tests = ["tests": "aa accept\nab reject\nax reject\nx accept"]
            let answer = try await client.send(.post, "/api/documents/even/tests", json: tests)
            #expect(answer.status == .ok && answer.json["summary"] as? String == "3 of 4 words passed")
            let rows = try #require(answer.json["results"] as? [[String: Any]])
            #expect(rows.map { $0["passed"] as? Bool } == [true, true, true, false])
            #expect(rows.map { $0["note"] as? String } == [nil, nil, "no transition reads x", "no transition reads x"])
            #expect(rows[0]["note"] is NSNull)

            var document = AutomatonRouteTests.evenA
            document.states[0].isInitial = false
            try await AutomatonRouteTests.put(document, as: "nostart", client)
            let none = try await client.send(.post, "/api/documents/nostart/tests", json: tests)
            #expect(none.status == .ok && none.json["summary"] as? String == "2 of 4 words passed")
            let noted = try #require(none.json["results"] as? [[String: Any]])
            #expect(noted.allSatisfy { $0["note"] as? String == "there is no initial state" })
        }
    }
}
