import Foundation
import Testing
@testable import AutomataEditorCore

/// Importing JFLAP files: finite automata from JFLAP 6, 7 and 8, multi-character reads,
/// λ, regular expressions, and every kind of file that must be refused with one clear line.
@Suite struct JFLAPImportTests {
    @Test func aJFLAP7DFAKeepsNamesPositionsMarksAndItsLanguage() throws {
        let imported = try JFLAPFixtures.imported("even-ones.jff")
        let states = imported.document.states
        #expect(states.map(\.name) == ["even", "odd"])
        #expect(states.map(\.center) == [CanvasPoint(x: 84, y: 120), CanvasPoint(x: 244, y: 120)])
        #expect(states.map(\.isInitial) == [true, false])
        #expect(states.map(\.isFinal) == [true, false])
        #expect(imported.notes.isEmpty)
        let automaton = imported.document.automaton
        #expect(automaton.isDeterministic)
        #expect(JFLAPFixtures.disagreements(automaton, "0*(10*10*)*", over: ["0", "1"], upTo: 8).isEmpty)
    }

    @Test func anEmptyReadIsEpsilon() throws {
        let automaton = try JFLAPFixtures.imported("ends-with-ab-lambda.jff").document.automaton
        #expect(automaton.hasEpsilonMoves)
        #expect(automaton.transitions.filter(\.symbol.isEpsilon).count == 2, "<read/> and <read></read>")
        #expect(JFLAPFixtures.disagreements(automaton, "|[ab]*ab", over: ["a", "b"], upTo: 8).isEmpty)
    }

