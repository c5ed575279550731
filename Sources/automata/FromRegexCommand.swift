import ArgumentParser
import AutomataEditorCore
import CommandLineSupport
import Foundation

struct FromRegexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "from-regex",
        abstract: "Make an automaton from a regular expression: its ε-NFA, or with --minimal its minimal DFA.",
        discussion: """
            JFLAP's syntax: + for union (| too), * for star, ! for the empty word (ε too), \
            juxtaposition for concatenation, parentheses; spaces are ignored, every other \
            character is a symbol; ∅ alone is the empty language. The ε-NFA is Thompson's \
            construction made smaller to read, as JFLAP files' expressions are imported. The \
            result is laid out by Graphviz and written atomically to --out: a JFLAP file when it \
            ends in .jff, else an .automaton document.
            """)

    @Argument(help: "The expression, e.g. \"(ab)*+c\".") var expression: String
    @Option(help: "Where to write the automaton (.automaton, or .jff).") var out: String
    @Flag(help: "Write the minimal complete DFA instead of the ε-NFA.") var minimal = false

    func run() throws {
        try Console.failing {
            let parsed: RegularExpression
            do throws(RegularExpressionError) {
                parsed = try RegularExpression(parsing: expression)
            } catch {
                throw UsageError("\"\(expression.prefix(60))\" is \(error.description)")
            }
            let automaton = minimal ? parsed.automaton.minimized() : parsed.automaton
            let document = AutomatonLayout.document(for: automaton)
            let target = URL(fileURLWithPath: out)
            if DocumentReader.isJFLAP(target) {
                for note in try JFLAPFile.write(document, to: target) { Console.info("note: \(note)") }
            } else {
                try AutomatonFile.write(document, to: target)
            }
            let kind = minimal ? "minimal DFA" : "ε-NFA"
            Console.out("\(parsed): \(kind) of \(automaton.stateCount) state\(automaton.stateCount == 1 ? "" : "s"): wrote \(out)")
        }
    }
}
