import AutomataEditorCore
import Foundation
import HTTPTypes
import Testing
@testable import AutomataEditorServer

/// Every bad request gets a 4xx with a one-line JSON error naming the problem, the server
/// goes on serving, and no file in the documents or corrections folder changes.
@Suite struct BadRequestTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let method: HTTPRequest.Method
        let path: String
        let body: Data?
        let status: HTTPResponse.Status
        /// Words the error must contain.
        let naming: String

        init(_ label: String, _ method: HTTPRequest.Method, _ path: String, _ body: String?,
             _ status: HTTPResponse.Status = .badRequest, naming: String) {
            self.label = label
            self.method = method
            self.path = path
            self.body = body.map { Data($0.utf8) }
            self.status = status
            self.naming = naming
        }

        var testDescription: String { label }
    }

    static let manyPoints = "{\"stroke\": [" + Array(repeating: "[1,2]", count: 10_001).joined(separator: ",") + "]}"
    static let huge = "{\"stroke\": [" + Array(repeating: "[1,2]", count: 200_000).joined(separator: ",") + "]}"

    static let events = "/api/documents/kept/events"
    static let ink = "/api/ink?file=x.inkml"
    static func inkML(_ traces: String...) -> String {
        "<ink xmlns=\"http://www.w3.org/2003/InkML\">" + traces.map { "<trace>\($0)</trace>" }.joined() + "</ink>"
    }
    static let longTrace = inkML("1 2, 3 4", Array(repeating: "1 2", count: 10_001).joined(separator: ", "))
    static let hugeInk = inkML(Array(repeating: "1 2", count: 300_000).joined(separator: ", "))
    static let cases: [Case] = [
        Case("a body over 1 MiB", .post, events, huge, .contentTooLarge, naming: "over 1 MiB"),
        Case("malformed JSON", .post, events, "{\"stroke\": [[1, 2]", naming: "not valid JSON"),
        Case("an empty body", .post, events, "", naming: "empty"),
        Case("NaN, which JSON does not have", .post, events, "{\"stroke\": [[NaN, 2]]}", naming: "not valid JSON"),
        Case("a number too large for a double", .post, events, "{\"stroke\": [[1e999, 2]]}", naming: "1e999"),
        Case("coordinates off any canvas", .post, events, "{\"stroke\": [[10000000, 2]]}", naming: "off the canvas"),
        Case("over 10,000 points", .post, events, manyPoints, naming: "10001 points"),
        Case("a list, not an event", .post, events, "[[1, 2]]", naming: "not an object"),
        Case("an unknown kind of event", .post, events, "{\"scribble\": [[1, 2]]}", naming: "scribble"),
        Case("a stroke that is not a list", .post, events, "{\"stroke\": \"circle\"}", naming: "not a list of points"),
        Case("a stroke with no points", .post, events, "{\"stroke\": []}", naming: "no points"),
        Case("a point of three numbers", .post, events, "{\"stroke\": [[1, 2, 3]]}", naming: "3 values"),
        Case("a point of strings", .post, events, "{\"stroke\": [[\"1\", \"2\"]]}", naming: "not a pair of numbers"),
        Case("a stroke with another key", .post, events, "{\"stroke\": [[1, 2]], \"pressure\": 1}", naming: "pressure"),
        Case("an empty text", .post, events, "{\"text\": \" \", \"at\": [1, 2]}", naming: "empty"),
        Case("a text without where", .post, events, "{\"text\": \"a\"}", naming: "without \"at\""),
        Case("undo that is not true", .post, events, "{\"undo\": false}", naming: "must be true"),
        Case("undo given as 1", .post, events, "{\"undo\": 1}", naming: "must be true"),
        Case("a move to no point", .post, events, "{\"move\": 0, \"to\": \"there\"}", naming: "\"to\" is not a point"),
        Case("a move of no id", .post, events, "{\"move\": \"q0\", \"to\": [1, 2]}", naming: "not an id"),
        Case("a connect to no end", .post, events, "{\"connect\": 2, \"end\": \"tip\", \"state\": 0}", naming: "not \"start\" or \"end\""),
        Case("a connect of no id", .post, events, "{\"connect\": 2, \"end\": \"end\", \"state\": \"q0\"}", naming: "not an id"),
        Case("a name with ../ encoded", .post, "/api/documents/..%2Fx/events", "{\"undo\": true}", naming: "not a document name"),
        Case("a name of dots, encoded", .post, "/api/documents/%2E%2E/events", "{\"undo\": true}", naming: "not a document name"),
        Case("a name with a dot", .get, "/api/documents/kept.automaton", nil, naming: "not a document name"),
        Case("a name with a NUL", .get, "/api/documents/a%00b", nil, naming: "not a document name"),
        Case("a name of 65 characters", .get, "/api/documents/" + String(repeating: "n", count: 65), nil, naming: "65 characters"),
        Case("a non-ASCII name", .get, "/api/documents/%C3%A9t%C3%A9", nil, naming: "not a document name"),
        Case("a missing document", .get, "/api/documents/missing", nil, .notFound, naming: "no document \"missing\""),
        Case("an unknown route", .get, "/api/nothing", nil, .notFound, naming: "not found"),
        Case("a word that is not text", .post, "/api/documents/kept/run", "{\"word\": 5}", naming: "\"word\" is not a string"),
        Case("a run without a word", .post, "/api/documents/kept/run", "{}", naming: "\"word\" is missing"),
        Case("an unknown operation", .post, "/api/documents/kept/algorithms", "{\"operation\": \"sort\"}", naming: "not one of"),
        Case("union with nothing", .post, "/api/documents/kept/algorithms", "{\"operation\": \"union\"}", naming: "needs \"with\""),
        Case("union with a missing document", .post, "/api/documents/kept/algorithms", "{\"operation\": \"union\", \"with\": \"gone\"}",
             .notFound, naming: "no document \"gone\""),
        Case("Teach with an unknown class", .post, "/api/documents/kept/corrections", "{\"stroke\": [[1, 2]], \"class\": \"square\"}",
             naming: "\"class\" is \"square\", not one of circle, arrow, cycle, nothing, part, writing"),
        Case("Teach with a class in a student's words", .post, "/api/documents/kept/corrections",
             "{\"stroke\": [[1, 2]], \"class\": \"self-loop\"}", naming: "\"class\" is \"self-loop\", not one of"),
        Case("Teach replacing what is not there", .post, "/api/documents/kept/corrections",
             "{\"stroke\": [[1, 2], [3, 4]], \"class\": \"arrow\", \"replacing\": [77]}", .unprocessableContent, naming: "no element with id 77"),
        Case("a correction of a word that is not there", .post, "/api/documents/kept/words", "{\"word\": 0, \"text\": \"b\"}",
             .unprocessableContent, naming: "\"kept\" has no handwritten word 0 (it has 0)"),
        Case("a correction without text", .post, "/api/documents/kept/words", "{\"word\": 0}", naming: "\"text\" is missing"),
        Case("a correction of a word that is no number", .post, "/api/documents/kept/words", "{\"word\": \"a\", \"text\": \"b\"}",
             naming: "\"word\""),
        Case("a document that is not a file's JSON", .put, "/api/documents/kept", "{\"states\": []}",
             naming: "the body: not an automaton document: JSON without the \"strokes.automaton\" format marker"),
        Case("a document off the canvas", .put, "/api/documents/kept",
             #"{"format": "strokes.automaton", "version": 1, "document": {"states": [{"id": 0, "name": "q0", "center": {"x": 1e12, "y": 0}, "radius": 30, "isInitial": true, "isFinal": false}], "transitions": [], "extraSymbols": [], "nextID": 1}}"#,
             naming: "the body: state 0 is off the canvas"),
        Case("an extra symbol that is not one", .put, "/api/documents/kept",
             #"{"format": "strokes.automaton", "version": 1, "document": {"states": [], "transitions": [], "extraSymbols": [" a"], "nextID": 0}}"#,
             naming: "the extra symbol \" a\" is not a symbol"),
        Case("a new name that is not one", .post, "/api/documents/kept/rename", "{\"to\": \"a/b\"}", naming: "\"to\": \"a/b\" is not a document name"),
        Case("Teach with a point of one number", .post, "/api/documents/kept/corrections",
             "{\"stroke\": [[1]], \"class\": \"arrow\"}", naming: "\"stroke\", point 1: not a pair of numbers"),
        Case("a download in an unknown format", .get, "/api/documents/kept/export?format=pdf", nil, naming: "pdf"),
        Case("a corrupt file in the folder", .post, "/api/documents/corrupt/events", "{\"undo\": true}", .unprocessableContent,
             naming: "corrupt.automaton"),
        Case("a foreign file in the folder", .get, "/api/documents/foreign", nil, .unprocessableContent, naming: "foreign.automaton"),
        Case("an import of a pushdown automaton", .post, "/api/documents/pda/import?file=pda.jff",
             "<structure><type>pda</type></structure>", naming: "pda.jff: a JFLAP pushdown automaton (type pda)"),
        Case("an import of broken XML", .post, "/api/documents/x/import?file=x.jff", "<structure><type>fa", naming: "x.jff: not a JFLAP file: not well-formed XML"),
        Case("an import with a DOCTYPE", .post, "/api/documents/x/import",
             "<!DOCTYPE s [<!ENTITY a \"aaaa\">]><structure/>", naming: "x.jff: not a JFLAP file: the XML has a DOCTYPE"),
        Case("an import of a malformed expression", .post, "/api/documents/x/import",
             "<structure><type>re</type><expression>a+</expression></structure>", naming: "a malformed regular expression: an operand is missing at the end"),
        Case("an import off the canvas", .post, "/api/documents/x/import",
             "<structure><type>fa</type><state id=\"0\"><x>1e7</x><y>0</y></state></structure>", naming: "not a position within ±1,000,000"),
        Case("an import under a bad name", .post, "/api/documents/a.b/import", "<structure/>", naming: "not a document name"),
        Case("ink that is not XML", .post, ink, "ink", naming: "x.inkml: not well-formed XML (line 1, column 1)"),
        Case("ink that is not InkML", .post, ink, "<svg/>", naming: "x.inkml: not InkML: the root element is <svg>"),
        Case("ink without traces", .post, ink, inkML(), naming: "x.inkml: no traces"),
        Case("ink with a letter for a number", .post, ink, inkML("1 2, 3 x"), naming: "x.inkml: trace 1, point 2, channel Y"),
        Case("ink with a DOCTYPE", .post, ink, "<!DOCTYPE ink [<!ENTITY a \"aaaa\">]><ink/>", naming: "x.inkml: the XML has a DOCTYPE"),
        Case("a trace of over 10,000 points", .post, ink, longTrace, naming: "x.inkml, trace 2: 10001 points; the most is 10000"),
        Case("a trace off the canvas", .post, ink, inkML("1 2, 2000000 5"),
             naming: "x.inkml, trace 1, point 2: (2000000.0, 5.0) is off the canvas"),
        Case("ink over 1 MiB", .post, ink, hugeInk, .contentTooLarge, naming: "over 1 MiB"),
        Case("a test set with a bad verdict", .post, "/api/documents/kept/tests", "{\"tests\": \"0 accept\\n1 maybe\"}",
             naming: "the test set, line 2: the verdict \"maybe\" is neither accept nor reject"),
        Case("a test set with no words", .post, "/api/documents/kept/tests", "{\"tests\": \"# nothing\"}", naming: "no words to test"),
        Case("a test set that is not text", .post, "/api/documents/kept/tests", "{\"tests\": [\"0 accept\"]}", naming: "\"tests\" is not a string"),
        Case("a test set of a missing document", .post, "/api/documents/gone/tests", "{\"tests\": \"0 accept\"}", .notFound,
             naming: "no document \"gone\""),
        Case("a test set to keep that is not text", .put, "/api/documents/kept/tests", "{\"tests\": 3}", naming: "\"tests\" is not a string"),
        Case("a test set to keep for a missing document", .put, "/api/documents/gone/tests", "{\"tests\": \"0 accept\"}", .notFound,
             naming: "no document \"gone\""),
        Case("a test set over 200,000 characters", .put, "/api/documents/kept/tests", "{\"tests\": \"\(String(repeating: "0", count: 200_001))\"}",
             naming: "\"tests\" has 200001 characters; the most is 200000"),
    ]

    @Test(arguments: cases) func isRefusedWithOneLineAndChangesNoFile(_ bad: Case) async throws {
        let harness = try ServerHarness()
        try FileManager.default.createDirectory(at: harness.documents, withIntermediateDirectories: true)
        try AutomatonFile.write(DocumentRouteTests.twoStates, to: harness.file("kept"))
        try Data("{\"format\": \"strokes.automaton\", \"version\": 1, \"document\": {\"states\": [".utf8).write(to: harness.file("corrupt"))
        try Data("{\"format\": \"jflap\", \"version\": 1}".utf8).write(to: harness.file("foreign"))
        let before = try Self.snapshot(harness.root)
        try await harness.run(keep: true) { client in
            let answer = try await client.send(bad.method, bad.path, body: bad.body)
            #expect(answer.status == bad.status, "\(answer.text)")
            let error = try #require(answer.error, "no JSON error in \(answer.text)")
            #expect(error.contains(bad.naming), "\(error)")
            #expect(!answer.text.dropLast().contains("\n"), "one line")
            // Still serving.
            #expect(try await client.get("/api/documents/kept").status == .ok)
        }
        #expect(try Self.snapshot(harness.root) == before)
        try? FileManager.default.removeItem(at: harness.root)
    }

    /// Every file under `folder` with its bytes.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[url.path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    @Test func theListNamesAFileItCannotRead() async throws {
        let harness = try ServerHarness()
        try FileManager.default.createDirectory(at: harness.documents, withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: harness.file("broken"))
        try await harness.run { client in
            let list = try #require(try await client.get("/api/documents").json["documents"] as? [[String: Any]])
            #expect(list.count == 1)
            #expect((list[0]["problem"] as? String)?.contains("broken.automaton") == true)
        }
    }
}
