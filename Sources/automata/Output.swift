import ArgumentParser
import Foundation

/// Results to stdout; problems to stderr as one `error:` line and exit status 1.
enum Output {
    static func line(_ text: String) { print(text) }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data("error: \(text)\n".utf8))
    }

    /// Runs `body`; a thrown error becomes one `error:` line and exit status 1.
    static func failing<T>(_ body: () throws -> T) throws -> T {
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
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
