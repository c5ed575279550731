import AutomataEditorCore
import Hummingbird

/// What the routes share: the documents, the stroke reader and the corrections folder.
struct EditorServices: Sendable {
    let store: DocumentStore
    let interpreter: StrokeInterpreter
    let corrections: CorrectionFolder

    /// The `{name}` path parameter, checked.
    static func name(_ context: some RequestContext) throws(APIError) -> DocumentName {
        guard let raw = context.parameters.get("name") else { throw .badRequest("the path names no document") }
        return try DocumentName(raw)
    }
}
