import Foundation

/// An error about one file: the file, and what is wrong with it said apart, so that a caller
/// can name the file its own way (the server names an upload as the user called it, a
/// grader's row names the file already).
public protocol FileProblem: Error, CustomStringConvertible, LocalizedError {
    /// The file read or written.
    var url: URL { get }
    /// What is wrong, without the file's name.
    var explanation: String { get }
}

extension FileProblem {
    public var description: String { "\(url.path): \(explanation)" }
    public var errorDescription: String? { description }
}
