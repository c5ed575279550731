import Foundation
import AutomataEditorCore
import Hummingbird

/// Correcting handwriting: the user types what a handwritten word says; the element it made
/// is fixed, and each of its characters is saved as a training image of the class typed.
extension EditorServices {
    func addWordRoutes(to router: Router<some RequestContext>) {
        router.post("api/documents/:name/words") { request, context in
            let name = try Self.name(context)
            let fields = try await RequestBody.object(of: request, allowed: ["word", "text"])
            let index = try fields.id("word")
            let text = try fields.string("text").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { throw APIError.badRequest("\"text\" is empty: type what the word says") }
            guard text.count <= InputLimits.text else {
                throw APIError.badRequest("\"text\" has \(text.count) characters; the most is \(InputLimits.text)")
            }
            let (interpreter, corrections) = (self.interpreter, self.corrections)
            let (editor, report, _) = try await store.update(name, creating: false) { editor throws(APIError) in
                let before = editor.document
                guard let correction = interpreter.correcting(word: index, to: text, in: before) else {
                    throw .unprocessable("\"\(name)\" has no handwritten word \(index) (it has \(before.writtenWords.count))")
                }
                editor.apply(correction.actions)
                // Saved inside the store's turn, as Teach does: when the images cannot be
                // written, the document keeps its old state.
                let saving = try corrections.saveCharacters(of: before.writtenWords[index], as: text, from: name)
                let saved = saving.saved.isEmpty ? [] : ["saved \(saving.saved.count) character image(s) for training"]
                let message = ([correction.message] + saved + (saving.note.map { [$0] } ?? [])).joined(separator: " · ")
                return CorrectedReport(change: ChangeReport(message: message, said: message, before: before, after: editor.document), saved: saving.saved)
            }
            return JSONResponse.make(ViewAnswer(view: DocumentView(name: name, editor: editor), extra: report))
        }
    }
}

/// What a correction says beside the view: the change, and the training images saved.
struct CorrectedReport: Encodable, Sendable {
    let change: ChangeReport
    let saved: [String]

    private enum CodingKeys: String, CodingKey { case saved }

    func encode(to encoder: any Encoder) throws {
        try change.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(saved, forKey: .saved)
    }
}
