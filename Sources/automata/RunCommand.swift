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
            for multi-character ones (`ab,c`); `ε` or "" is the empty word. As in JFLAP, every word \
            gets a verdict: a word with a symbol no transition reads is rejected (`rejected: no \
            transition reads 4`), and so is every word when there is no initial state (`rejected: \
            there is no initial state`). Exit status 0 when every word got a verdict; 1 when the \
            document cannot be read.
            """)

    @Argument(help: "The document (.automaton or .jff).") var document: String
    @Argument(help: "Words to run.") var words: [String] = []
    @Flag(help: "Show the states after each symbol.") var trace = false

    func run() throws {
        let automaton = try Console.failing { try DocumentReader.read(from: URL(fileURLWithPath: document)).document.automaton }
        for text in words {
            let outcome = automaton.run(Word(typed: text))
            Console.out("\(text.isEmpty ? "ε" : text)  \(outcome.verdictText)")
            if trace { Console.out("  " + outcome.traceText) }
        }
    }
}
