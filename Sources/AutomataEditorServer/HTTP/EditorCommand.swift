import Foundation
import AutomataEditorCore
import StrokeModel

/// One request to the events endpoint: a drawing event exactly as in drawing files, or one of
/// the editor's own (undo, redo, moving a state).
enum EditorCommand: Sendable {
    case drawing(DrawingEvent)
    case undo
    case redo
    case move(state: Int, to: CanvasPoint)

    init(json data: Data) throws(APIError) {
        // The editor's own commands have keys no drawing event has; anything else is read
        // as a drawing event, exactly as in drawing files.
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            switch Set(object.keys) {
            case ["undo"]:
                try JSONObject(data, allowed: ["undo"]).requireTrue("undo")
                self = .undo
                return
            case ["redo"]:
                try JSONObject(data, allowed: ["redo"]).requireTrue("redo")
                self = .redo
                return
            case ["move", "to"]:
                let fields = try JSONObject(data, allowed: ["move", "to"])
                self = .move(state: try fields.id("move"), to: try fields.point("to"))
                return
            default:
                break
            }
        }
        self = .drawing(try Self.drawing(data))
    }

    /// A drawing event through the drawing codec, then held to the server's limits.
    private static func drawing(_ data: Data) throws(APIError) -> DrawingEvent {
        let event: DrawingEvent
        do {
            event = try DrawingFile.event(from: data)
        } catch {
            throw .badRequest(error.description)
        }
        let points: [CanvasPoint]
        switch event {
        case .stroke(let stroke): points = stroke
        case .erase(let path): points = path
        case .text(let text, let at):
            guard text.count <= InputLimits.text else {
                throw .badRequest("event: the text has \(text.count) characters; the most is \(InputLimits.text)")
            }
            points = [at]
        }
        guard points.count <= InputLimits.points else {
            throw .badRequest("event: \(points.count) points; the most is \(InputLimits.points)")
        }
        if let index = InputLimits.firstOffCanvas(points) {
            throw .badRequest("event, point \(index + 1): (\(points[index].x), \(points[index].y)) is off the canvas (coordinates are within ±1,000,000)")
        }
        return event
    }
}
