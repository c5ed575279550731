import Foundation
import StrokeModel

/// A drawing file: pen strokes as JSON, read by `strokes predict --strokes` and
/// `strokes rasterize`.
///
/// The format is a list of strokes, each a list of `[x, y]` points (numbers, any unit, y
/// growing downwards as on screen):
///
///     [[[0, 0], [10, 5], [20, 0]], [[5, 5], [6, 6]]]
///
/// All strokes of a file are one drawing, classified together (a cycle's loop and its
/// arrowhead may be two strokes). Only the shape matters: the rasterizer fits the drawing's
/// bounding box to the image.
enum DrawingFile {
    /// One line for `--help` texts.
    static let formatHelp =
        "a JSON list of strokes, each a list of [x, y] points (numbers), e.g. [[[0,0],[10,5],[20,0]], [[5,5],[6,6]]]; all strokes of a file are one drawing"

    /// The strokes of the file at `path` (named in errors as given).
    static func read(_ path: String) throws(DrawingFileError) -> [[StrokePoint]] {
        let url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw DrawingFileError(path: path, problem: "cannot be read (no such file)")
        }
        guard !isFolder.boolValue else {
            throw DrawingFileError(path: path, problem: "is a folder, not a drawing file")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw DrawingFileError(path: path, problem: "cannot be read (\(FileReadFailure.reason(path)))")
        }
        return try decode(data, path: path)
    }

    /// Parses the JSON in `data`; `path` names it in errors.
    static func decode(_ data: Data, path: String) throws(DrawingFileError) -> [[StrokePoint]] {
        guard !data.isEmpty else { throw DrawingFileError(path: path, problem: "the file is empty; " + expectedShape) }
        let strokes: [[StrokePoint]]
        do {
            strokes = try JSONDecoder().decode(DrawingJSON.self, from: data).strokes
        } catch let problem as DrawingJSON.Problem {
            throw DrawingFileError(path: path, problem: problem.text)
        } catch {
            throw DrawingFileError(path: path, problem: "not valid JSON\(syntaxDetail(data)); " + expectedShape)
        }
        guard strokes.contains(where: { !$0.isEmpty }) else {
            throw DrawingFileError(
                path: path, problem: strokes.isEmpty ? "no points (the list of strokes is empty)" : "no points (every stroke is empty)")
        }
        return strokes
    }

    static let expectedShape = "a drawing is a list of strokes, each a list of [x, y] points, e.g. [[[0,0],[10,5]]]"

    /// Where the JSON syntax goes wrong, in parentheses (JSONDecoder does not say; the older
    /// parser does), or nothing.
    private static func syntaxDetail(_ data: Data) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            return ""
        } catch {
            guard var detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String else { return "" }
            detail = detail.replacingOccurrences(of: "\n", with: " ")
            while detail.hasSuffix(".") { detail.removeLast() }
            return detail.isEmpty ? "" : " (\(detail.prefix(1).lowercased() + detail.dropFirst()))"
        }
    }
}

/// A drawing file that cannot be used; `description` is the one line shown to the user.
struct DrawingFileError: Error, Equatable, CustomStringConvertible {
    let path: String
    let problem: String
    var description: String { "\(path): \(problem)" }
}

/// Decodes the drawing format, stopping at the first part that is not the expected shape and
/// saying where it is (strokes and points counted from 1, as a user reads the file).
private struct DrawingJSON: Decodable {
    struct Problem: Error { let text: String }

    let strokes: [[StrokePoint]]

    init(from decoder: any Decoder) throws {
        var list: any UnkeyedDecodingContainer
        do {
            list = try decoder.unkeyedContainer()
        } catch {
            throw Problem(text: "the top level is \(Self.kind(of: decoder)), not a list of strokes; " + DrawingFile.expectedShape)
        }
        var strokes: [[StrokePoint]] = []
        while !list.isAtEnd {
            let strokeNumber = list.currentIndex + 1
            var points: any UnkeyedDecodingContainer
            do {
                points = try list.nestedUnkeyedContainer()
            } catch {
                throw Problem(text: "stroke \(strokeNumber) is not a list of points")
            }
            var stroke: [StrokePoint] = []
            while !points.isAtEnd {
                let pointNumber = points.currentIndex + 1
                let place = "stroke \(strokeNumber), point \(pointNumber)"
                let pair: [Double]
                do {
                    pair = try points.decode([Double].self)
                } catch is DecodingError {
                    throw Problem(text: "\(place) is not a pair of numbers")
                } catch {
                    // Not a type mismatch: the parser's own error for a number a Double cannot
                    // hold (like 1e999).
                    throw Problem(text: "\(place) has a number out of range")
                }
                guard pair.count == 2 else {
                    throw Problem(text: "\(place) is not a pair of numbers (it has \(pair.count) \(pair.count == 1 ? "number" : "numbers"), not 2)")
                }
                guard pair[0].isFinite, pair[1].isFinite else {
                    throw Problem(text: "\(place) has a number out of range")
                }
                stroke.append(StrokePoint(x: pair[0], y: pair[1]))
            }
            strokes.append(stroke)
        }
        self.strokes = strokes
    }

    /// What the top-level value is, for the message when it is not a list.
    private static func kind(of decoder: any Decoder) -> String {
        guard let value = try? decoder.singleValueContainer() else { return "not a list" }
        if value.decodeNil() { return "null" }
        if (try? value.decode(Bool.self)) != nil { return "a boolean" }
        if (try? value.decode(Double.self)) != nil { return "a number" }
        if (try? value.decode(String.self)) != nil { return "a string" }
        return "an object"
    }
}
