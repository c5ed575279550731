import Foundation
import StrokeModel
import Testing
@testable import AutomataEditorCore

/// Drawings and documents edited by hand (docs/bad-inputs.md): one error saying what is wrong.
@Suite struct BadDrawingAndDocumentTests {
    static func problem(_ text: String) -> String? {
        do {
            _ = try DrawingFile.events(from: Data(text.utf8))
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: ["", "  \n\t "])
    func anEmptyDrawingFileSaysSo(_ text: String) {
        #expect(Self.problem(text) == "the file is empty; a drawing is {\"events\": [...]} or a list of strokes [[[x, y], …], …]")
    }

    @Test func nanCoordinatesAreNotJSONAndTheMessageSaysWhere() throws {
        // JSON has no NaN; Foundation's localized message ("the data is not in the correct format") would not say where.
        let text = #"{"events": [{"stroke": [[0, 0], [NaN, 1]]}]}"#
        let offset = text.utf8.distance(from: text.startIndex, to: try #require(text.range(of: "NaN")).lowerBound)
        #expect(Self.problem(text) == "not valid JSON (invalid value around character \(offset))")
    }

    @Test func aStrokeOfManyPointsIsReadAsItsShapeResampled() {
        // A stuck pen's circle of 50,000 points reads as the same circle of 4,096.
        let dense = HandDrawn.circle(CanvasPoint(x: 200, y: 200), radius: 50, samples: 47_619)
        #expect(dense.count > StrokeInterpreter.mostPoints)
        let interpreter = ShippedModel.interpreter
        let reading = interpreter.interpret(stroke: dense, in: AutomatonDocument())
        let resampled = interpreter.interpret(stroke: StrokeGeometry.resampled(dense, count: StrokeInterpreter.mostPoints), in: AutomatonDocument())
        #expect(reading.actions == resampled.actions && reading.message.contains("state"), "\(reading.message)")
    }

    @Test func aMissingDrawingFileSaysSo() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-drawing-\(UUID().uuidString).json")
        #expect(throws: DrawingFileError(place: nil, problem: "cannot be read (no such file)")) {
            try DrawingFile.events(contentsOf: url)
        }
    }

    /// Out-of-range numbers in a document: JSON has no NaN, and 1e999 is not a finite position.
    @Test(arguments: ["NaN", "1e999"])
    func aDocumentWithNonFiniteCoordinatesIsRefused(_ number: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bad-document-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("doc.automaton")
        try AutomatonFile.write(SampleDocuments.textbook, to: url)
        let text = try String(contentsOf: url, encoding: .utf8)
        let x = try #require(text.range(of: #""x" : [-0-9.e]+"#, options: .regularExpression))
        try Data(text.replacingCharacters(in: x, with: "\"x\" : \(number)").utf8).write(to: url)
        let error = try #require(throws: AutomatonFileError.self) { try AutomatonFile.read(from: url) }
        #expect(error.description.hasPrefix(url.path + ": ") && !error.description.contains("\n"), "\(error)")
    }
}
