import AutomataEditorCore
import Foundation
import Testing
@testable import AutomataEditorServer

/// The page's JFLAP and test-set requests: import a .jff as a new document, download one,
/// run a test set, and the equivalence check's words.
@Suite struct JFLAPRouteTests {
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: ServerHarness.packageRoot.appendingPathComponent("Tests/Fixtures/jflap/\(name)"))
    }

    @Test func anImportOpensANewDocumentAndNeverReplacesOne() async throws {
        let harness = try ServerHarness()
        try await harness.run(keep: true) { client in
            let first = try await client.send(.post, "/api/documents/even-ones/import?file=even-ones.jff", body: try Self.fixture("even-ones.jff"))
            #expect(first.status == .created)
            #expect(first.json["message"] as? String == "imported even-ones.jff: 2 states, 4 transitions, opened as even-ones")
            #expect(first.json["name"] as? String == "even-ones")
            let view = try #require(first.json["view"] as? [String: Any])
            #expect(view["name"] as? String == "even-ones")

            let second = try await client.send(.post, "/api/documents/even-ones/import?file=even-ones.jff", body: try Self.fixture("even-ones.jff"))
            #expect(second.json["name"] as? String == "even-ones-2", "the first import is kept")
            let chains = try await client.send(.post, "/api/documents/m/import?file=m.jff", body: try Self.fixture("multi-character-reads.jff"))
            let notes = try #require(chains.json["notes"] as? [String])
            #expect(notes.count == 1 && notes[0].contains("chains of one-symbol transitions"))
        }
        defer { try? FileManager.default.removeItem(at: harness.root) }
        // Both saved as documents.
        #expect(try AutomatonFile.read(from: harness.file("even-ones")).states.count == 2)
        #expect(try AutomatonFile.read(from: harness.file("even-ones-2")).states.count == 2)
    }

    @Test func aDownloadAsJFLAPReadsBackAsTheSameAutomaton() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            try await AutomatonRouteTests.put(AutomatonRouteTests.evenA, as: "even", client)
            let download = try await client.get("/api/documents/even/export?format=jff")
            #expect(download.status == .ok)
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"even.jff\"")
            let back = try JFLAPFile.decoded(download.body, from: URL(fileURLWithPath: "even.jff")).document
            #expect(back.automaton.isEquivalent(to: AutomatonRouteTests.evenA.automaton))
            #expect(back.states.map(\.center) == AutomatonRouteTests.evenA.states.map(\.center))

            var long = AutomatonRouteTests.evenA
            long.transitions[0].symbols = [.text("ab")]
            try await AutomatonRouteTests.put(long, as: "long", client)
            let refused = try await client.get("/api/documents/long/export?format=jff")
            #expect(refused.status == .unprocessableContent)
            #expect(refused.error == "long.jff: cannot be written as JFLAP: the symbol \"ab\" has 2 characters, and JFLAP would read it as 2 symbols one after another; rename it to one character")
        }
    }

    @Test func aTestSetAnswersEveryWord() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            try await AutomatonRouteTests.put(AutomatonRouteTests.evenA, as: "even", client)
            let answer = try await client.send(.post, "/api/documents/even/tests", json: ["tests": "# even a\nε accept\naa accept\nab accept\nx reject"])
            #expect(answer.status == .ok)
            #expect(answer.json["summary"] as? String == "3 of 4 words passed")
            let rows = try #require(answer.json["results"] as? [[String: Any]])
            #expect(rows.map { $0["word"] as? String } == ["ε", "aa", "ab", "x"])
            #expect(rows.map { $0["line"] as? Int } == [2, 3, 4, 5])
            #expect(rows.map { $0["passed"] as? Bool } == [true, true, false, true])
            #expect(rows.map { $0["accepted"] as? Bool } == [true, true, false, false], "x is outside the alphabet: rejected")
        }
    }

    @Test func aTestSetIsKeptWithItsDocumentAndOutlivesUndo() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            try await AutomatonRouteTests.put(AutomatonRouteTests.evenA, as: "even", client)
            let file = harness.documents.appendingPathComponent("even.automaton")
            // Typed, half written: kept as it is, unchecked.
            let typed = try await client.send(.put, "/api/documents/even/tests", json: ["tests": "aa acc"])
            #expect(typed.status == .ok)
            #expect(try AutomatonFile.read(from: file).testSet == "aa acc")
            // Run: kept too, and shown with the document.
            let ran = try await client.send(.post, "/api/documents/even/tests", json: ["tests": "aa accept\n"])
            #expect(ran.status == .ok)
            let document = try #require(try await client.get("/api/documents/even").json["document"] as? [String: Any])
            #expect(document["testSet"] as? String == "aa accept\n")
            // An edit, then its undo: the drawing goes back, the test set stays.
            let stroke: [[Double]] = (0...40).map { (i: Int) -> [Double] in
                let angle = Double(i) / 40 * 2 * Double.pi
                return [300 + 40 * cos(angle), 400 + 40 * sin(angle)]
            }
            let drawn = try await client.send(.post, "/api/documents/even/events", json: ["stroke": stroke])
            #expect(drawn.status == .ok && drawn.json["changed"] as? Bool == true, "\(drawn.json["message"] ?? "")")
            let undone = try await client.send(.post, "/api/documents/even/events", json: ["undo": true])
            #expect(undone.status == .ok)
            let after = try AutomatonFile.read(from: file)
            #expect(after.states.count == AutomatonRouteTests.evenA.states.count && after.testSet == "aa accept\n")
        }
    }

    @Test func equivalenceSaysWhichDocumentAcceptsTheWord() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            try await AutomatonRouteTests.put(AutomatonRouteTests.evenA, as: "even", client)
            try await AutomatonRouteTests.put(DocumentRouteTests.twoStates, as: "one-a", client)
            let answer = try await client.send(.post, "/api/documents/even/algorithms", json: ["operation": "equivalence", "with": "one-a"])
            #expect(answer.json["counterexample"] as? String == "ε")
            #expect(answer.json["acceptedBy"] as? String == "even")
            #expect(answer.json["message"] as? String == "not equivalent: they differ on ε: even accepts it, one-a does not",
                    "\(answer.json["message"] ?? "")")
        }
    }
}
