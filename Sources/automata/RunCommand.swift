import ArgumentParser
import AutomataEditorCore
import Foundation
import CommandLineSupport

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Say whether the automaton accepts each word.",
        discussion: """
            Prints one line per word: the word, then accepted or rejected; with --trace, the set \
            of current states after each symbol (ε-closures included) under it. A WORD is a \
            string whose symbols are single characters (`0110`), or symbols separated by commas \
            for multi-character ones (`ab,c`); `ε` or "" is the empty word. Exit status 0 when \
            every word could be simulated, even if some were rejected; 1 when the document has no \
            initial state or a word holds a symbol outside the alphabet.
            """)

    @Argument(help: "The document (.automaton or .jff).") var document: String
    @Argument(help: "Words to run.") var words: [String] = []
    @Flag(help: "Show the states after each symbol.") var trace = false

    func run() throws {
        let automaton = try Console.failing { try DocumentReader.read(from: URL(fileURLWithPath: document)).document.automaton }
        var failed = false
        for text in words {
            let word = Word(typed: text)
            switch automaton.run(word) {
            case .problem(let problem):
                Console.error("\(text.isEmpty ? "ε" : text): \(problem.message)")
                failed = true
            case .outcome(let outcome):
                Console.out("\(text.isEmpty ? "ε" : text)  \(outcome.verdict)")
                if trace { Console.out("  " + outcome.traceText) }
            }
        }
        if failed { throw ExitCode.failure }
    }
}
