import ArgumentParser
import CommandLineSupport

@main
enum Main {
    static func main() {
        Automata.mainWithOneLineErrors()
    }
}

struct Automata: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "automata",
        abstract: "The automaton editor's core, headless: draw automata from strokes, run words, export, check.",
        subcommands: [DrawCommand.self, RunCommand.self, ExportCommand.self, CheckCommand.self, ServeCommand.self, BenchCommand.self])
}
