import ArgumentParser
import AutomataEditorCore
import CommandLineSupport
import Foundation

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run a test set of words with their expected verdicts.",
        discussion: """
            TESTSET is a text file with one word per line and the verdict expected of it: \
            `0110 accept`, `0 reject`, `ε accept` for the empty word; `#` starts a comment. \
            Words are typed as for `automata run`, and rejected as there with the reason (a symbol \
            no transition reads, no initial state). Prints pass or FAIL per word, then a summary. \
            Exit status 1 when any word fails or a file cannot be read.
            """)

    @Argument(help: "The document (.automaton or .jff).") var document: String
    @Argument(help: "The test set.") var testSet: String

    func run() throws {
        let (automaton, tests) = try Console.failing {
            (try DocumentReader.read(from: URL(fileURLWithPath: document)).document.automaton,
             try WordTestSet.read(from: URL(fileURLWithPath: testSet)))
        }
        let report = WordTestReport(automaton, on: tests)
        let width = min(report.results.map { $0.testCase.word.description.count }.max() ?? 0, 40)
        for result in report.results {
            let word = result.testCase.word.description
            let padded = word + String(repeating: " ", count: max(0, width - word.count))
            let expected = result.testCase.expectsAcceptance ? "accept" : "reject"
            let got = result.verdictText
            Console.out(result.passed ? "pass  \(padded)  \(got)" : "FAIL  \(padded)  \(got), expected \(expected) (line \(result.testCase.line))")
        }
        Console.out(report.summary)
        if !report.allPassed { throw ExitCode.failure }
    }
}
