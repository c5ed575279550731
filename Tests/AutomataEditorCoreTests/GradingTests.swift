import Foundation
import Testing
@testable import AutomataEditorCore

/// Word test sets, equivalence with the word they differ on, and grading submissions.
@Suite struct GradingTests {
    @Test func aTestSetReadsWordsVerdictsCommentsAndTheEmptyWord() throws {
        let tests = try WordTestSet(parsing: """
            # a comment
            0110 accept

              0   reject   # a trailing comment
            ε accept
            λ rejected
            ab,c ACCEPTED
            a#b accept
            """, source: "set.txt")
        #expect(tests.cases.map(\.line) == [2, 4, 5, 6, 7, 8])
        #expect(tests.cases.map(\.word) == [Word(characters: "0110"), ["0"], .empty, .empty, ["ab", "c"], ["a", "#", "b"]])
        #expect(tests.cases.map(\.expectsAcceptance) == [true, false, true, false, true, true])
    }

    @Test(arguments: [
        ("0110", "set.txt, line 1: \"0110\" is not a word and a verdict (e.g. \"0110 accept\", \"ε reject\")"),
        ("# only\n0 accept\n1 maybe", "set.txt, line 3: the verdict \"maybe\" is neither accept nor reject"),
        ("0 accept now", "set.txt, line 1: \"0 accept now\" is not a word and a verdict (e.g. \"0110 accept\", \"ε reject\")"),
        ("# nothing\n\n", "set.txt: no words to test"),
    ])
    func aBadTestSetSaysWhichLine(text: String, expected: String) {
        #expect(throws: WordTestSetError.self) { try WordTestSet(parsing: text, source: "set.txt") }
        do { _ = try WordTestSet(parsing: text, source: "set.txt") } catch { #expect(error.description == expected) }
    }

    @Test func aReportSaysWhichWordsPass() throws {
        let automaton = try JFLAPFixtures.imported("even-ones.jff").document.automaton
        let tests = try WordTestSet.read(from: JFLAPFixtures.url("even-ones.txt"))
        #expect(WordTestReport(automaton, on: tests).allPassed)
        let wrong = try WordTestSet(parsing: "11 reject\n1 reject\n2 reject\n2 accept", source: "x")
        let report = WordTestReport(automaton, on: wrong)
        #expect(report.results.map(\.passed) == [false, true, true, false], "a symbol outside the alphabet is rejected")
        #expect(report.summary == "2 of 4 words passed")
    }

    @Test func equivalenceGivesTheShortestWordAndWhichSideAcceptsIt() throws {
        let evenOnes = try JFLAPFixtures.imported("even-ones.jff").document.automaton
        let anything = try JFLAPRegularExpression(parsing: "(0+1)*").automaton
        let comparison = try LanguageComparison(evenOnes, anything)
        #expect(comparison.distinguishingWord == ["1"])
        #expect(comparison.firstAccepts == false)
        #expect(comparison.sentence(firstName: "A", secondName: "B") == "not equivalent: they differ on 1: B accepts it, A does not")
        let same = try LanguageComparison(evenOnes, try JFLAPRegularExpression(parsing: "0*(10*10*)*").automaton)
        #expect(same.isEquivalent && same.sentence(firstName: "A", secondName: "B") == "equivalent")
    }

    @Test func anAutomatonPastTheBudgetIsRefusedNotCompared() throws {
        // (a+b)*a(a+b)^12: its DFA needs 2^13 states.
        let blowUp = try JFLAPRegularExpression(parsing: "(a+b)*a" + String(repeating: "(a+b)", count: 12)).automaton
        #expect(throws: LanguageComparison.TooLarge(which: 1, budget: 1000)) {
            try LanguageComparison(try JFLAPRegularExpression(parsing: "a").automaton, blowUp, stateBudget: 1000)
        }
    }

