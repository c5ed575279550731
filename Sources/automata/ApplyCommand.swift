import ArgumentParser
import AutomataEditorCore
import CommandLineSupport
import Foundation

struct ApplyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Make a new automaton with one of the editor's algorithms, as the page's Algorithms panel does.",
        discussion: """
            Operations: \(AutomatonOperation.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: "; ")). \
            union, intersection and equivalence need --with. The result is laid out by Graphviz (in columns from \
            its initial states without it) and written atomically to --out: a JFLAP file when it ends in .jff, \
            else an .automaton document. A construction that would pass \(AutomatonOperation.stateBudget) \
            states is refused before it is made: exit status 1 and one line, nothing written.
            """)

    @Argument(help: "The operation: \(AutomatonOperation.names) (determinize and minimize too).") var operation: String
    @Argument(help: "The document (.automaton or .jff).") var document: String
    @Option(help: "The second document, for union, intersection and equivalence.") var with: String?
    @Option(help: "Where to write the result (.automaton, or .jff).") var out: String
    @Option(help: "Who lays the result out: graphviz (columns when dot is not installed) or columns.")
    var layout: AutomatonLayout.Engine = .graphviz

    func run() throws {
        try Console.failing {
            guard let chosen = AutomatonOperation(named: operation) else {
                throw UsageError("\"\(operation)\" is not an operation; use one of \(AutomatonOperation.names)")
            }
            guard !chosen.takesSecond || with != nil else { throw UsageError("\(chosen.rawValue) needs --with: a second document") }
            let first = try DocumentReader.read(from: URL(fileURLWithPath: document)).document.automaton
            let second = try with.map { try DocumentReader.read(from: URL(fileURLWithPath: $0)).document.automaton }
            let outcome: OperationOutcome
            do throws(OperationError) {
                outcome = try chosen.apply(to: first, with: chosen.takesSecond ? second : nil, names: (document, with))
            } catch {
                throw UsageError(error.description)
            }
            let result = AutomatonLayout.document(for: outcome.automaton, engine: layout)
            let target = URL(fileURLWithPath: out)
            if DocumentReader.isJFLAP(target) {
                for note in try JFLAPFile.write(result, to: target) { Console.info("note: \(note)") }
            } else {
                try AutomatonFile.write(result, to: target)
            }
            Console.out("\(outcome.message): wrote \(out)")
        }
    }
}

extension AutomatonLayout.Engine: ExpressibleByArgument {}
