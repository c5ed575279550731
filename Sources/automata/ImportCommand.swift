import ArgumentParser
import AutomataEditorCore
import CommandLineSupport
import Foundation

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a JFLAP file (.jff) as an .automaton document.",
        discussion: """
            Finite automata (DFA or NFA) from JFLAP 6, 7 and 8 keep their state names, positions \
            and initial and final marks; an empty read (λ) is ε. A transition reading several \
            symbols (`ab`) becomes a chain of one-symbol transitions through new unnamed states, \
            so the language is JFLAP's. A regular expression (type re: + union, * star, ! the \
            empty string) becomes an ε-NFA, laid out by Graphviz. Pushdown automata, Turing \
            machines, grammars, a malformed expression or malformed XML: exit status 1 and one \
            line naming the file and the problem; nothing is written. The document goes to --out \
            (atomically), or next to the file with the .automaton extension.
            """)

    @Argument(help: "The JFLAP file.") var file: String
    @Option(help: "Where to write the document (default: FILE with the .automaton extension).") var out: String?

    func run() throws {
        try Console.failing {
            let source = URL(fileURLWithPath: file)
            let imported = try JFLAPFile.read(from: source)
            let target = out.map { URL(fileURLWithPath: $0) }
                ?? source.deletingPathExtension().appendingPathExtension(AutomatonFile.fileExtension)
            try AutomatonFile.write(imported.document, to: target)
            let automaton = imported.document.automaton
            for note in imported.notes { Console.out("note: \(note)") }
            Console.out("imported \(automaton.stateCount) states, \(automaton.transitions.count) transitions: wrote \(out ?? target.path)")
        }
    }
}
