import BoundedXML
import Foundation
import Testing
@testable import AutomataEditorCore

/// A space is a symbol in JFLAP (a student may type one on a transition): it imports, runs,
/// exports and comes back as itself, and a saved document keeps it.
@Suite struct JFLAPSpaceSymbolTests {
    @Test func aReadOfASpaceImportsAsTheSpaceSymbol() throws {
        let document = try JFLAPFixtures.imported("space-symbol.jff").document
        let automaton = document.automaton
        #expect(automaton.alphabet == ["a", " "])
        #expect(automaton.transitions.contains(.init(from: 1, symbol: .text(" "), to: 0)), "the read of a space alone")
        // a( a)*: a, then a space and a again; the space in " a" starts a chain like any symbol.
        #expect(JFLAPFixtures.disagreements(automaton, "a( a)*", over: ["a", " "], upTo: 7).isEmpty)
        #expect(automaton.run(Word(typed: "a a a")).accepted && !automaton.run(Word(typed: "a  a")).accepted)
    }

    @Test func aSpaceSymbolIsExportedAndReadBack() throws {
        let first = try JFLAPFixtures.imported("space-symbol.jff").document
        let text = try JFLAPExportTests.export(first).text
        let reads = try BoundedXML.parse(Data(text.utf8)).child(named: "automaton")?.children(named: "transition")
            .map { $0.child(named: "read")?.text }
        #expect(reads?.contains(" ") == true, "written as <read> </read>: \(text)")
        let second = try JFLAPExportTests.reimport(text)
        #expect(second.automaton.transitions == first.automaton.transitions)
        #expect(second.automaton.isEquivalent(to: first.automaton))
    }

    @Test func aSavedDocumentKeepsItsSpaceSymbol() throws {
        let document = try JFLAPFixtures.imported("space-symbol.jff").document
        let saved = try AutomatonFile.contents(of: document)
        let read = try AutomatonFile.decoded(Data(saved), from: URL(fileURLWithPath: "space.automaton"))
        #expect(read.automaton.transitions == document.automaton.transitions)
    }

    @Test func whatXMLCannotHoldIsStillRefusedByName() {
        for (read, code) in [("&#9;", "U+9"), ("&#x2028;", "U+2028"), ("&#x200B;", "U+200B")] {
            let text = "<structure><type>fa</type><state id=\"0\"/><transition><from>0</from><to>0</to><read>\(read)</read></transition></structure>"
            #expect(JFLAPFixtures.problem(of: text) == .malformed("transition 1 reads a character that is not a symbol (\(code): a line break, a control or invisible character, or ε)"),
                    "\(read)")
        }
    }
}
