import Foundation

/// Why a JFLAP file could not be imported or written: one error naming the file and the
/// problem, meant to be shown as it is.
public struct JFLAPFileError: FileProblem, Sendable, Equatable {
    public enum Problem: Error, Hashable, Sendable {
        /// The file could not be opened or read.
        case unreadable(String)
        /// The bytes are not XML this reader takes (malformed, too large, too deep, a DOCTYPE).
        case notXML(String)
        /// XML, but not a JFLAP file, or a JFLAP file missing what it needs (said).
        case malformed(String)
        /// A JFLAP file of a kind that is not a finite automaton or regular expression (named).
        case unsupportedType(String)
        /// A regular expression that does not parse (what, where).
        case malformedExpression(String)
        /// The document cannot be written as JFLAP without changing its language (why).
        case notExportable(String)
        /// Writing failed; the old file, if any, is untouched.
        case unwritable(String)
    }

    public var url: URL
    public var problem: Problem

    public init(url: URL, problem: Problem) {
        self.url = url
        self.problem = problem
    }

    public var explanation: String {
        switch problem {
        case .unreadable(let reason): "cannot be read: \(reason)"
        case .notXML(let reason): "not a JFLAP file: \(reason)"
        case .malformed(let reason): "a damaged JFLAP file: \(reason)"
        case .unsupportedType(let kind):
            "a JFLAP \(kind); only finite automata (fa) and regular expressions (re) can be imported"
        case .malformedExpression(let reason): "a malformed regular expression: \(reason)"
        case .notExportable(let reason): "cannot be written as JFLAP: \(reason)"
        case .unwritable(let reason): "cannot be written (the old file, if any, is unchanged): \(reason)"
        }
    }
}
