import Foundation
import Testing

/// JFLAP's run semantics in `automata run`, `test` and `grade`: a word with a symbol no
/// transition reads, and every word of an automaton without an initial state, is rejected
/// with a note, and the command exits 0 (every word got a verdict).
@Suite("automata runs words as JFLAP does")
struct JFLAPRunSemanticsCLITests {
    static func automata(_ arguments: [String], in scratch: ScratchFolder) throws -> RunResult {
        try AutomataCLITests.automata(arguments, in: scratch)
    }

    static let evenOnes = JFLAPCLITests.fixture("even-ones.jff")
    static let noInitial = JFLAPCLITests.fixture("even-ones-no-initial.jff")

    @Test func runRejectsAWordWithASymbolNoTransitionReads() throws {
        let scratch = try ScratchFolder()
        let run = try Self.automata(["run", Self.evenOnes, "2212343322", "0110"], in: scratch)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "2212343322  rejected: no transition reads 2\n0110  accepted\n", "\(run.stdout)")
        // The run stops at the first unread symbol, even after symbols it read.
        let later = try Self.automata(["run", Self.evenOnes, "0140", "--trace"], in: scratch)
        #expect(later.stdout == "0140  rejected: no transition reads 4\n  {even} --0--> {even} --1--> {odd} --4--> {} (stuck: 1 symbol not read)\n",
                "\(later.stdout)")
    }

    @Test func runRejectsEveryWordWithoutAnInitialState() throws {
        let scratch = try ScratchFolder()
        let run = try Self.automata(["run", Self.noInitial, "", "0", "2"], in: scratch)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "ε  rejected: there is no initial state\n0  rejected: there is no initial state\n2  rejected: there is no initial state\n",
                "\(run.stdout)")
    }

    @Test func testGivesTheNoteAndPassesAnExpectedRejection() throws {
        let scratch = try ScratchFolder()
        try Data("2212343322 reject\n0 accept\n".utf8).write(to: scratch.path("digits.txt"))
        let passing = try Self.automata(["test", Self.evenOnes, "digits.txt"], in: scratch)
        #expect(passing.status == 0, "\(passing.stdout)\(passing.stderr)")
        #expect(passing.stdout == "pass  2212343322  rejected: no transition reads 2\npass  0           accepted\n2 of 2 words passed\n",
                "\(passing.stdout)")
        let none = try Self.automata(["test", Self.noInitial, "digits.txt"], in: scratch)
        #expect(none.status == 1, "0 should be accepted: a failed test, not an error")
        #expect(none.stdout.contains("FAIL  0           rejected: there is no initial state, expected accept (line 2)"), "\(none.stdout)")
        #expect(none.stderr.isEmpty)
    }

    @Test func gradeByTestSetSaysWhyTheFirstWrongWordWasRejected() throws {
        let scratch = try ScratchFolder()
        try Data("0 accept\n02 accept\n".utf8).write(to: scratch.path("tests.txt"))
        let result = try Self.automata(["grade", "--reference", "tests.txt", Self.evenOnes, Self.noInitial], in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.stdout)")
        #expect(lines.first?.contains("1/2 words (wrong on 02: expected accept, rejected: no transition reads 2)") == true, "\(lines)")
        #expect(lines.dropFirst().first?.contains("0/2 words (wrong on 0: expected accept, rejected: there is no initial state)") == true, "\(lines)")
        #expect(lines.last == "0 of 2 right, 0 could not be graded")
    }

    @Test func gradeByReferenceSaysWhyTheSubmissionRejectsTheWord() throws {
        let scratch = try ScratchFolder()
        // The teacher's automaton also reads 2 (looping on it): the student's DFA over {0, 1} rejects 2.
        let reference = """
            <structure><type>fa</type><automaton>
            <state id="0" name="even"><initial/><final/></state><state id="1" name="odd"/>
            <transition><from>0</from><to>0</to><read>0</read></transition><transition><from>0</from><to>0</to><read>2</read></transition>
            <transition><from>0</from><to>1</to><read>1</read></transition><transition><from>1</from><to>0</to><read>1</read></transition>
            <transition><from>1</from><to>1</to><read>0</read></transition><transition><from>1</from><to>1</to><read>2</read></transition>
            </automaton></structure>
            """
        try Data(reference.utf8).write(to: scratch.path("reference.jff"))
        let result = try Self.automata(["grade", "--reference", "reference.jff", Self.evenOnes, Self.noInitial], in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("    ") } // not the feedback lines
        #expect(lines.first?.contains("differs on 2 (the reference accepts it, the submission does not: no transition reads 2)") == true, "\(lines)")
        #expect(lines.dropFirst().first?.contains("differs on ε (the reference accepts it, the submission does not: there is no initial state)") == true,
                "\(lines)")
        #expect(lines.last == "0 of 2 right, 0 could not be graded")
    }
}
