import Foundation
import AutomataEditorCore
import Hummingbird
import StrokeModel

/// Drawing on a document: events (strokes, texts, eraser paths, undo, redo, moves), live
/// previews of a move, and Teach.
extension EditorServices {
    func addEditingRoutes(to router: Router<some RequestContext>) {
        router.post("api/documents/:name/events") { request, context in
            let name = try Self.name(context)
            let command = try EditorCommand(json: try await RequestBody.bytes(of: request))
            let interpreter = self.interpreter
            let (editor, report, _) = try await store.update(name, creating: true) { editor throws(APIError) in
                let before = editor.document
                let message = try Self.perform(command, on: &editor, with: interpreter)
                return ChangeReport(message: message, before: before, after: editor.document)
            }
            return JSONResponse.make(ViewAnswer(view: DocumentView(name: name, editor: editor), extra: report))
        }
        router.post("api/documents/:name/preview") { request, context in
            let name = try Self.name(context)
            guard case let .move(id, target) = try EditorCommand(json: try await RequestBody.bytes(of: request)) else {
                throw APIError.badRequest("a preview is of a move: {\"move\": ID, \"to\": [x, y]}")
            }
            let editor = try await store.existingEditor(name)
            guard editor.document.state(id) != nil else { throw APIError.unprocessable("\"\(name)\" has no state with id \(id)") }
            return JSONResponse.make(["svg": SVGExport.layers(editor.document.applying(.moveState(id: id, to: target)))])
        }
        router.post("api/documents/:name/corrections") { request, context in
            let name = try Self.name(context)
            let fields = try await RequestBody.object(of: request, allowed: ["stroke", "class", "replacing"])
            let className = try fields.string("class")
            guard let taught = TaughtClass(rawValue: className) else {
                throw APIError.badRequest("\"class\" is \"\(className.prefix(40))\", not one of \(TaughtClass.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let stroke = try fields.stroke("stroke")
            let replacing = try fields.ids("replacing")
            let (rules, corrections) = (interpreter.rules, self.corrections)
            let (editor, report, _) = try await store.update(name, creating: false) { editor throws(APIError) in
                let before = editor.document
                let removals = try replacing.map { id throws(APIError) -> EditAction in
                    if before.state(id) != nil { return .removeState(id: id) }
                    if before.transition(id) != nil { return .removeTransition(id: id) }
                    throw .unprocessable("\"\(name)\" has no element with id \(id) to replace")
                }
                let reading = Self.reading(stroke, as: taught, in: before.applying(removals), with: rules)
                editor.apply(removals + reading.actions)
                // Saved here, inside the store's turn: names cannot collide, and when the image
                // cannot be written the document keeps its old state.
                var saved: String?
                if let className = taught.trainingClass { saved = try corrections.save(stroke, as: className, from: name) }
                let change = ChangeReport(message: "taught: \(taught.title): \(reading.message)", before: before, after: editor.document)
                return TaughtReport(change: change, saved: saved)
            }
            return JSONResponse.make(ViewAnswer(view: DocumentView(name: name, editor: editor), extra: report))
        }
    }

    /// What the stroke makes once taught: a shape is read by the rules; a part of the last
    /// element completes it (a head directs a transition, a second ring makes a state final);
    /// nothing and writing make no element of their own (the removals are all there is).
    static func reading(_ stroke: [CanvasPoint], as taught: TaughtClass, in document: AutomatonDocument,
                        with rules: RecognitionRules) -> Interpretation {
        switch taught {
        case .shape(let kind): rules.interpret(kind, stroke: stroke, in: document)
        case .partOfLastElement: rules.completingElement(with: stroke, in: document)
        case .nothing, .writing: Interpretation(actions: [], message: "no element of its own")
        }
    }

    /// Applies one command as one undoable step; returns what it did in words.
    static func perform(_ command: EditorCommand, on editor: inout Editor, with interpreter: StrokeInterpreter) throws(APIError) -> String {
        switch command {
        case .drawing(let event):
            return editor.perform(event, with: interpreter)
        case .undo:
            return editor.undo() ? "undone" : "nothing to undo"
        case .redo:
            return editor.redo() ? "redone" : "nothing to redo"
        case let .move(id, target):
            guard editor.document.state(id) != nil else { throw .unprocessable("no state with id \(id) to move") }
            editor.apply(.moveState(id: id, to: target))
            return "moved \(editor.document.name(ofState: id))"
        case let .connect(id, end, state):
            guard editor.document.transition(id) != nil else { throw .unprocessable("no transition with id \(id) to connect") }
            guard editor.document.state(state) != nil else { throw .unprocessable("no state with id \(state) to connect to") }
            editor.apply(.connect(transition: id, end: end, state: state))
            let connected = editor.document.transition(id).map { editor.document.describe(transition: $0) } ?? "transition"
            return "connected \(connected)"
        }
    }
}

/// What Teach says beside the view: the change, and where the stroke was saved (no `saved`
/// when it was not).
struct TaughtReport: Encodable, Sendable {
    let change: ChangeReport
    let saved: String?

    private enum CodingKeys: String, CodingKey { case saved }

    func encode(to encoder: any Encoder) throws {
        try change.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(saved, forKey: .saved)
    }
}
