import Foundation

/// The drawing-file format, read and written in one place: by `strokes predict --strokes`
/// and `strokes rasterize` (its pen strokes), by `automata draw` (every event), by the
/// synthetic-stroke generator and by editors.
///
/// Either `{"events": [...]}` with events `{"stroke": [[x, y], …]}`, `{"text": "a,b", "at":
/// [x, y]}` and `{"erase": [[x, y], …]}`, or a plain list of strokes `[[[x, y], …], …]`.
/// Points are pairs of finite numbers (any unit, y growing downwards as on screen); strokes
/// and eraser paths have at least one point. Errors say where, counting from 1 as a reader of
/// the file does: `event 2, point 3: not a pair of numbers`, `stroke 2: not a list of points`.
public enum DrawingFile {
    /// The format in one line, for help texts and messages.
    public static let formatSummary =
        #"{"events": [...]} or a list of strokes [[[x, y], …], …]"#

    /// The events of a drawing file's contents.
    public static func events(from data: Data) throws(DrawingFileError) -> [DrawingEvent] {
        let json = try parsed(data, whenEmpty: "the file is empty; a drawing is \(formatSummary)")
        if let object = json as? [String: Any] {
            guard let events = object["events"] else { throw DrawingFileError(place: nil, problem: "an object without \"events\"") }
            guard let list = events as? [Any] else { throw DrawingFileError(place: nil, problem: "\"events\" is not a list") }
            if let unknown = object.keys.filter({ $0 != "events" }).sorted().first {
                throw DrawingFileError(place: nil, problem: "unknown key \"\(unknown)\" beside \"events\"")
            }
            return try list.enumerated().map { (index, item) throws(DrawingFileError) in try event(item, place: "event \(index + 1)") }
        }
        if let list = json as? [Any] {
            return try list.enumerated().map { (index, item) throws(DrawingFileError) in
                .stroke(try points(item, place: "stroke \(index + 1)", what: "a stroke"))
            }
        }
        throw DrawingFileError(place: nil, problem: "the top level is \(kind(of: json)), not \(formatSummary)")
    }

    /// One event on its own, as an editor sends it: `{"stroke": …}`, `{"text": …, "at": …}` or
    /// `{"erase": …}`, checked as in a file; errors are placed at `event`, `event, point 3`.
    public static func event(from data: Data) throws(DrawingFileError) -> DrawingEvent {
        try event(try eventJSON(from: data), place: "event")
    }

