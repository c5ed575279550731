import Foundation
import AutomataEditorCore
import StrokeModel
import PNGImages

/// Where Teach and corrected handwriting put what the models misread, in the training layout:
/// `CLASS/NAME.png` for shapes and `symbols/CLASS/NAME.png` for handwritten characters, drawn
/// by each model's own rasterizer as training images are, with the strokes' drawing file
/// `NAME.json` beside it (which the dataset reader accepts there). So
/// `strokes train REAL CORRECTIONS:2x` and `strokes train SYMBOLS CORRECTIONS/symbols:2x`
/// learn from them.
struct CorrectionFolder: Sendable {
    let folder: URL
    let rasterizer: StrokeRasterizer
    /// The symbol model's rasterizer and classes, when there is one.
    let symbols: (rasterizer: StrokeRasterizer, labels: [String])?

    /// The sub-folder handwritten characters go to.
    static let symbolsFolder = "symbols"

    init(folder: URL, rasterizer: StrokeRasterizer, symbols: (rasterizer: StrokeRasterizer, labels: [String])? = nil) {
        self.folder = folder
        self.rasterizer = rasterizer
        self.symbols = symbols
    }

    /// Saves the stroke as an example of the shape model's class `className` (a shape, or
    /// `other`); returns the PNG's path inside the folder.
    func save(_ stroke: [StrokePoint], as className: String, from document: DocumentName) throws(APIError) -> String {
        try write([stroke], drawnBy: rasterizer, into: className, from: document)
    }

    /// What saving a corrected word's characters did: the PNGs written, and why any were not.
    struct CharacterSaving: Sendable {
        var saved: [String] = []
        var note: String?
    }

    /// Saves each character of a handwritten word as an example of the character typed for it
    /// in `text` (separators left out, `eps` as ε): only when the ink holds as many
    /// characters as the text, each of a class the symbol model has.
    func saveCharacters(of word: WrittenWord, as text: String, from document: DocumentName) throws(APIError) -> CharacterSaving {
        guard let symbols else { return CharacterSaving(note: "no symbol model: no training images saved") }
        let typed = Self.characters(of: text)
        guard typed.count == word.characters.count, !typed.isEmpty else {
            return CharacterSaving(note: "the ink holds \(word.characters.count) character(s) and the text \(typed.count): no training images saved")
        }
        var saving = CharacterSaving()
        var unknown: [String] = []
        for (label, members) in zip(typed, word.characters) {
            guard symbols.labels.contains(label), members.allSatisfy(word.strokes.indices.contains) else {
                unknown.append(label)
                continue
            }
            let strokes = members.map { word.strokes[$0] }
            saving.saved.append(try write(strokes, drawnBy: symbols.rasterizer, into: "\(Self.symbolsFolder)/\(label)", from: document))
        }
        if !unknown.isEmpty {
            saving.note = "not saved: \(unknown.map { "\"\($0)\"" }.joined(separator: ", ")) (no class of the symbol model)"
        }
        return saving
    }

    /// The characters of a typed label, one per written character: no commas, semicolons or
    /// spaces; `eps` is the one character ε.
    static func characters(of text: String) -> [String] {
        text.replacingOccurrences(of: "eps", with: "ε").filter { !$0.isWhitespace && $0 != "," && $0 != ";" }.map(String.init)
    }

    /// Writes the image and the drawing file under `classPath`; returns the PNG's path inside the folder.
    private func write(_ strokes: [[StrokePoint]], drawnBy rasterizer: StrokeRasterizer, into classPath: String,
                       from document: DocumentName) throws(APIError) -> String {
        let classFolder = folder.appendingPathComponent(classPath)
        let stem = "\(document.text)-\(Self.timestamp())"
        var name = stem
        var number = 2
        while FileManager.default.fileExists(atPath: classFolder.appendingPathComponent(name + ".png").path) {
            name = "\(stem)-\(number)"
            number += 1
        }
        let side = rasterizer.parameters.side
        let image = GrayImage(width: side, height: side, pixels: rasterizer.rasterize(strokes))
        do {
            try PNGWriter.write(image, to: classFolder.appendingPathComponent(name + ".png"))
            try AtomicFile.write(DrawingFile.text(ofStrokes: strokes), to: classFolder.appendingPathComponent(name + ".json"))
        } catch {
            throw APIError(.internalServerError, "the corrections folder \(folder.path) cannot be written (\(error))")
        }
        return "\(classPath)/\(name).png"
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
