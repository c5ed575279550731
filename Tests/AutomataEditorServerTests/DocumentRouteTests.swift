import AutomataEditorCore
import Foundation
import Testing
@testable import AutomataEditorServer

/// The documents: made by their first event or by `open`, listed, read, replaced, renamed,
/// downloaded and deleted, each change on disk before the answer.
@Suite struct DocumentRouteTests {
    static let twoStates = AutomatonDocument(states: [
        .init(id: 0, name: "q0", center: CanvasPoint(x: 100, y: 100), radius: 30, isInitial: true),
        .init(id: 1, name: "q1", center: CanvasPoint(x: 300, y: 100), radius: 30, isFinal: true),
    ], transitions: [
        .init(id: 2, from: 0, to: 1, start: CanvasPoint(x: 130, y: 100), end: CanvasPoint(x: 270, y: 100), symbols: [.text("a")]),
    ])

    static func fileJSON(_ document: AutomatonDocument) throws -> Data {
        Data(try AutomatonFile.contents(of: document))
    }

    @Test func putThenGetListRenameExportAndDelete() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            let put = try await client.send(.put, "/api/documents/first", body: try Self.fileJSON(Self.twoStates))
            #expect(put.status == .created)
            #expect(try AutomatonFile.read(from: harness.file("first")) == Self.twoStates)
            #expect(try await client.send(.put, "/api/documents/first", body: try Self.fileJSON(Self.twoStates)).status == .ok)

            let got = try await client.get("/api/documents/first")
            #expect(got.status == .ok)
            #expect(got.document == Self.twoStates)
            #expect(got.json["format"] as? String == "strokes.automaton")

            let list = try await client.get("/api/documents").json["documents"] as? [[String: Any]]
            #expect(list?.map { $0["name"] as? String } == ["first"])
            #expect(list?.first?["states"] as? Int == 2)

            let renamed = try await client.send(.post, "/api/documents/first/rename", json: ["to": "second"])
            #expect(renamed.status == .ok)
            #expect(renamed.json["name"] as? String == "second")
            #expect(!FileManager.default.fileExists(atPath: harness.file("first").path))
            #expect(try AutomatonFile.read(from: harness.file("second")) == Self.twoStates)

            let svg = try await client.get("/api/documents/second/export?format=svg")
            #expect(svg.headers[.contentDisposition] == "attachment; filename=\"second.svg\"")
            #expect(svg.text.contains("<svg") && svg.text.contains("data-state=\"0\""))
            let dot = try await client.get("/api/documents/second/export?format=dot")
            #expect(dot.text.contains("digraph") && dot.text.contains("pos="))
            let file = try await client.get("/api/documents/second/export?format=automaton")
            #expect(file.body == Data(try AutomatonFile.contents(of: Self.twoStates)))

            #expect(try await client.send(.delete, "/api/documents/second").status == .ok)
            #expect(!FileManager.default.fileExists(atPath: harness.file("second").path))
            #expect(try await client.get("/api/documents/second").status == .notFound)
            #expect(try await client.send(.delete, "/api/documents/second").status == .notFound)
        }
    }

    @Test func openMakesAMissingDocumentAndKeepsAnExistingOne() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            let made = try await client.send(.post, "/api/documents/fresh/open")
            #expect(made.status == .created)
            #expect(made.document == AutomatonDocument())
            #expect(FileManager.default.fileExists(atPath: harness.file("fresh").path))
            _ = try await client.send(.put, "/api/documents/fresh", body: try Self.fileJSON(Self.twoStates))
            let opened = try await client.send(.post, "/api/documents/fresh/open")
            #expect(opened.status == .ok)
            #expect(opened.document == Self.twoStates)
            #expect((opened.json["svg"] as? String)?.contains("class=\"state\" data-state=\"1\"") == true)
            #expect(opened.json["canUndo"] as? Bool == false)
        }
    }

    @Test func renameOntoAnExistingDocumentIsAConflict() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            _ = try await client.send(.post, "/api/documents/one/open")
            _ = try await client.send(.put, "/api/documents/two", body: try Self.fileJSON(Self.twoStates))
            let answer = try await client.send(.post, "/api/documents/one/rename", json: ["to": "two"])
            #expect(answer.status == .conflict)
            #expect(answer.error == "a document \"two\" exists already")
            #expect(try AutomatonFile.read(from: harness.file("two")) == Self.twoStates)
        }
    }

    @Test func aFileChangedOnDiskIsReadAgain() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            _ = try await client.send(.post, "/api/documents/shared/open")
            try AutomatonFile.write(Self.twoStates, to: harness.file("shared"))
            #expect(try await client.get("/api/documents/shared").document == Self.twoStates)
        }
    }

    @Test func thePageAndItsModulesAreServed() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            let page = try await client.get("/")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(page.text.contains("id=\"canvas\""))
            let withDocument = try await client.get("/?doc=anything")
            #expect(withDocument.body == page.body)
            // Every module the page imports is there.
            let folder = try #require(EditorServer.pageFolder)
            let scripts = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("js").path)
            #expect(!scripts.isEmpty)
            for script in scripts where script.hasSuffix(".js") {
                let answer = try await client.get("/js/\(script)")
                #expect(answer.status == .ok, "js/\(script)")
                #expect(answer.headers[.contentType]?.contains("javascript") == true, "js/\(script)")
            }
        }
    }
}
