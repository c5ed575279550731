import ArgumentParser
import Foundation

extension ParsableCommand {
    /// Like `main()`, but a command line that ArgumentParser rejects (an unknown option, a
    /// missing argument, a value out of range) fails as every other error does: one `error:`
    /// line on stderr, not the message, help and usage block. `--help` prints as usual.
    package static func mainWithOneLineErrors() -> Never {
        do {
            var command = try parseAsRoot()
            try command.run()
            exit()
        } catch {
            let message = message(for: error)
            // Help requests, and failures already reported (ExitCode), keep the usual handling.
            guard exitCode(for: error) != .success, !message.isEmpty else { exit(withError: error) }
            let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
            Console.info("error: \(line)\(negativeNumberHint(message)) (see `\(helpCommand)`)")
            Foundation.exit(exitCode(for: error).rawValue)
        }
    }

    /// `--learning-rate -1` reads `-1` as an option, so the value seems missing: say how to write it.
    private static func negativeNumberHint(_ message: String) -> String {
        let arguments = CommandLine.arguments
        guard message.hasPrefix("Missing value"),
              let (option, value) = zip(arguments, arguments.dropFirst()).first(where: { $0.hasPrefix("--") && $1.hasPrefix("-") && Double($1) != nil })
        else { return "" }
        return "; to give \(option) a negative number, write \(option)=\(value)"
    }

    /// `TOOL SUBCOMMAND --help` for the subcommand on the command line, if any.
    private static var helpCommand: String {
        let names = Set(configuration.subcommands.map { $0._commandName })
        let subcommand = CommandLine.arguments.dropFirst().first.flatMap { names.contains($0) ? $0 : nil }
        return [_commandName, subcommand, "--help"].compactMap { $0 }.joined(separator: " ")
    }
}