    /// The JSON value of one event's bytes, for readers that look at it before the codec does
    /// (the editor server's own commands); errors as `event(from:)` gives them.
    package static func eventJSON(from data: Data) throws(DrawingFileError) -> Any {
        try parsed(data, whenEmpty: #"empty; an event is {"stroke": [[x, y], …]}, {"text": …, "at": [x, y]} or {"erase": [[x, y], …]}"#)
    }

    /// The events of the drawing file at `url`.
    public static func events(contentsOf url: URL) throws(DrawingFileError) -> [DrawingEvent] {
        try events(from: contents(of: url))
    }

    /// The pen strokes of a drawing file's contents, in order: the ink a classifier sees
    /// (texts and eraser paths are not ink). A drawing without any point is an error.
    public static func strokes(from data: Data) throws(DrawingFileError) -> [[StrokePoint]] {
        let strokes = try events(from: data).compactMap { event -> [StrokePoint]? in
            if case .stroke(let points) = event { points } else { nil }
        }
        guard !strokes.isEmpty else { throw DrawingFileError(place: nil, problem: "no points (the drawing has no strokes)") }
        return strokes
    }

    /// The pen strokes of the drawing file at `url`.
    public static func strokes(contentsOf url: URL) throws(DrawingFileError) -> [[StrokePoint]] {
        try strokes(from: contents(of: url))
    }

    /// A drawing file's text for `events`: `{"events": [...]}`, one event per line.
    public static func text(of events: [DrawingEvent]) -> String {
        "{\"events\": [\n" + events.map { "  " + text(of: $0) }.joined(separator: ",\n") + "\n]}\n"
    }

    /// One event's JSON on one line, as in a drawing file (and as an editor sends it alone).
    public static func text(of event: DrawingEvent) -> String {
        switch event {
        case .stroke(let stroke): "{\"stroke\": \(pointList(stroke))}"
        case let .text(text, at): "{\"text\": \(HeaderJSON.quoted(text)), \"at\": \(pair(at))}"
        case .erase(let path): "{\"erase\": \(pointList(path))}"
        }
    }

    /// A drawing file's text for pen strokes alone: a compact list of strokes on one line.
    public static func text(ofStrokes strokes: [[StrokePoint]]) -> String {
        "[" + strokes.map(pointList).joined(separator: ",") + "]\n"
    }

    // MARK: reading

    /// The JSON value of the bytes; `whenEmpty` says what they should have held.
    private static func parsed(_ data: Data, whenEmpty: String) throws(DrawingFileError) -> Any {
        guard !data.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) else {
            throw DrawingFileError(place: nil, problem: whenEmpty)
        }
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw DrawingFileError(place: nil, problem: "not valid JSON (\(syntaxDetail(error)))")
        }
    }

    private static func contents(of url: URL) throws(DrawingFileError) -> Data {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw DrawingFileError(place: nil, problem: "is a folder, not a drawing file")
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw DrawingFileError(place: nil, problem: "cannot be read (\(FileReadFailure.reason(url.path)))")
        }
    }

    /// One event from JSON already parsed (by a server that looked at it first); errors are
    /// placed at `place`.
    package static func event(_ item: Any, place: String) throws(DrawingFileError) -> DrawingEvent {
        guard let object = item as? [String: Any] else {
            throw DrawingFileError(place: place, problem: #"not an object like {"stroke": ...}, {"text": ..., "at": ...} or {"erase": ...}"#)
        }
        let keys = Set(object.keys)
        switch keys {
        case ["stroke"]:
            return .stroke(try points(object["stroke"]!, place: place, what: "a stroke"))
        case ["erase"]:
            return .erase(try points(object["erase"]!, place: place, what: "an eraser path"))
        case ["text", "at"]:
            guard let text = object["text"] as? String else { throw DrawingFileError(place: place, problem: "\"text\" is not a string") }
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw DrawingFileError(place: place, problem: "\"text\" is empty")
            }
            return .text(text, at: try point(object["at"]!, place: place + ", \"at\""))
        case ["text"]:
            throw DrawingFileError(place: place, problem: "a text without \"at\" (where it was written)")
        default:
            throw DrawingFileError(place: place, problem: "keys \(keys.sorted()) are none of stroke, text with at, erase")
        }
    }

    private static func points(_ value: Any, place: String, what: String) throws(DrawingFileError) -> [StrokePoint] {
        guard let list = value as? [Any] else { throw DrawingFileError(place: place, problem: "not a list of points") }
        guard !list.isEmpty else { throw DrawingFileError(place: place, problem: "\(what) with no points") }
        return try list.enumerated().map { (index, item) throws(DrawingFileError) in
            try point(item, place: "\(place), point \(index + 1)")
        }
    }

    private static func point(_ value: Any, place: String) throws(DrawingFileError) -> StrokePoint {
        guard let pair = value as? [Any] else { throw DrawingFileError(place: place, problem: "not a pair of numbers") }
        guard pair.count == 2 else {
            throw DrawingFileError(place: place, problem: "not a pair of numbers (it has \(pair.count) \(pair.count == 1 ? "value" : "values"), not 2)")
        }
        guard let x = number(pair[0]), let y = number(pair[1]) else {
            throw DrawingFileError(place: place, problem: "not a pair of numbers")
        }
        return StrokePoint(x: x, y: y)
    }

    /// A JSON number as a Double (not a boolean, which Foundation also reads as a number).
    private static func number(_ value: Any) -> Double? {
        guard let number = value as? NSNumber, !number.isJSONBoolean else { return nil }
        let double = number.doubleValue
        return double.isFinite ? double : nil
    }

    private static func kind(of json: Any) -> String {
        if json is NSNull { return "null" }
        if let number = json as? NSNumber { return number.isJSONBoolean ? "a boolean" : "a number" }
        return json is String ? "a string" : "not a list"
    }

    /// Where the JSON goes wrong ("invalid value around character 9", e.g. at a NaN, which
    /// JSON does not have); Foundation's localized description does not say.
    private static func syntaxDetail(_ error: any Error) -> String {
        let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
        let line = detail.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: ". "))
        return line.prefix(1).lowercased() + line.dropFirst()
    }

    // MARK: writing

    /// The shortest text that reads back as the same Double ("12.5", "-3", not "-3.0").
    /// Non-finite values have no JSON form: they are written as 0.
    private static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    private static func pair(_ point: StrokePoint) -> String { "[\(number(point.x)),\(number(point.y))]" }
    private static func pointList(_ points: [StrokePoint]) -> String { "[" + points.map(pair).joined(separator: ",") + "]" }
}

/// Why a drawing file cannot be read: where (`event 2`, `stroke 1, point 3`; nil for the file
/// as a whole) and what is wrong there.
public struct DrawingFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where: `event 2`, `stroke 1, point 3`; nil for the file as a whole.
    public var place: String?
    /// What is wrong there, in words.
    public var problem: String

    /// The error at `place` (nil: the whole file), saying `problem`.
    public init(place: String?, problem: String) {
        self.place = place
        self.problem = problem
    }

    public var description: String { place.map { "\($0): \(problem)" } ?? problem }
}
