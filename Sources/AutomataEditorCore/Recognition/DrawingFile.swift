import Foundation
import StrokeModel

/// A drawing as JSON: what `automata draw` reads.
///
/// Either `{"events": [...]}` with events `{"stroke": [[x,y],...]}`, `{"text": "a,b", "at": [x,y]}`
/// and `{"erase": [[x,y],...]}`, or a plain list of strokes `[[[x,y],...],...]`.
public enum DrawingFile {
    /// The events of a drawing file's contents.
    public static func events(from data: Data) throws(DrawingFileError) -> [DrawingEvent] {
        guard !data.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) else {
            throw DrawingFileError(event: nil, problem: "the file is empty; a drawing is {\"events\": [...]} or a list of strokes")
        }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw DrawingFileError(event: nil, problem: "not JSON (\(syntaxDetail(error)))")
        }
        if let object = json as? [String: Any] {
            guard let events = object["events"] else { throw DrawingFileError(event: nil, problem: "an object without \"events\"") }
            guard let list = events as? [Any] else { throw DrawingFileError(event: nil, problem: "\"events\" is not a list") }
            if let unknown = object.keys.filter({ $0 != "events" }).sorted().first {
                throw DrawingFileError(event: nil, problem: "unknown key \"\(unknown)\" beside \"events\"")
            }
            return try list.enumerated().map { (index, item) throws(DrawingFileError) in try event(item, number: index + 1) }
        }
        if let list = json as? [Any] {
            return try list.enumerated().map { (index, item) throws(DrawingFileError) in
                .stroke(try points(item, minimum: 2, event: index + 1, kind: "stroke"))
            }
        }
        throw DrawingFileError(event: nil, problem: "neither {\"events\": [...]} nor a list of strokes")
    }

    /// A drawing file's text for `events`, `{"events": [...]}` with one event per line, each
    /// coordinate in its shortest exact decimal form: `events(from:)` reads back the same
    /// events (to the last bit where the JSON reader parses decimals exactly).
    public static func text(of events: [DrawingEvent]) -> String {
        func number(_ value: Double) -> String {
            let text = value.isFinite ? value.description : "0"
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
        func point(_ p: CanvasPoint) -> String { "[\(number(p.x)),\(number(p.y))]" }
        func points(_ list: [CanvasPoint]) -> String { "[" + list.map(point).joined(separator: ",") + "]" }
        let lines = events.map { event in
            switch event {
            case .stroke(let stroke): "{\"stroke\": \(points(stroke))}"
            case let .text(text, at): "{\"text\": \(quoted(text)), \"at\": \(point(at))}"
            case .erase(let path): "{\"erase\": \(points(path))}"
            }
        }
        return "{\"events\": [\n" + lines.map { "  " + $0 }.joined(separator: ",\n") + "\n]}\n"
    }

    private static func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    /// The events of the drawing file at `url`.
    public static func events(contentsOf url: URL) throws(DrawingFileError) -> [DrawingEvent] {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw DrawingFileError(event: nil, problem: "cannot be read (\(FileReadFailure.reason(url.path)))")
        }
        return try events(from: data)
    }

    /// Where the JSON goes wrong ("invalid value around character 9", e.g. at a NaN, which
    /// JSON does not have); Foundation's localized description does not say.
    private static func syntaxDetail(_ error: any Error) -> String {
        let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
        let line = detail.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: ". "))
        return line.prefix(1).lowercased() + line.dropFirst()
    }

    private static func event(_ item: Any, number: Int) throws(DrawingFileError) -> DrawingEvent {
        guard let object = item as? [String: Any] else {
            throw DrawingFileError(event: number, problem: "not an object like {\"stroke\": ...}, {\"text\": ..., \"at\": ...} or {\"erase\": ...}")
        }
        let keys = Set(object.keys)
        switch keys {
        case ["stroke"]:
            return .stroke(try points(object["stroke"]!, minimum: 2, event: number, kind: "stroke"))
        case ["erase"]:
            return .erase(try points(object["erase"]!, minimum: 1, event: number, kind: "erase"))
        case ["text", "at"]:
            guard let text = object["text"] as? String else {
                throw DrawingFileError(event: number, problem: "\"text\" is not a string")
            }
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw DrawingFileError(event: number, problem: "\"text\" is empty")
            }
            return .text(text, at: try point(object["at"]!, event: number, what: "\"at\""))
        case ["text"]:
            throw DrawingFileError(event: number, problem: "a text without \"at\" (where it was written)")
        default:
            throw DrawingFileError(event: number, problem: "keys \(keys.sorted()) are none of stroke, text with at, erase")
        }
    }

    private static func points(_ value: Any, minimum: Int, event: Int, kind: String) throws(DrawingFileError) -> [CanvasPoint] {
        guard let list = value as? [Any] else { throw DrawingFileError(event: event, problem: "\(kind) is not a list of points") }
        guard list.count >= minimum else {
            throw DrawingFileError(event: event, problem: "\(kind) has \(list.count) point(s), needs at least \(minimum)")
        }
        return try list.enumerated().map { (index, item) throws(DrawingFileError) in
            try point(item, event: event, what: "\(kind) point \(index + 1)")
        }
    }

    private static func point(_ value: Any, event: Int, what: String) throws(DrawingFileError) -> CanvasPoint {
        guard let pair = value as? [Any], pair.count == 2, let x = number(pair[0]), let y = number(pair[1]) else {
            throw DrawingFileError(event: event, problem: "\(what) is not [x, y] with two finite numbers")
        }
        return CanvasPoint(x: x, y: y)
    }

    private static func number(_ value: Any) -> Double? {
        // JSON true/false arrive as NSNumber too (whose `is Bool` holds for 0 and 1 as well):
        // tell them apart by their stored type, "c" (char) for booleans.
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
        let double = number.doubleValue
        return double.isFinite ? double : nil
    }
}

/// Why a drawing file cannot be read: which event (1-based; nil for the file as a whole) and
/// what is wrong with it.
public struct DrawingFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var event: Int?
    public var problem: String

    public init(event: Int?, problem: String) {
        self.event = event
        self.problem = problem
    }

    public var description: String { event.map { "event \($0): \(problem)" } ?? problem }
}