    /// A scratch folder of submissions: right (minimal, and with a spare state), wrong, not an FA, broken.
    static func submissions() throws -> (folder: URL, files: [URL]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grading-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let right = folder.appendingPathComponent("right.jff")
        try FileManager.default.copyItem(at: JFLAPFixtures.url("even-ones.jff"), to: right)
        // Even ones with a third state that copies `odd`: right, but not minimal.
        let spare = folder.appendingPathComponent("spare.automaton")
        var document = AutomatonLayout.document(for: Automaton(
            stateCount: 3, initial: [0], accepting: [0],
            transitions: [.init(from: 0, symbol: .text("0"), to: 0), .init(from: 0, symbol: .text("1"), to: 1),
                          .init(from: 1, symbol: .text("0"), to: 2), .init(from: 1, symbol: .text("1"), to: 0),
                          .init(from: 2, symbol: .text("0"), to: 2), .init(from: 2, symbol: .text("1"), to: 0)]))
        document.extraSymbols = []
        try AutomatonFile.write(document, to: spare)
        // a?b*: another alphabet; both accept ε, so the first word they differ on is 0.
        let wrong = folder.appendingPathComponent("wrong.jff")
        try FileManager.default.copyItem(at: JFLAPFixtures.url("regex-lambda.jff"), to: wrong)
        let pushdown = folder.appendingPathComponent("pushdown.jff")
        try FileManager.default.copyItem(at: JFLAPFixtures.url("pushdown.jff"), to: pushdown)
        let broken = folder.appendingPathComponent("broken.jff")
        try FileManager.default.copyItem(at: JFLAPFixtures.url("broken-xml.jff"), to: broken)
        let missing = folder.appendingPathComponent("missing.jff")
        return (folder, [right, spare, wrong, pushdown, broken, missing])
    }

    @Test func gradingAgainstAnAutomatonGivesEveryFileARow() throws {
        let (folder, files) = try Self.submissions()
        defer { try? FileManager.default.removeItem(at: folder) }
        let grader = Grader(reference: try Grader.readReference(from: JFLAPFixtures.url("even-ones.jff")))
        let grades = files.map(grader.grade)
        #expect(grades.map(\.verdictText) == [
            "equivalent",
            "equivalent",
            // a?b* reads no 0: the note says why it rejects the word.
            "differs on 0 (the reference accepts it, the submission does not: no transition reads 0)",
            "error: a JFLAP pushdown automaton (type pda); only finite automata (fa) and regular expressions (re) can be imported",
            "error: not a JFLAP file: not well-formed XML (line 4, column 63)",
            grades[5].verdictText,
        ])
        #expect(grades[5].verdictText.hasPrefix("error: cannot be read"))
        #expect(grades.map(\.sizeText) == ["2 states, minimal", "3 states (minimal DFA: 2)", "5 states (minimal DFA: 2)", "", "", ""])
        #expect(grades.map(\.isCorrect) == [true, true, false, false, false, false])
    }

    @Test func gradingAgainstATestSetGivesScores() throws {
        let (folder, files) = try Self.submissions()
        defer { try? FileManager.default.removeItem(at: folder) }
        let grader = Grader(reference: try Grader.readReference(from: JFLAPFixtures.url("even-ones.txt")))
        let grades = files.prefix(3).map(grader.grade)
        #expect(grades.map(\.verdictText) == ["6/6 words", "6/6 words", "3/6 words (wrong on 0: expected accept, rejected: no transition reads 0)"])
        let csv = GradeCSV.render(grades).split(separator: "\r\n").map(String.init)
        #expect(csv[0] == "file,verdict,counterexample,accepted_by,passed,total,states,minimal_states,minimal,error,"
                + "accepted_wrongly,rejected_wrongly,share_right,hint")
        #expect(csv[3] == "\(files[2].path),failed,,,3,6,5,2,no,,,,,", "a test set gives no feedback columns")
    }

    @Test func csvQuotesFieldsThatNeedIt() {
        var grade = SubmissionGrade(file: "a,b.jff", verdict: .unreadable("said \"no\""))
        grade.states = nil
        #expect(GradeCSV.row(grade).map(GradeCSV.field) == ["\"a,b.jff\"", "error", "", "", "", "", "", "", "", "\"said \"\"no\"\"\"", "", "", "", ""])
        let differs = SubmissionGrade(file: "x", verdict: .differs(word: .empty, submissionAccepts: true))
        #expect(GradeCSV.row(differs)[1...3] == ["differs", "ε", "submission"])
    }
}
