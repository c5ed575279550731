import ArgumentParser
import AutomataEditorCore
import CommandLineSupport
import Foundation

struct EquivalentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "equivalent",
        abstract: "Say whether two automata accept the same words.",
        discussion: """
            Prints "equivalent", or the shortest word on which they differ (the first in length, \
            then alphabetical order, over both alphabets) and which of them accepts it. Exit \
            status 1 when they differ or a file cannot be read.
            """)

    @Argument(help: "The first document (.automaton or .jff).") var first: String
    @Argument(help: "The second document.") var second: String

    func run() throws {
        let comparison = try Console.failing {
            let a = try DocumentReader.read(from: URL(fileURLWithPath: first)).document.automaton
            let b = try DocumentReader.read(from: URL(fileURLWithPath: second)).document.automaton
            do throws(LanguageComparison.TooLarge) {
                return try LanguageComparison(a, b)
            } catch {
                throw UsageError("\(error.which == 0 ? first : second): \(error.problem)")
            }
        }
        Console.out(comparison.sentence(firstName: first, secondName: second))
        if !comparison.isEquivalent { throw ExitCode.failure }
    }
}
