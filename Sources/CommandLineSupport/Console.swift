import ArgumentParser
import Foundation

/// Terminal output of the command-line tools: results to stdout, progress, warnings and
/// errors to stderr.
package enum Console {
    package static func out(_ line: String) { print(line) }

    package static func info(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    package static func warn(_ line: String) { info("warning: \(line)") }

    package static func error(_ line: String) { info("error: \(line)") }

    /// Runs `body`; a thrown error becomes one `error:` line on stderr and exit status 1.
    package static func failing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            Self.error("\(error)")
            throw ExitCode.failure
        }
    }
}

/// A problem with the command line's values that ArgumentParser cannot see.
package struct UsageError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
