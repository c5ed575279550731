import Foundation

/// Why an `.automaton` file could not be read or written: one error naming the file and the
/// problem, meant to be shown to the user as it is.
public struct AutomatonFileError: FileProblem, Sendable, Equatable {
    public enum Problem: Hashable, Sendable {
        /// The file could not be opened or read (missing, no permission, …).
        case unreadable(String)
        /// The file has no bytes at all.
        case empty
        /// The bytes are not JSON: a corrupt or truncated file.
        case notJSON
        /// JSON, but not an automaton document: no format marker, or another one (given).
        case foreignFormat(found: String?)
        /// Written by a newer Strokes, in a format version this one does not know.
        case newerVersion(Int)
        /// The version field is missing or not a positive whole number.
        case invalidVersion
        /// The marker and version are right but the document does not decode (what, where).
        case malformed(String)
        /// The document decodes but contradicts itself (see `AutomatonDocument.inconsistencies`).
        case inconsistent([String])
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
        case .empty: "the file is empty, not an automaton document"
        case .notJSON: "not valid JSON: the file is corrupt or truncated"
        case .foreignFormat(nil): "not an automaton document: JSON without the \"\(AutomatonFile.formatMarker)\" format marker"
        case .foreignFormat(let found?): "not an automaton document: its format is \"\(found)\", not \"\(AutomatonFile.formatMarker)\""
        case .newerVersion(let version):
            "written by a newer version of Strokes (format version \(version); this version reads up to \(AutomatonFile.formatVersion))"
        case .invalidVersion: "the format version is missing or not a positive whole number"
        case .malformed(let what): "a damaged automaton document: \(what)"
        case .inconsistent(let problems): "an inconsistent automaton document: \(problems.joined(separator: "; "))"
        case .unwritable(let reason): "cannot be written (the old file, if any, is unchanged): \(reason)"
        }
    }
}
