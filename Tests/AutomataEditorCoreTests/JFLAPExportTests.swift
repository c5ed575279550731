import BoundedXML
import Foundation
import Testing
@testable import AutomataEditorCore

/// Writing JFLAP 7 files, and the round trip import → export → import.
@Suite struct JFLAPExportTests {
    static func export(_ document: AutomatonDocument) throws -> (text: String, notes: [String]) {
        try JFLAPFile.contents(of: document, for: URL(fileURLWithPath: "out.jff"))
    }

    static func reimport(_ text: String) throws -> AutomatonDocument {
        try JFLAPFile.decoded(Data(text.utf8), from: URL(fileURLWithPath: "out.jff")).document
    }

    @Test(arguments: ["even-ones.jff", "ends-with-ab-lambda.jff", "multi-character-reads.jff", "jflap6-no-automaton-element.jff",
                      "jflap8-fsa.jff", "regex-ends-abb.jff", "no-positions.jff"])
    func importExportImportKeepsTheLanguageAndTheLayout(file: String) throws {
        let first = try JFLAPFixtures.imported(file).document
        let second = try Self.reimport(try Self.export(first).text)
        #expect(second.states.map(\.name) == first.states.map(\.name))
        #expect(second.states.map(\.center) == first.states.map(\.center), "positions are written exactly")
        #expect(second.states.map(\.isInitial) == first.states.map(\.isInitial))
        #expect(second.states.map(\.isFinal) == first.states.map(\.isFinal))
        #expect(second.automaton.transitions == first.automaton.transitions, "the same moves, state for state")
        #expect(second.automaton.isEquivalent(to: first.automaton))
    }

    @Test func theFileIsJFLAP7WithOneTransitionPerSymbolAndLambdaAsAnEmptyRead() throws {
        let (text, notes) = try Self.export(SampleDocuments.textbook)
        let root = try BoundedXML.parse(Data(text.utf8))
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>"))
        #expect(root.childText("type") == "fa")
        let automaton = try #require(root.child(named: "automaton"))
        let states = automaton.children(named: "state")
        #expect(states.map { $0.attributes["id"] } == ["0", "1", "2", "3"])
        #expect(states.map { $0.attributes["name"] } == ["q0", "q1", "q2", "trap"])
        #expect(states.map { $0.childText("x") } == ["100.0", "290.0", "480.0", "290.0"])
        #expect(states.map { $0.child(named: "initial") != nil } == [true, false, false, false])
        #expect(states.map { $0.child(named: "final") != nil } == [false, false, true, false])
        let reads = automaton.children(named: "transition").map { [$0.childText("from"), $0.childText("to"), $0.childText("read")] }
        // The loop on q2 reads a and b: two transitions; the ε-move an empty <read/>.
        #expect(reads.filter { $0[0] == "2" && $0[1] == "2" }.map { $0[2] } == ["a", "b"])
        #expect(reads.contains(["2", "3", ""]))
        #expect(text.contains("<read/>"))
        #expect(reads.count == SampleDocuments.textbook.automaton.transitions.count)
        #expect(notes == ["2 transitions with a free end or no symbol left out, as in the automaton"])
    }

    @Test func aSymbolOfSeveralCharactersIsRefusedNotRewritten() {
        var document = SampleDocuments.textbook
        document.transitions[0].symbols = [.text("ab")]
        #expect(throws: JFLAPFileError(url: URL(fileURLWithPath: "out.jff"), problem: .notExportable(
            "the symbol \"ab\" has 2 characters, and JFLAP would read it as 2 symbols one after another; rename it to one character"))) {
            try Self.export(document)
        }
    }

    @Test func severalInitialStatesBecomeOneWithLambdaMoves() throws {
        var document = SampleDocuments.large
        // JFLAP symbols are single characters.
        for index in document.transitions.indices {
            document.transitions[index].symbols = document.transitions[index].symbols.map { symbol in
                if case .text(let text) = symbol { .text(String(text.prefix(1))) } else { symbol }
            }
        }
        #expect(document.states.filter(\.isInitial).count == 2)
        let (text, notes) = try Self.export(document)
        let back = try Self.reimport(text)
        // A state is already named start: the new one takes a free name.
        #expect(back.states.filter(\.isInitial).map(\.name) == ["start'"])
        #expect(back.automaton.isEquivalent(to: document.automaton))
        #expect(notes.contains { $0.contains("JFLAP has one initial state") })
    }

    @Test func namesAndSymbolsAreEscaped() throws {
        let document = AutomatonDocument(states: [
            .init(id: 0, name: "a<b&\"c\"'", center: CanvasPoint(x: 10, y: 20), radius: 20, isInitial: true, isFinal: true),
        ], transitions: [
            .init(id: 1, from: 0, to: 0, start: CanvasPoint(x: 10, y: 0), end: CanvasPoint(x: 10, y: -20), symbols: [.text("<"), .text("&")]),
        ])
        let back = try Self.reimport(try Self.export(document).text)
        #expect(back.states.map(\.name) == ["a<b&\"c\"'"])
        #expect(back.automaton.alphabet == ["<", "&"])
    }

    @Test func writingIsAtomicAndRefusalsLeaveTheOldFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("kept.jff")
        try JFLAPFile.write(SampleDocuments.textbook, to: url)
        let before = try Data(contentsOf: url)
        var bad = SampleDocuments.textbook
        bad.transitions[0].symbols = [.text("long")]
        #expect(throws: JFLAPFileError.self) { try JFLAPFile.write(bad, to: url) }
        #expect(try Data(contentsOf: url) == before)
    }
}
