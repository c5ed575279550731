import ArgumentParser

struct EvaluateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "evaluate", abstract: "Evaluate a model on a dataset.")
}
