import Foundation
import AutomataEditorCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The documents folder and an editing session (the document with its undo history) per
/// document in use. An actor: requests on any documents are applied one at a time, so none
/// is lost, and each change is written to `NAME.automaton` atomically before it returns.
///
/// A file changed on disk by something else (`automata draw`, a text editor) is read again
/// the next time it is used, and its history starts anew.
actor DocumentStore {
    let folder: URL
    private var sessions: [DocumentName: Session] = [:]

    private struct Session {
        var editor: Editor
        /// The file as last read or written by this store.
        var stamp: FileStamp
    }

    init(folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.folder = folder
    }

    func url(of name: DocumentName) -> URL {
        folder.appendingPathComponent("\(name.text).\(AutomatonFile.fileExtension)")
    }

    /// The editor of `name`; a 404 when there is no such document.
    func existingEditor(_ name: DocumentName) throws(APIError) -> Editor {
        guard let editor = try session(name)?.editor else { throw .notFound("no document \"\(name)\"") }
        return editor
    }

    /// Applies `change` to the document's editor and saves the result when it changed the
    /// document (or made it). Nothing is kept when `change` throws or the file cannot be
    /// written. Without `creating`, a missing document is a 404.
    func update<Result: Sendable>(
        _ name: DocumentName, creating: Bool,
        _ change: @Sendable (inout Editor) throws(APIError) -> Result
    ) throws(APIError) -> (editor: Editor, result: Result, created: Bool) {
        let existing = try session(name)
        guard existing != nil || creating else { throw .notFound("no document \"\(name)\"") }
        var editor = existing?.editor ?? Editor()
        let result = try change(&editor)
        if existing == nil || editor.document != existing?.editor.document {
            sessions[name] = Session(editor: editor, stamp: try save(editor.document, as: name))
        } else {
            sessions[name]?.editor = editor // undo history moves even when the document does not
        }
        return (editor, result, existing == nil)
    }

    /// Puts `document` in place of `name`'s (a new history); true when it was created.
    func replace(_ name: DocumentName, with document: AutomatonDocument) throws(APIError) -> Bool {
        let existed = FileManager.default.fileExists(atPath: url(of: name).path)
        sessions[name] = Session(editor: Editor(document: document), stamp: try save(document, as: name))
        return !existed
    }

    /// Saves a new document under the first free name of `stem`, `stem-2`, `stem-3`…
    func add(_ document: AutomatonDocument, namedAfter stem: String) throws(APIError) -> DocumentName {
        var number = 1
        while true {
            let suffix = number == 1 ? "" : "-\(number)"
            let name = try DocumentName(String(stem.prefix(DocumentName.maximumLength - suffix.count)) + suffix)
            if !FileManager.default.fileExists(atPath: url(of: name).path) {
                _ = try replace(name, with: document)
                return name
            }
            number += 1
        }
    }

    func delete(_ name: DocumentName) throws(APIError) {
        let url = url(of: name)
        guard FileStamp(path: url.path) != nil else { throw .notFound("no document \"\(name)\"") }
        guard unlink(url.path) == 0 else {
            throw APIError(.internalServerError, "\(url.lastPathComponent): cannot be removed (\(String(cString: strerror(errno))))")
        }
        sessions[name] = nil
    }

    /// Renames the file (atomically, refusing to replace another document); the history goes
    /// with it. Returns the editor under its new name.
    func rename(_ name: DocumentName, to newName: DocumentName) throws(APIError) -> Editor {
        let editor = try existingEditor(name)
        guard newName != name else { return editor }
        guard !FileManager.default.fileExists(atPath: url(of: newName).path) else {
            throw .conflict("a document \"\(newName)\" exists already")
        }
        do {
            try FileManager.default.moveItem(at: url(of: name), to: url(of: newName))
        } catch {
            throw APIError(.internalServerError, "\(url(of: name).lastPathComponent): cannot be renamed (\(error.localizedDescription))")
        }
        sessions[newName] = sessions.removeValue(forKey: name)
        return editor
    }

    /// Every `.automaton` file in the folder, by name; one that cannot be read says why.
    func listing() -> [DocumentListing] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.sorted().compactMap { file -> DocumentListing? in
            let suffix = "." + AutomatonFile.fileExtension
            guard file.hasSuffix(suffix), let name = try? DocumentName(String(file.dropLast(suffix.count))) else { return nil }
            let modified = FileStamp(path: url(of: name).path)?.modified
            do throws(APIError) {
                let document = try session(name)?.editor.document ?? AutomatonDocument()
                return DocumentListing(name: name.text, states: document.states.count, transitions: document.transitions.count,
                                       modified: modified, problem: nil, origin: document.origin)
            } catch {
                return DocumentListing(name: name.text, states: nil, transitions: nil, modified: modified, problem: error.message)
            }
        }
    }

    /// The session, read from the file when there is none yet or the file changed since.
    private func session(_ name: DocumentName) throws(APIError) -> Session? {
        let url = url(of: name)
        guard let stamp = FileStamp(path: url.path) else {
            sessions[name] = nil
            return nil
        }
        if let session = sessions[name], session.stamp == stamp { return session }
        let document: AutomatonDocument
        do {
            document = try AutomatonFile.read(from: url)
        } catch let error as AutomatonFileError {
            throw .unprocessable("\(folderRelative(error.description)); fix or remove the file")
        } catch {
            throw .unprocessable("\(url.lastPathComponent): \(error)")
        }
        let session = Session(editor: Editor(document: document), stamp: stamp)
        sessions[name] = session
        return session
    }

    private func save(_ document: AutomatonDocument, as name: DocumentName) throws(APIError) -> FileStamp {
        let url = url(of: name)
        do {
            try AutomatonFile.write(document, to: url)
        } catch {
            throw APIError(.internalServerError, folderRelative(String(describing: error)))
        }
        guard let stamp = FileStamp(path: url.path) else {
            throw APIError(.internalServerError, "\(url.lastPathComponent) is gone right after it was written")
        }
        return stamp
    }

    /// Messages name files by their name, not the server's full path.
    private func folderRelative(_ message: String) -> String {
        message.replacingOccurrences(of: folder.path + "/", with: "")
    }
}
