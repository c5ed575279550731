import Foundation

/// Reads a document from either kind of file the editor opens, by its extension: `.jff`
/// (JFLAP, imported) or anything else as an `.automaton` document.
public enum DocumentReader {
    /// The document, and what its import had to say (empty for an `.automaton` file).
    /// - Throws: `AutomatonFileError` or `JFLAPFileError`, naming the file and the problem.
    public static func read(from url: URL) throws -> OpenedDocument {
        if isJFLAP(url) { return try JFLAPFile.read(from: url) }
        return OpenedDocument(document: try AutomatonFile.read(from: url), notes: [])
    }

    /// Whether the file is read as JFLAP.
    public static func isJFLAP(_ url: URL) -> Bool {
        url.pathExtension.lowercased() == JFLAPFile.fileExtension
    }
}

/// A document read from a file (`.automaton` or `.jff`), with what changed on the way in.
public struct OpenedDocument: Sendable {
    public var document: AutomatonDocument
    /// Sentences for the user: multi-symbol reads made chains, a layout made, a regular
    /// expression turned into an ε-NFA. Empty for an `.automaton` file.
    public var notes: [String]
}
