import ArgumentParser
import Foundation

/// Terminal output: results to stdout, progress and warnings to stderr.
enum Console {
    static func out(_ line: String) { print(line) }

    static func info(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    static func warn(_ line: String) { info("warning: \(line)") }

    /// Runs `body`; a thrown error becomes one `error:` line on stderr and exit status 1.
    static func failing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            info("error: \(error)")
            throw ExitCode.failure
        }
    }
}

/// A problem with the command line's values that ArgumentParser cannot see.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
