import ArgumentParser
import CommandLineSupport

@main
enum Main {
    static func main() {
        OpenBLASCore.restartWithMatchingKernelsIfNeeded()
        Strokes.mainWithOneLineErrors()
    }
}

struct Strokes: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strokes",
        abstract: "Train, evaluate and ship the stroke classifier of the automaton editor.",
        subcommands: [
            TrainCommand.self, EvaluateCommand.self, ExportCommand.self, NotebookCommand.self, PredictCommand.self,
            RasterizeCommand.self,
            SynthCommand.self, SymbolDataCommand.self, BenchCommand.self,
        ])
}