    @Test func aReadOfSeveralSymbolsBecomesAChainThroughUnnamedStates() throws {
        let imported = try JFLAPFixtures.imported("multi-character-reads.jff")
        let document = imported.document
        // ab adds one state, abc two, the loop ba one.
        #expect(document.states.count == 6)
        #expect(document.states.filter(\.name.isEmpty).count == 4)
        #expect(document.automaton.transitions.allSatisfy { if case .text(let s) = $0.symbol { s.count == 1 } else { false } })
        #expect(JFLAPFixtures.disagreements(document.automaton, "((ab|abc)(ba)*c)*(ab|abc)(ba)*", over: ["a", "b", "c"], upTo: 8).isEmpty)
        let note = try #require(imported.notes.first)
        #expect(note.contains("JFLAP reads strings") && note.contains("\"abc\"") && note.contains("4 new unnamed states"), "\(note)")
        // The chain states sit apart from each other and from the named states.
        let centres = document.states.map(\.center)
        for (i, a) in centres.enumerated() { for b in centres[(i + 1)...] { #expect(a.distance(to: b) > 15) } }
        #expect(document.inconsistencies.isEmpty)
    }

    @Test func aJFLAP6FileWithoutTheAutomatonElementImports() throws {
        let automaton = try JFLAPFixtures.imported("jflap6-no-automaton-element.jff").document.automaton
        #expect(automaton.stateCount == 2)
        #expect(JFLAPFixtures.disagreements(automaton, "a+", over: ["a"], upTo: 6).isEmpty)
    }

    @Test func aJFLAP8FileImportsWithPositionsAndItsAlphabet() throws {
        let document = try JFLAPFixtures.imported("jflap8-fsa.jff").document
        #expect(document.states.map(\.name) == ["s0", "s1", "s2"])
        #expect(document.states.map(\.center) == [CanvasPoint(x: 120, y: 140), CanvasPoint(x: 260, y: 60), CanvasPoint(x: 400, y: 140)])
        #expect(document.states.map(\.isInitial) == [true, false, false])
        #expect(document.states.map(\.isFinal) == [false, false, true])
        #expect(document.extraSymbols == ["c"], "the declared input alphabet keeps its unused symbol")
        #expect(JFLAPFixtures.disagreements(document.automaton, "(ab)?b*", over: ["a", "b", "c"], upTo: 7).isEmpty)
    }

    @Test func aFileWithoutPositionsIsLaidOut() throws {
        let imported = try JFLAPFixtures.imported("no-positions.jff")
        #expect(Set(imported.document.states.map(\.center)).count == 3)
        #expect(imported.notes == ["the file gives no positions for its states: laid out automatically"])
        #expect(JFLAPFixtures.disagreements(imported.document.automaton, "(xyx)*xy", over: ["x", "y"], upTo: 9).isEmpty)
    }

    @Test(arguments: [("regex-ends-abb.jff", "[ab]*abb", ["a", "b"]), ("regex-lambda.jff", "a?b*", ["a", "b"])])
    func aRegularExpressionBecomesAnEpsilonNFA(file: String, pattern: String, alphabet: [String]) throws {
        let imported = try JFLAPFixtures.imported(file)
        let automaton = imported.document.automaton
        #expect(automaton.hasEpsilonMoves)
        #expect(JFLAPFixtures.disagreements(automaton, pattern, over: alphabet, upTo: 9).isEmpty)
        #expect(imported.notes.first?.contains("ε-NFA") == true)
        // Laid out: no two states on top of each other, names q0, q1, … left to right.
        let states = imported.document.states
        #expect(Set(states.map(\.center)).count == states.count)
        #expect(states.first?.isInitial == true && states.first?.center.x == states.map(\.center.x).min())
    }

    @Test(arguments: [
        ("a", "a"), ("a+b", "a|b"), ("ab*", "ab*"), ("(ab)*", "(ab)*"), ("a**", "a*"), ("!", ""), ("!*", ""),
        ("(a+!)(b+!)", "a?b?"), ("((a))(b+c)*a", "a[bc]*a"), ("a b", "ab"), ("(a*b*)*", "[ab]*"), ("a*b*", "a*b*"),
        ("(a+bc)*(!+c)", "(a|bc)*c?"),
    ])
    func expressionsMeanWhatJFLAPMeans(expression: String, pattern: String) throws {
        let automaton = try JFLAPRegularExpression(parsing: expression).automaton
        #expect(JFLAPFixtures.disagreements(automaton, pattern, over: ["a", "b", "c"], upTo: 6).isEmpty, "\(expression)")
    }

    @Test(arguments: [
        ("(a+b*", "never closed"), ("a+", "missing at the end"), ("+a", "missing before \"+\""), ("*a", "follows nothing"),
        ("a)", "closes no parenthesis"), ("", "empty"), ("()", "missing before \")\""), ("a+*", "follows nothing"),
        (String(repeating: "(", count: 600) + "a" + String(repeating: ")", count: 600), "deeper than 500"),
        (String(repeating: "a", count: 10_001), "the most is 10000"),
    ])
    func aMalformedExpressionIsRefusedSayingWhere(expression: String, expected: String) {
        do {
            _ = try JFLAPRegularExpression(parsing: expression)
            Issue.record("\(expression.prefix(20)) parsed")
        } catch {
            guard case .malformedExpression(let message) = error else { Issue.record("\(error)"); return }
            #expect(message.contains(expected), "\(message)")
        }
    }

    @Test func aMalformedExpressionFileIsRefusedNamingTheFile() {
        do {
            _ = try JFLAPFile.read(from: JFLAPFixtures.url("regex-malformed.jff"))
            Issue.record("imported")
        } catch {
            #expect(error.description.hasSuffix("regex-malformed.jff: a malformed regular expression: the \"(\" at character 1 is never closed"))
        }
    }

    @Test(arguments: [("pushdown.jff", "pushdown automaton (type pda)"), ("turing.jff", "Turing machine (type turing)"),
                      ("grammar.jff", "grammar (type grammar)")])
    func otherKindsOfFileAreRefusedByName(file: String, kind: String) {
        #expect(JFLAPFixtures.problem(file) == .unsupportedType(kind))
    }

    @Test func aJFLAP8PushdownAutomatonIsRefusedByName() {
        let text = """
            <?xml version="1.0"?><structure type="editor_panel"><structure type="transition_graph">
            <structure mode="Default mode" type="pda"/></structure></structure>
            """
        #expect(JFLAPFixtures.problem(of: text) == .unsupportedType("pushdown automaton (type pda)"))
    }

    @Test func brokenXMLSaysWhere() {
        #expect(JFLAPFixtures.problem("broken-xml.jff") == .notXML("not well-formed XML (line 4, column 63)"))
    }

    @Test func aDoctypeIsRefusedBeforeParsing() {
        guard case .notXML(let message) = JFLAPFixtures.problem("entity-expansion.jff") else { Issue.record("imported"); return }
        #expect(message.contains("DOCTYPE"))
    }

    @Test func deepOrHugeXMLIsRefusedWithinTheLimits() {
        let deep = String(repeating: "<structure>", count: 100) + String(repeating: "</structure>", count: 100)
        #expect(JFLAPFixtures.problem(of: deep) == .notXML("the XML nests deeper than 64 elements"))
        let huge = "<structure>" + String(repeating: " ", count: 5 << 20) + "</structure>"
        guard case .notXML(let message) = JFLAPFixtures.problem(of: huge) else { Issue.record("read"); return }
        #expect(message.contains("the most read is 4194304"))
    }

    @Test(arguments: [
        ("<automaton/>", "the root element is <automaton>, not JFLAP's <structure>"),
        ("<structure><automaton/></structure>", "it has no <type>"),
        ("<structure><type>fa</type><state name=\"q\"/></structure>", "state 1 has no id"),
        ("<structure><type>fa</type><state id=\"0\"/><state id=\"0\"/></structure>", "state id 0 is used more than once"),
        ("<structure><type>fa</type><state id=\"0\"/><transition><from>0</from><to>7</to></transition></structure>",
         "transition 1 goes to or from state 7, which does not exist"),
        ("<structure><type>fa</type><state id=\"0\"><x>1e400</x><y>0</y></state></structure>",
         "state 0 is at (1e400, 0), not a position within ±1,000,000"),
        ("<structure><type>fa</type><state id=\"0\"/><transition><to>0</to></transition></structure>",
         "transition 1 has no <from> or <to>"),
        ("<structure><type>re</type></structure>", "a regular expression file without <expression>"),
    ])
    func damagedFilesAreRefusedSayingWhat(text: String, expected: String) {
        #expect(JFLAPFixtures.problem(of: text) == .malformed(expected))
    }

    @Test func aMissingFileIsUnreadable() {
        guard case .unreadable = JFLAPFixtures.problem("no-such-file.jff") else { Issue.record("read"); return }
    }

    @Test func theReaderPicksTheFormatByExtension() throws {
        #expect(try DocumentReader.read(from: JFLAPFixtures.url("even-ones.jff")).document.states.count == 2)
        #expect(DocumentReader.isJFLAP(URL(fileURLWithPath: "x.JFF")))
        #expect(!DocumentReader.isJFLAP(URL(fileURLWithPath: "x.automaton")))
    }
}
