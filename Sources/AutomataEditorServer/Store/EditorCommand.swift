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
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            switch Set(object.keys) {
            case ["undo"], ["redo"]:
                // Foundation reads true and 1 alike as NSNumber; only a JSON boolean's type is "c".
                guard let flag = object.values.first as? NSNumber, String(cString: flag.objCType) == "c", flag.boolValue else {
                    throw .badRequest("\"\(object.keys.first!)\" must be true")
                }
                self = object["undo"] != nil ? .undo : .redo
                return
            case ["move", "to"]:
                let fields = try JSONObject(data, allowed: ["move", "to"])
                let target: CanvasPoint
                do {
                    guard case .stroke(let points) = try Self.drawing(fields.json("to").replacingKey("to", with: "stroke")),
                          points.count == 1 else { throw APIError.badRequest("") }
                    target = points[0]
                } catch {
                    throw .badRequest("\"to\" is not a point [x, y] within ±1,000,000")
                }
                self = .move(state: try fields.id("move"), to: target)
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

private extension Data {
    /// `{"to": [x, y]}` read as `{"stroke": [[x, y]]}`, so a lone point goes through the same codec.
    func replacingKey(_ key: String, with other: String) -> Data {
        guard let object = try? JSONSerialization.jsonObject(with: self) as? [String: Any], let value = object[key],
              let data = try? JSONSerialization.data(withJSONObject: [other: [value]]) else { return self }
        return data
    }
}
