import BoundedXML
import Foundation
import StrokeModel

/// JFLAP's `.jff` files: finite automata (JFLAP 6, 7 and 8) and regular expressions in, JFLAP 7
/// finite automata out. See docs/editor.md for what is deliberately not supported.
public enum JFLAPFile {
    public static let fileExtension = "jff"

    /// Reads and imports a `.jff` file.
    /// - Throws: `JFLAPFileError` naming the file and the problem.
    public static func read(from url: URL) throws(JFLAPFileError) -> OpenedDocument {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw JFLAPFileError(url: url, problem: .unreadable(error.localizedDescription))
        }
        return try decoded(data, from: url)
    }

    /// Imports a `.jff` file's bytes (for bytes that do not come from a file, and for
    /// fuzzing); `url` only names the file in errors.
    public static func decoded(_ data: Data, from url: URL) throws(JFLAPFileError) -> OpenedDocument {
        do throws(JFLAPFileError.Problem) {
            let root: BoundedXML.Element
            do {
                root = try BoundedXML.parse(data)
            } catch {
                throw .notXML(error.jflapMessage)
            }
            switch try JFLAPStructure.content(of: root) {
            case .automaton(let machine, _):
                let (document, notes) = try JFLAPDocumentBuilder.document(for: machine)
                return OpenedDocument(document: document, notes: notes)
            case .regularExpression(let text):
                let automaton = try JFLAPRegularExpression(parsing: text).automaton
                let states = automaton.stateCount
                return OpenedDocument(document: AutomatonLayout.document(for: automaton),
                                   notes: ["the regular expression \(text.prefix(60)) became an ε-NFA of \(states) states (Thompson's construction)"])
            }
        } catch {
            throw JFLAPFileError(url: url, problem: error)
        }
    }

    /// The JFLAP 7 file for a document, and what it could not carry (said in notes).
    /// - Throws: `JFLAPFileError` (`.notExportable`) when JFLAP would read another language.
    public static func contents(of document: AutomatonDocument, for url: URL) throws(JFLAPFileError) -> (text: String, notes: [String]) {
        do throws(JFLAPFileError.Problem) {
            return try JFLAPExport.render(document)
        } catch {
            throw JFLAPFileError(url: url, problem: error)
        }
    }

    /// Writes the document as a JFLAP 7 file, atomically; returns the notes of `contents`.
    @discardableResult
    public static func write(_ document: AutomatonDocument, to url: URL) throws(JFLAPFileError) -> [String] {
        let (text, notes) = try contents(of: document, for: url)
        do {
            try AtomicFile.write(Array(text.utf8), to: url)
        } catch {
            throw JFLAPFileError(url: url, problem: .unwritable(error.localizedDescription))
        }
        return notes
    }
}
