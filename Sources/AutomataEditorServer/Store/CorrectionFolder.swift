import Foundation
import AutomataEditorCore
import StrokeModel
import PNGImages

/// Where Teach puts the strokes the model misread, in the training layout: `CLASS/NAME.png`,
/// drawn by the model's own rasterizer as training images are, with the stroke's drawing
/// file `NAME.json` beside it (which the dataset reader accepts there). So
/// `strokes train REAL CORRECTIONS:2x` learns from them.
struct CorrectionFolder: Sendable {
    let folder: URL
    let rasterizer: StrokeRasterizer

    /// Saves the stroke as an example of `kind`; returns the PNG's path inside the folder.
    func save(_ stroke: [StrokePoint], as kind: ShapeKind, from document: DocumentName) throws(APIError) -> String {
        let classFolder = folder.appendingPathComponent(kind.rawValue)
        let stem = "\(document.text)-\(Self.timestamp())"
        var name = stem
        var number = 2
        while FileManager.default.fileExists(atPath: classFolder.appendingPathComponent(name + ".png").path) {
            name = "\(stem)-\(number)"
            number += 1
        }
        let side = rasterizer.parameters.side
        let image = GrayImage(width: side, height: side, pixels: rasterizer.rasterize([stroke]))
        do {
            try PNGWriter.write(image, to: classFolder.appendingPathComponent(name + ".png"))
            try AtomicFile.write(DrawingFile.text(ofStrokes: [stroke]), to: classFolder.appendingPathComponent(name + ".json"))
        } catch {
            throw APIError(.internalServerError, "the corrections folder \(folder.path) cannot be written (\(error))")
        }
        return "\(kind.rawValue)/\(name).png"
    }

    /// Sortable and readable: 20261123-141502-123.
    private static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss-SSS"
        return formatter.string(from: Date())
    }
}
