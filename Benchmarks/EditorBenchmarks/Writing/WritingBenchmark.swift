import AutomataEditorCore
import Foundation
import StrokeTraining

/// Handwriting nobody here wrote, read as the editor reads it (`WordReader`: strokes grouped
/// into characters, each classified by the symbol model): the held-out writers' letters
/// (one character each: is it read as that one character?) and the texts of the FC_A
/// flowcharts whose transcription uses only the symbols' alphabet (lower-case letters and
/// digits, words apart by spaces): characters right (the transcription's length less the
/// edit distance, separators aside) and whole texts right.
package enum WritingBenchmark {
    package struct Misreading: Sendable, Encodable {
        package var source: String
        package var meant: String
        package var read: String
    }

    package struct Letters: Sendable {
        package var writers: [Int]
        package var tally = InkTally()
        /// 0–9, a–e, ε and λ: the symbols automata courses use most.
        package var courses = InkTally()
        package var byClass: [String: InkTally] = [:]
        package var misread: [Misreading] = []
    }

    package struct Texts: Sendable {
        package var files = 0
        package var texts = 0
        /// Texts whose transcription uses a character outside the alphabet (capitals, `=`, `>`…).
        package var outsideAlphabet = 0
        package var characters = InkTally()
        package var whole = InkTally()
        package var misread: [Misreading] = []
    }

    /// The held-out writers' letters of the collection in `folder` (Omniglot's layout).
    package static func letters(in folder: URL, heldOutWriters: Int, reader: WordReader) throws -> Letters {
        letters(try HandwritingCollections.letterDrawings(in: folder), heldOutWriters: heldOutWriters, reader: reader)
    }

    /// The held-out writers' letters of `drawings`.
    /// Each is a letter written alone, so the editor's preference for the digit an l or an o
    /// looks like is off: this measures the model's reading.
    package static func letters(_ drawings: [HandwritingCollections.LetterDrawing], heldOutWriters: Int, reader: WordReader) -> Letters {
        var reader = reader
        reader.prefersDigitLookalikes = false
        let writers = HandwritingCollections.heldOutWriters(drawings, count: heldOutWriters)
        var result = Letters(writers: writers.sorted())
        for drawing in drawings where writers.contains(drawing.writer) {
            let meant = drawing.label == "λ" ? "ε" : drawing.label
            let read = reader.read(drawing.strokes).text
            let right = read == meant
            result.tally.count(right)
            if "0123456789abcdeελ".contains(drawing.label) { result.courses.count(right) }
            result.byClass[drawing.label, default: InkTally()].count(right)
            if !right { result.misread.append(Misreading(source: drawing.path, meant: meant, read: read)) }
        }
        return result
    }

    static let alphabet = Set("abcdefghijklmnopqrstuvwxyz0123456789 ")

    /// The texts of `flowcharts` in the alphabet.
    package static func texts(_ flowcharts: [Flowchart], reader: WordReader) -> Texts {
        var result = Texts(files: flowcharts.count)
        for flowchart in flowcharts {
            for text in flowchart.texts {
                guard let transcription = text.transcription?.trimmingCharacters(in: .whitespaces), !transcription.isEmpty else { continue }
                result.texts += 1
                guard transcription.allSatisfy(alphabet.contains) else {
                    result.outsideAlphabet += 1
                    continue
                }
                let meant = transcription.filter { $0 != " " }
                let read = reader.read(text.strokes).text.filter { $0 != "," }
                let wrong = min(meant.count, editDistance(Array(meant), Array(read)))
                result.characters = result.characters + InkTally(right: meant.count - wrong, total: meant.count)
                result.whole.count(read == meant)
                if read != meant {
                    result.misread.append(Misreading(source: "\(flowchart.name) \(text.id)", meant: transcription, read: read))
                }
            }
        }
        return result
    }

    /// Levenshtein distance: insertions, deletions and substitutions, one each.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
