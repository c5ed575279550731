import Foundation
import Testing
@testable import AutomataEditorCore

@Suite struct DocumentFileTests {
    /// A fresh folder per test; tests run in parallel.
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("automaton-file-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The file's problem, or nil when it reads.
    private func readProblem(_ url: URL) -> AutomatonFileError.Problem? {
        do {
            _ = try AutomatonFile.read(from: url)
            return nil
        } catch let error as AutomatonFileError {
            #expect(error.description.hasPrefix(url.path + ": "), "the error names the file: \(error)")
            return error.problem
        } catch {
            Issue.record("not an AutomatonFileError: \(error)")
            return nil
        }
    }

    /// A file with `document` (any JSON text) under the current marker and version.
    private func rawFile(document: String, format: String = "\"strokes.automaton\"", version: String = "1", in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("raw.automaton")
        try Data("{\"format\": \(format), \"version\": \(version), \"document\": \(document)}".utf8).write(to: url)
        return url
    }

    private func json(_ document: AutomatonDocument) throws -> String {
        String(decoding: try JSONEncoder().encode(document), as: UTF8.self)
    }

    @Test func aDocumentRoundTripsExactly() throws {
        let url = try folder().appendingPathComponent("example.automaton")
        let document = SampleDocuments.textbook
        try AutomatonFile.write(document, to: url)
        #expect(try AutomatonFile.read(from: url) == document)

        let header = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect(header["format"] as? String == "strokes.automaton" && header["version"] as? Int == 1)
        #expect(header["document"] is [String: Any])
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("\n  \"document\""), "pretty-printed")
        #expect(text.contains("\"ε\""), "ε stored as itself")
        #expect(text.hasSuffix("}\n"))
    }

    @Test func writingTwiceGivesTheSameBytes() throws {
        let url = try folder().appendingPathComponent("stable.automaton")
        try AutomatonFile.write(SampleDocuments.textbook, to: url)
        let first = try Data(contentsOf: url)
        try AutomatonFile.write(SampleDocuments.textbook, to: url)
        #expect(try Data(contentsOf: url) == first, "sorted keys: saving an unchanged document changes no byte")
    }

    @Test func emptyAndOddDocumentsRoundTrip() throws {
        let folder = try folder()
        let odd = AutomatonDocument(
            states: [.init(id: 0, name: "a \"quoted\" \\ name\n<&>", center: CanvasPoint(x: -10.25, y: 1e6), radius: 0.5)],
            transitions: [.init(id: 3, from: nil, to: nil, start: CanvasPoint(x: 0, y: 0), end: CanvasPoint(x: 1, y: 1))],
            extraSymbols: ["z"], nextID: 10)
        for document in [AutomatonDocument(), odd] {
            let url = folder.appendingPathComponent("odd.automaton")
            try AutomatonFile.write(document, to: url)
            #expect(try AutomatonFile.read(from: url) == document)
        }
    }

