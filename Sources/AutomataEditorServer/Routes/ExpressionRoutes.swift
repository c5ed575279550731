import Foundation
import AutomataEditorCore
import Hummingbird

/// Regular expressions both ways: a document's language as an expression, and a new document
/// made from a typed expression.
extension EditorServices {
    /// The longest expression read, in characters (a student's answer is far shorter).
    static let expressionLimit = 10_000

    func addExpressionRoutes(to router: Router<some RequestContext>) {
        router.get("api/documents/:name/expression") { _, context in
            let name = try Self.name(context)
            let automaton = try await store.existingEditor(name).document.automaton
            return JSONResponse.make(["expression": RegularExpression(describing: automaton).description])
        }
        router.post("api/expressions") { request, _ in
            let fields = try await RequestBody.object(of: request, allowed: ["expression", "minimal"])
            let text = try fields.string("expression")
            guard text.count <= Self.expressionLimit else {
                throw APIError.badRequest("\"expression\" has \(text.count) characters; the most is \(Self.expressionLimit)")
            }
            let minimal = try fields.optionalBool("minimal") ?? false
            let expression: RegularExpression
            do throws(RegularExpressionError) {
                expression = try RegularExpression(parsing: text)
            } catch {
                throw APIError.unprocessable("\"\(text.prefix(60))\" is \(error.description)")
            }
            let automaton = minimal ? expression.automaton.minimized() : expression.automaton
            let document = AutomatonLayout.document(for: automaton)
            let name = try await store.add(document, namedAfter: "expression")
            let kind = minimal ? "minimal DFA" : "ε-NFA"
            let states = "\(automaton.stateCount) state\(automaton.stateCount == 1 ? "" : "s")"
            return JSONResponse.make(AlgorithmAnswer(message: "\(expression): \(kind) of \(states), opened as \(name)", name: name.text,
                                                     view: DocumentView(name: name, editor: Editor(document: document))))
        }
    }
}
