import Foundation
import AutomataEditorCore
import Hummingbird

/// Files from other tools opened as new documents: JFLAP's `.jff`.
extension EditorServices {
    func addImportRoutes(to router: Router<some RequestContext>) {
        // The body is the file itself; ?file= names it in messages. The document takes the
        // path's name, or NAME-2, NAME-3… when that is taken: an import never replaces a document.
        router.post("api/documents/:name/import") { request, context in
            let name = try Self.name(context)
            let file = request.uri.queryParameters["file"].map { String($0.prefix(100)) } ?? "\(name).jff"
            let data = try await RequestBody.bytes(of: request)
            let imported: OpenedDocument
            do throws(JFLAPFileError) {
                imported = try JFLAPFile.decoded(data, from: URL(fileURLWithPath: file))
            } catch {
                // Named as the user knows it, not by the server's working folder.
                throw APIError.badRequest("\(file): \(error.explanation)")
            }
            try InputLimits.check(imported.document)
            let newName = try await store.add(imported.document, namedAfter: name.text)
            let automaton = imported.document.automaton
            let message = "imported \(file): \(automaton.stateCount) states, \(automaton.transitions.count) transitions, opened as \(newName)"
            return JSONResponse.make(ImportAnswer(message: message, name: newName.text, notes: imported.notes,
                                                  view: DocumentView(name: newName, editor: Editor(document: imported.document))),
                                     status: .created)
        }
    }
}

struct ImportAnswer: Encodable, Sendable {
    let message: String
    let name: String
    let notes: [String]
    let view: DocumentView
}
