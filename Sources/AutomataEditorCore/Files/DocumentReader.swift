import Foundation

/// Reads a document from either kind of file the editor opens, by its extension: `.jff`
/// (JFLAP, imported) or anything else as an `.automaton` document.
public enum DocumentReader {
    /// The document, and what its import had to say (empty for an `.automaton` file).
    /// - Throws: `AutomatonFileError` or `JFLAPFileError`, naming the file and the problem.
    public static func read(from url: URL) throws -> JFLAPImport {
        if isJFLAP(url) { return try JFLAPFile.read(from: url) }
        return JFLAPImport(document: try AutomatonFile.read(from: url), notes: [])
    }

    /// Whether the file is read as JFLAP.
    public static func isJFLAP(_ url: URL) -> Bool {
        url.pathExtension.lowercased() == JFLAPFile.fileExtension
    }
}
