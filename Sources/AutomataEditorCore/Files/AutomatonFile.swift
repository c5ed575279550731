import Foundation
import StrokeModel

/// Reads and writes `.automaton` documents: pretty JSON with sorted keys (stable diffs), the
/// document wrapped with a format marker and version so that a foreign or newer file is
/// refused with a clear message instead of being misread:
///
///     {"document": {...}, "format": "strokes.automaton", "version": 1}
public enum AutomatonFile {
    /// The value of the `format` field.
    public static let formatMarker = "strokes.automaton"
    /// The format version written, and the newest one read.
    public static let formatVersion = 1
    /// The file name extension, without the dot.
    public static let fileExtension = "automaton"

    /// Writes the document atomically: readers see the old file or the whole new one, and a
    /// failure leaves the old file as it was. An inconsistent document is refused (it could not
    /// be read back).
    /// - Throws: `AutomatonFileError` (`.inconsistent` or `.unwritable`).
    public static func write(_ document: AutomatonDocument, to url: URL) throws {
        let bytes = try encoded(document, for: url)
        do {
            try AtomicFile.write(bytes, to: url)
        } catch {
            throw AutomatonFileError(url: url, problem: .unwritable(error.localizedDescription))
        }
    }

    /// Reads a document written by `write(_:to:)`, checked for consistency.
    /// - Throws: `AutomatonFileError` saying what is wrong with the file.
    public static func read(from url: URL) throws -> AutomatonDocument {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw AutomatonFileError(url: url, problem: .unreadable(error.localizedDescription))
        }
        return try decoded(data, from: url)
    }

    /// The bytes `write(_:to:)` writes for a document, for a file made elsewhere (a download).
    /// - Throws: `AutomatonFileError` (`.inconsistent`) for a document that could not be read back.
    public static func contents(of document: AutomatonDocument) throws -> [UInt8] {
        try encoded(document, for: URL(fileURLWithPath: "document.\(fileExtension)"))
    }

    /// The file's bytes for a document (pretty JSON, sorted keys, ending in a newline).
    static func encoded(_ document: AutomatonDocument, for url: URL) throws -> [UInt8] {
        let inconsistencies = document.inconsistencies
        guard inconsistencies.isEmpty else {
            throw AutomatonFileError(url: url, problem: .inconsistent(inconsistencies))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let envelope = Envelope(format: formatMarker, version: formatVersion, document: document)
            return Array(try encoder.encode(envelope)) + Array("\n".utf8)
        } catch {
            throw AutomatonFileError(url: url, problem: .unwritable(String(describing: error)))
        }
    }

    /// The document in a file's bytes, checked as `read(from:)` checks it (for bytes that do not
    /// come from a file, and for fuzzing); `url` only names the file in errors.
    /// - Throws: `AutomatonFileError` saying what is wrong with the bytes.
    public static func decoded(_ data: Data, from url: URL) throws -> AutomatonDocument {
        func failure(_ problem: AutomatonFileError.Problem) -> AutomatonFileError {
            AutomatonFileError(url: url, problem: problem)
        }
        guard !data.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) else { throw failure(.empty) }
        // The marker and version are looked at before the document, so that a foreign or newer
        // file is named as such rather than reported as a damaged document.
        guard let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            throw failure(.notJSON)
        }
        guard let header = json as? [String: Any], let format = header["format"] else {
            throw failure(.foreignFormat(found: nil))
        }
        guard let marker = format as? String, marker == formatMarker else {
            throw failure(.foreignFormat(found: (format as? String) ?? String(describing: format)))
        }
        guard let version = wholeNumber(header["version"]), version >= 1 else { throw failure(.invalidVersion) }
        guard version <= formatVersion else { throw failure(.newerVersion(version)) }

        let document: AutomatonDocument
        do {
            document = try JSONDecoder().decode(Envelope.self, from: data).document
        } catch let error as DecodingError {
            throw failure(.malformed(explain(error)))
        } catch {
            throw failure(.malformed(String(describing: error)))
        }
        let inconsistencies = document.inconsistencies
        guard inconsistencies.isEmpty else { throw failure(.inconsistent(inconsistencies)) }
        return document
    }

    /// What the file holds at its top level.
    private struct Envelope: Codable {
        var format: String
        var version: Int
        var document: AutomatonDocument
    }

    private static func wholeNumber(_ value: Any?) -> Int? {
        if let number = value as? Int { return number }
        if let number = value as? Double, number == number.rounded(), abs(number) < 1e9 { return Int(number) }
        return nil
    }

    /// A decoding error in words, with where in the document it happened.
    private static func explain(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            let rendered = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return rendered.isEmpty ? "the top level" : String(rendered.drop { $0 == "." })
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\"\(key.stringValue)\" is missing at \(place(context.codingPath))"
        case .valueNotFound(_, let context):
            return "a value is missing at \(place(context.codingPath))"
        case .typeMismatch(let type, let context):
            return "\(place(context.codingPath)) is not \(typeName(type))"
        case .dataCorrupted(let context):
            return "\(context.debugDescription) at \(place(context.codingPath))"
        @unknown default:
            return String(describing: error)
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Int.Type: "a whole number"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: type is any Collection.Type ? "a list" : "an object of the expected kind"
        }
    }
}
