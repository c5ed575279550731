import AutomataEditorCore
import Foundation
import Hummingbird
import NIOCore
import StrokeModel

/// Request bodies: at most 1 MiB, JSON objects, read with messages that name the field.
enum RequestBody {
    static let limit = 1 << 20
    static let tooLarge = "the request body is over 1 MiB"

    /// The body's bytes; over the limit is a 413 (the rest is not read).
    static func bytes(of request: Request) async throws -> Data {
        do {
            let buffer = try await request.body.collect(upTo: limit)
            return Data(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, tooLarge)
        }
    }

    /// The body as a JSON object whose keys are all among `allowed`.
    static func object(of request: Request, allowed: Set<String>) async throws -> JSONObject {
        try JSONObject(try await bytes(of: request), allowed: allowed)
    }
}

/// A JSON object from a request, with typed fields that say which key is wrong and how.
struct JSONObject {
    let fields: [String: Any]

    init(_ data: Data, allowed: Set<String>) throws(APIError) {
        guard !data.isEmpty else { throw .badRequest("the request body is empty; it should be a JSON object") }
        guard let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            throw .badRequest("the request body is not valid JSON")
        }
        guard let fields = json as? [String: Any] else { throw .badRequest("the request body is not a JSON object") }
        if let unknown = fields.keys.filter({ !allowed.contains($0) }).sorted().first {
            throw .badRequest("unknown key \"\(unknown)\"; expected \(allowed.sorted().map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        self.fields = fields
    }

    /// Fields already parsed and whose keys were already looked at.
    init(fields: [String: Any]) {
        self.fields = fields
    }

    func string(_ key: String) throws(APIError) -> String {
        guard let value = fields[key] else { throw .badRequest("\"\(key)\" is missing") }
        guard let text = value as? String else { throw .badRequest("\"\(key)\" is not a string") }
        return text
    }

    func optionalString(_ key: String) throws(APIError) -> String? {
        fields[key] == nil || fields[key] is NSNull ? nil : try string(key)
    }

    /// A list of whole numbers (ids); missing is empty.
    func ids(_ key: String) throws(APIError) -> [Int] {
        guard let value = fields[key] else { return [] }
        guard let list = value as? [Any] else { throw .badRequest("\"\(key)\" is not a list of ids") }
        return try list.map { item throws(APIError) in
            guard let id = JSONObject.wholeNumber(item) else { throw .badRequest("\"\(key)\" holds \(item), not an id") }
            return id
        }
    }

    func id(_ key: String) throws(APIError) -> Int {
        guard let value = fields[key] else { throw .badRequest("\"\(key)\" is missing") }
        guard let id = JSONObject.wholeNumber(value) else { throw .badRequest("\"\(key)\" is not an id (a whole number)") }
        return id
    }

    /// `true` or `false` (not 1 or 0, which Foundation reads alike); missing is nil.
    func optionalBool(_ key: String) throws(APIError) -> Bool? {
        guard let value = fields[key], !(value is NSNull) else { return nil }
        guard let flag = value as? NSNumber, flag.isJSONBoolean else { throw .badRequest("\"\(key)\" is not true or false") }
        return flag.boolValue
    }

    /// `true`, and nothing else (not 1, which Foundation reads alike).
    func requireTrue(_ key: String) throws(APIError) {
        guard let flag = fields[key] as? NSNumber, flag.isJSONBoolean, flag.boolValue else {
            throw .badRequest("\"\(key)\" must be true")
        }
    }

    /// A point `[x, y]`, read by the drawing codec as a one-point stroke and held to the canvas.
    func point(_ key: String) throws(APIError) -> CanvasPoint {
        guard let value = fields[key],
              case .stroke(let points)? = try? EditorCommand.drawing(["stroke": [value]], place: "\"\(key)\""),
              points.count == 1 else {
            throw .badRequest("\"\(key)\" is not a point [x, y] within ±1,000,000")
        }
        return points[0]
    }

    /// A stroke `[[x, y], …]`, read by the drawing codec and held to the server's limits as a
    /// stroke event is; errors are placed at the key.
    func stroke(_ key: String) throws(APIError) -> [CanvasPoint] {
        guard let value = fields[key] else { throw .badRequest("\"\(key)\" is missing") }
        guard case .stroke(let points) = try EditorCommand.drawing(["stroke": value], place: "\"\(key)\"") else {
            throw .badRequest("\"\(key)\" is not a stroke")
        }
        return points
    }

    /// A JSON number that is a whole number (not a boolean, which Foundation also reads as a number).
    static func wholeNumber(_ value: Any) -> Int? {
        guard let number = value as? NSNumber, !number.isJSONBoolean else { return nil }
        let double = number.doubleValue
        guard double.isFinite, double == double.rounded(), abs(double) < 1e15 else { return nil }
        return Int(double)
    }
}