    /// An algorithm's result keeps its origin in the file; a document without one is written
    /// without the key, so older files read and are written as before.
    @Test func theOriginRoundTripsAndIsLeftOutWhenAbsent() throws {
        let folder = try folder()
        let url = folder.appendingPathComponent("result.automaton")
        for origin in [AutomatonDocument.Origin(source: "even", operation: "minimise"),
                       AutomatonDocument.Origin(source: "even", operation: "union", other: "odd")] {
            var result = SampleDocuments.textbook
            result.origin = origin
            try AutomatonFile.write(result, to: url)
            #expect(try AutomatonFile.read(from: url) == result)
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text.contains("\"origin\"") && text.contains("\"other\"") == (origin.other != nil))
        }
        try AutomatonFile.write(SampleDocuments.textbook, to: url)
        #expect(try !String(contentsOf: url, encoding: .utf8).contains("origin"))
        let older = try rawFile(document: try json(SampleDocuments.textbook), in: folder)
        #expect(try AutomatonFile.read(from: older).origin == nil)
    }

    @Test func corruptAndTruncatedFilesAreNotJSON() throws {
        let folder = try folder()
        let good = folder.appendingPathComponent("good.automaton")
        try AutomatonFile.write(SampleDocuments.textbook, to: good)
        let bytes = try Data(contentsOf: good)

        let truncated = folder.appendingPathComponent("truncated.automaton")
        try bytes.prefix(bytes.count / 2).write(to: truncated)
        #expect(readProblem(truncated) == .notJSON)

        let garbage = folder.appendingPathComponent("garbage.automaton")
        try Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2]).write(to: garbage)
        #expect(readProblem(garbage) == .notJSON)

        let empty = folder.appendingPathComponent("empty.automaton")
        try Data().write(to: empty)
        #expect(readProblem(empty) == .empty)

        let missing = folder.appendingPathComponent("missing.automaton")
        guard case .unreadable = readProblem(missing) else {
            Issue.record("a missing file is unreadable")
            return
        }
    }

    @Test func foreignJSONIsNamedAsSuch() throws {
        let folder = try folder()
        let cases: [(String, AutomatonFileError.Problem)] = [
            ("{\"states\": []}", .foreignFormat(found: nil)),
            ("[1, 2, 3]", .foreignFormat(found: nil)),
            ("\"just text\"", .foreignFormat(found: nil)),
            ("{\"format\": \"strokes.model\", \"version\": 1}", .foreignFormat(found: "strokes.model")),
        ]
        for (text, problem) in cases {
            let url = folder.appendingPathComponent("foreign.json")
            try Data(text.utf8).write(to: url)
            #expect(readProblem(url) == problem, "\(text)")
        }
        let url = folder.appendingPathComponent("other.json")
        try Data("{\"format\": \"strokes.model\"}".utf8).write(to: url)
        let error = try #require(throws: AutomatonFileError.self) { try AutomatonFile.read(from: url) }
        #expect(error.description.contains("not an automaton document") && error.description.contains("strokes.model"))
    }

    @Test func aNewerVersionIsRefusedWithThatReason() throws {
        let folder = try folder()
        let url = try rawFile(document: json(SampleDocuments.textbook), version: "2", in: folder)
        #expect(readProblem(url) == .newerVersion(2))
        let error = try #require(throws: AutomatonFileError.self) { try AutomatonFile.read(from: url) }
        #expect(error.description.contains("newer version"))

        for bad in ["0", "\"1\"", "1.5"] {
            #expect(readProblem(try rawFile(document: json(SampleDocuments.textbook), version: bad, in: folder)) == .invalidVersion, "\(bad)")
        }
    }

    @Test func aDocumentThatDoesNotDecodeSaysWhatAndWhere() throws {
        let folder = try folder()
        let url = try rawFile(document: "{\"states\": [{\"id\": 1}], \"transitions\": [], \"extraSymbols\": [], \"nextID\": 2}", in: folder)
        guard case .malformed(let what) = readProblem(url) else {
            Issue.record("expected .malformed")
            return
        }
        #expect(what.contains("states[0]"), "\(what)")
        let wrongType = try rawFile(document: "{\"states\": 5, \"transitions\": [], \"extraSymbols\": [], \"nextID\": 2}", in: folder)
        guard case .malformed(let typeWhat) = readProblem(wrongType) else {
            Issue.record("expected .malformed")
            return
        }
        #expect(typeWhat.contains("states"), "\(typeWhat)")
    }

    @Test(arguments: [
        ("missing state", "goes to state 99, which does not exist"),
        ("duplicate ids", "id 1 is used more than once"),
        ("negative radius", "a radius must be positive"),
        ("low nextID", "nextID 2 is not above every id"),
    ])
    func inconsistentDocumentsAreRefusedOnReadAndWrite(_ flaw: String, _ expected: String) throws {
        var document = SampleDocuments.textbook
        switch flaw {
        case "missing state": document.transitions[0].to = 99
        case "duplicate ids": document.transitions[0].id = document.states[1].id
        case "negative radius": document.states[0].radius = -3
        default: document.nextID = 2
        }
        let folder = try folder()
        let url = try rawFile(document: json(document), in: folder)
        guard case .inconsistent(let problems) = readProblem(url) else {
            Issue.record("expected .inconsistent for \(flaw)")
            return
        }
        #expect(problems.contains { $0.contains(expected) }, "\(problems)")

        // Writing it is refused too, and the old file stays as it was.
        let saved = folder.appendingPathComponent("saved.automaton")
        try AutomatonFile.write(SampleDocuments.textbook, to: saved)
        let error = try #require(throws: AutomatonFileError.self) { try AutomatonFile.write(document, to: saved) }
        #expect(error.description.contains(expected))
        #expect(try AutomatonFile.read(from: saved) == SampleDocuments.textbook)
    }

    @Test func aFailedWriteLeavesTheOldFileAndNoLeftovers() throws {
        let folder = try folder()
        // A folder in the way: rename(2) cannot replace it, so the write fails at the last step.
        let blocked = folder.appendingPathComponent("blocked.automaton")
        try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: false)
        try Data("old".utf8).write(to: blocked.appendingPathComponent("inside"))
        let error = try #require(throws: AutomatonFileError.self) { try AutomatonFile.write(SampleDocuments.textbook, to: blocked) }
        guard case .unwritable = error.problem else {
            Issue.record("expected .unwritable, got \(error)")
            return
        }
        #expect(error.description.contains(blocked.path))
        #expect(try Data(contentsOf: blocked.appendingPathComponent("inside")) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["blocked.automaton"], "no temporary file left")

        // A NaN cannot be saved (JSON has none): refused before the old file is touched.
        let saved = folder.appendingPathComponent("saved.automaton")
        try AutomatonFile.write(SampleDocuments.textbook, to: saved)
        var broken = SampleDocuments.textbook
        broken.states[0].center.x = .nan
        #expect(throws: AutomatonFileError.self) { try AutomatonFile.write(broken, to: saved) }
        #expect(try AutomatonFile.read(from: saved) == SampleDocuments.textbook)
    }

    @Test func theSampleDocumentIsConsistent() {
        #expect(SampleDocuments.textbook.inconsistencies.isEmpty)
        #expect(AutomatonDocument().inconsistencies.isEmpty)
    }
}
