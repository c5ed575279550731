import ArgumentParser

struct SynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "synth", abstract: "Write the built-in generated dataset.")
}
