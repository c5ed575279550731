import Foundation
import AutomataEditorCore
import StrokeModel

/// One request to the events endpoint: a drawing event exactly as in drawing files, or one of
/// the editor's own (undo, redo, moving a state, connecting a transition's end to a state).
enum EditorCommand: Sendable {
    case drawing(DrawingEvent)
    case undo
    case redo
    case move(state: Int, to: CanvasPoint)
    case connect(transition: Int, end: EditAction.End, state: Int)

    /// Reads the body once: the editor's own commands have keys no drawing event has;
    /// anything else is read by the drawing codec, exactly as in drawing files.
    init(json data: Data) throws(APIError) {
        // Parsed by the codec, so an empty or malformed body is described as in a file.
        let json: Any
        do {
            json = try DrawingFile.eventJSON(from: data)
        } catch {
            throw .badRequest(error.description)
        }
        if let object = json as? [String: Any] {
            switch Set(object.keys) {
            case ["undo"]:
                try JSONObject(fields: object).requireTrue("undo")
                self = .undo
                return
            case ["redo"]:
                try JSONObject(fields: object).requireTrue("redo")
                self = .redo
                return
            case ["move", "to"]:
                let fields = JSONObject(fields: object)
                self = .move(state: try fields.id("move"), to: try fields.point("to"))
                return
            case ["connect", "end", "state"]:
                let fields = JSONObject(fields: object)
                self = .connect(transition: try fields.id("connect"), end: try Self.end(fields.string("end")),
                                state: try fields.id("state"))
                return
            default:
                break
            }
        }
        self = .drawing(try Self.drawing(json, place: "event"))
    }

    /// `"start"` or `"end"`: which end of a transition a connect command attaches.
    static func end(_ text: String) throws(APIError) -> EditAction.End {
        switch text {
        case "start": return .start
        case "end": return .end
        default: throw .badRequest("\"end\" is not \"start\" or \"end\"")
        }
    }

    /// A drawing event, parsed JSON read by the drawing codec, then held to the server's
    /// limits; errors are placed at `place` (`event`, `"stroke"`).
    static func drawing(_ json: Any, place: String) throws(APIError) -> DrawingEvent {
        let event: DrawingEvent
        do {
            event = try DrawingFile.event(json, place: place)
        } catch {
            throw .badRequest(error.description)
        }
        try InputLimits.check(event, place: place)
        return event
    }
}
