import ArgumentParser
import AutomataEditorCore
import Foundation
import CommandLineSupport

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "List the document's problems: no initial state, unreachable states, nondeterminism, …",
        discussion: "Exit status 0 when there is nothing to report, 1 when problems are listed.")

    @Argument(help: "The document (.automaton or .jff).") var document: String

    func run() throws {
        let doc = try Console.failing { try DocumentReader.read(from: URL(fileURLWithPath: document)).document }
        let automaton = doc.automaton
        Console.out("\(automaton.stateCount) states, alphabet {\(automaton.sortedAlphabet.joined(separator: ", "))}, "
            + "\(automaton.transitions.count) transitions; " + (automaton.isDeterministic ? "deterministic" : "nondeterministic"))
        let problems = DocumentCheck.problems(in: doc)
        guard !problems.isEmpty else { return Console.out("no problems") }
        for problem in problems { Console.out("- \(problem.message)") }
        throw ExitCode.failure
    }
}
