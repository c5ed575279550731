import Foundation
import Testing

/// `automata import`, `export --format jff`, `test`, `equivalent` and `grade` end to end, on
/// the hand-written JFLAP files in Tests/Fixtures/jflap.
@Suite("automata and JFLAP files")
struct JFLAPCLITests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/jflap")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    static func automata(_ arguments: [String], in scratch: ScratchFolder) throws -> RunResult {
        try AutomataCLITests.automata(arguments, in: scratch)
    }

    @Test func importWritesADocumentAndSaysWhatChanged() throws {
        let scratch = try ScratchFolder()
        let result = try Self.automata(["import", Self.fixture("multi-character-reads.jff"), "--out", "m.automaton"], in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("note: JFLAP reads strings on transitions: 3 reading several symbols"), "\(lines)")
        #expect(lines[1] == "imported 6 states, 8 transitions: wrote m.automaton")
        let run = try Self.automata(["run", "m.automaton", "ab", "abcab", "abba", "a"], in: scratch)
        #expect(run.stdout == "ab  accepted\nabcab  accepted\nabba  accepted\na  rejected\n", "\(run.stdout)\(run.stderr)")
    }

    @Test(arguments: [
        ("pushdown.jff", "a JFLAP pushdown automaton (type pda); only finite automata (fa) and regular expressions (re) can be imported"),
        ("turing.jff", "a JFLAP Turing machine (type turing)"),
        ("grammar.jff", "a JFLAP grammar (type grammar)"),
        ("regex-malformed.jff", "a malformed regular expression: the \"(\" at character 1 is never closed"),
        ("broken-xml.jff", "not a JFLAP file: not well-formed XML (line 4, column 63)"),
        ("entity-expansion.jff", "not a JFLAP file: the XML has a DOCTYPE"),
    ])
    func aFileThatCannotBeImportedIsOneLineAndWritesNothing(file: String, message: String) throws {
        let scratch = try ScratchFolder()
        try Data("keep".utf8).write(to: scratch.path("out.automaton"))
        let result = try Self.automata(["import", Self.fixture(file), "--out", "out.automaton"], in: scratch)
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1, "\(result.stderr)")
        #expect(result.errorLines.first == "error: \(Self.fixture(file)): \(message)" || result.errorLines.first?.hasPrefix("error: \(Self.fixture(file)): \(message)") == true,
                "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try Data(contentsOf: scratch.path("out.automaton")) == Data("keep".utf8))
    }

    @Test func importThenExportThenImportKeepsTheLanguageAndLayout() throws {
        let scratch = try ScratchFolder()
        #expect(try Self.automata(["import", Self.fixture("jflap8-fsa.jff"), "--out", "a.automaton"], in: scratch).status == 0)
        let exported = try Self.automata(["export", "a.automaton", "--format", "jff", "--out", "a.jff"], in: scratch)
        #expect(exported.status == 0, "\(exported.stderr)")
        let text = try String(contentsOf: scratch.path("a.jff"), encoding: .utf8)
        #expect(text.contains("<type>fa</type>") && text.contains("<state id=\"0\" name=\"s0\">") && text.contains("<read/>"))
        #expect(try Self.automata(["import", "a.jff", "--out", "b.automaton"], in: scratch).status == 0)
        let same = try Self.automata(["equivalent", "a.automaton", "b.automaton"], in: scratch)
        #expect(same.status == 0 && same.stdout == "equivalent\n", "\(same.stdout)\(same.stderr)")
        // Any command reads a .jff where it reads a document.
        let direct = try Self.automata(["equivalent", Self.fixture("jflap8-fsa.jff"), "a.jff"], in: scratch)
        #expect(direct.stdout == "equivalent\n")
        let a = try String(contentsOf: scratch.path("a.automaton"), encoding: .utf8)
        let b = try String(contentsOf: scratch.path("b.automaton"), encoding: .utf8)
        #expect(a.contains("\"x\" : 260") && b.contains("\"x\" : 260"), "positions kept")
    }

    @Test func equivalentGivesTheShortestWordAndExitsOneWhenTheyDiffer() throws {
        let scratch = try ScratchFolder()
        let result = try Self.automata(["equivalent", Self.fixture("regex-ends-abb.jff"), Self.fixture("ends-with-ab-lambda.jff")], in: scratch)
        #expect(result.status == 1)
        #expect(result.stdout == "not equivalent: they differ on ε: \(Self.fixture("ends-with-ab-lambda.jff")) accepts it, \(Self.fixture("regex-ends-abb.jff")) does not\n")
    }

    @Test func testPrintsEachWordAndFailsWhenOneFails() throws {
        let scratch = try ScratchFolder()
        let passing = try Self.automata(["test", Self.fixture("even-ones.jff"), Self.fixture("even-ones.txt")], in: scratch)
        #expect(passing.status == 0, "\(passing.stdout)\(passing.stderr)")
        #expect(passing.stdout.split(separator: "\n").first == "pass  ε     accepted")
        #expect(passing.stdout.hasSuffix("6 of 6 words passed\n"))
        try Data("1 accept\n00 accept\n".utf8).write(to: scratch.path("wrong.txt"))
        let failing = try Self.automata(["test", Self.fixture("even-ones.jff"), "wrong.txt"], in: scratch)
        #expect(failing.status == 1)
        #expect(failing.stdout == "FAIL  1   rejected, expected accept (line 1)\npass  00  accepted\n1 of 2 words passed\n", "\(failing.stdout)")
        try Data("1 perhaps\n".utf8).write(to: scratch.path("bad.txt"))
        let bad = try Self.automata(["test", Self.fixture("even-ones.jff"), "bad.txt"], in: scratch)
        #expect(bad.status == 1 && bad.errorLines == ["error: bad.txt, line 1: the verdict \"perhaps\" is neither accept nor reject"], "\(bad.stderr)")
    }

    @Test func gradeGivesEverySubmissionARowAndWritesCSV() throws {
        let scratch = try ScratchFolder()
        let files = ["even-ones.jff", "regex-lambda.jff", "pushdown.jff", "broken-xml.jff"].map(Self.fixture) + ["missing.jff"]
        let result = try Self.automata(["grade", "--reference", Self.fixture("even-ones.jff")] + files + ["--csv", "grades.csv"], in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        var lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        #expect(lines[0].contains("even-ones.jff") && lines[0].hasSuffix("equivalent  2 states, minimal"), "\(lines[0])")
        #expect(lines[1].contains("differs on 0 (the reference accepts it, the submission does not: no transition reads 0)  5 states (minimal DFA: 2)"),
                "\(lines[1])")
        // The wrong one's feedback, on its own line under it.
        #expect(lines[2] == "    accepts a but should not · rejects 0 but should accept it · 99.6% of words up to length 8 right", "\(lines[2])")
        lines.remove(at: 2)
        #expect(lines[2].contains("error: a JFLAP pushdown automaton"))
        #expect(lines[3].contains("error: not a JFLAP file: not well-formed XML"))
        #expect(lines[4].contains("missing.jff") && lines[4].contains("error: cannot be read"))
        #expect(lines[5] == "1 of 5 right, 3 could not be graded")
        let csv = try String(contentsOf: scratch.path("grades.csv"), encoding: .utf8).split(separator: "\r\n")
        #expect(csv.count == 6 && csv[0].hasPrefix("file,verdict,counterexample"))
        #expect(csv[2].hasSuffix(",differs,0,reference,,,5,2,no,,a,0,0.9969,"), "\(csv[2])")

        let byTests = try Self.automata(["grade", "--reference", Self.fixture("even-ones.txt"), files[0], files[1], "--quiet"], in: scratch)
        #expect(byTests.stdout == "1 of 2 right, 0 could not be graded\n", "\(byTests.stdout)")
        let noReference = try Self.automata(["grade", "--reference", "nothing.jff", files[0]], in: scratch)
        #expect(noReference.status == 1 && noReference.errorLines.count == 1 && noReference.stderr.contains("nothing.jff"))
    }

    @Test func benchGradeMeasuresAClassAndSaysSo() throws {
        let scratch = try ScratchFolder()
        let result = try Self.automata(["bench", "grade", "--count", "50", "--jvm-runs", "0"], in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("50 submissions graded in "), "\(result.stdout)")
        #expect(result.stdout.contains("JVM start: not measured (--jvm-runs 0)"))
    }
}
