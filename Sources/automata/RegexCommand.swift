import ArgumentParser
import AutomataEditorCore
import CommandLineSupport
import Foundation

struct RegexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regex",
        abstract: "Print a regular expression for the words a document's automaton accepts.",
        discussion: """
            By state elimination, removing first the states that add least, then simplified \
            (∅ and ε rules, repeats and nested stars dropped). Written in JFLAP's syntax, so \
            `automata from-regex` reads it back; ∅ when no word is accepted.
            """)

    @Argument(help: "The document (.automaton or .jff).") var document: String

    func run() throws {
        try Console.failing {
            let automaton = try DocumentReader.read(from: URL(fileURLWithPath: document)).document.automaton
            Console.out(RegularExpression(describing: automaton).description)
        }
    }
}
