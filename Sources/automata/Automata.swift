import ArgumentParser
import CommandLineSupport

@main
enum Main {
    static func main() {
        OpenBLASCore.restartWithMatchingKernelsIfNeeded()
        Automata.mainWithOneLineErrors()
    }
}

struct Automata: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "automata",
        abstract: "The automaton editor's core, headless: draw automata from strokes, run and test words, import and export (JFLAP too), check, transform, compare and grade.",
        subcommands: [DrawCommand.self, RunCommand.self, TestCommand.self, ExportCommand.self, ImportCommand.self, CheckCommand.self,
                      ApplyCommand.self, EquivalentCommand.self, GradeCommand.self, FromRegexCommand.self, RegexCommand.self,
                      ServeCommand.self, BenchCommand.self])
}
