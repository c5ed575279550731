import EditorBenchmarks
import ArgumentParser
import AutomataEditorCore
import CommandLineSupport
import Foundation
import InkFiles
import StrokeModel

struct BenchWritingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "writing",
        abstract: "Read handwriting nobody here wrote: the held-out writers' letters and the FC_A flowcharts' texts.",
        discussion: """
            Reads with the symbol model as the editor does (strokes grouped into characters, \
            each classified): every letter, ε and λ of the last --held-out-writers writers of \
            --letters (Omniglot's layout; these writers never train the shipped model), each \
            right when it is read as that one character (λ as ε); and every text of the FC_A \
            flowcharts (--flowcharts: InkML files, in it or in its inkml/ folder) whose \
            transcription uses only lower-case letters, digits and spaces: characters right \
            (its length less the edit distance to what was read, spaces and commas aside) and \
            whole texts right. A missing folder is skipped.
            """)

    @Option(help: "The symbol model.") var symbolModel = DrawCommand.shippedSymbolModel
    @Option(help: "Handwritten letters in Omniglot's layout.") var letters = "../shared/datasets/omniglot-letters"
    @Option(help: "Writers of the letters held out from training, the last ones by number.") var heldOutWriters = 4
    @Option(help: "The FC_A flowcharts (InkML files, here or in inkml/).") var flowcharts = "../shared/datasets/fc-a-flowcharts"
    @Option(help: "At most this many flowchart files (a quick look).") var limit: Int?
    @Option(help: "How many misreadings to show of each part.") var worst = 10
    @Flag(help: "Print the figures as JSON instead.") var json = false

    func validate() throws {
        guard heldOutWriters >= 1 else { throw ValidationError("--held-out-writers must be at least 1") }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        guard worst >= 0 else { throw ValidationError("--worst must not be negative") }
    }

    func run() throws {
        try Console.failing {
            guard FileManager.default.fileExists(atPath: symbolModel) else {
                throw UsageError("no symbol model at \(symbolModel): give --symbol-model, or run from the package root where models/ is")
            }
            let reader = WordReader(classifier: try EditorClassifier.load(URL(fileURLWithPath: symbolModel)))
            var figures = Figures(model: symbolModel)
            if FileManager.default.fileExists(atPath: letters) {
                figures.letters = try WritingBenchmark.letters(in: URL(fileURLWithPath: letters), heldOutWriters: heldOutWriters, reader: reader)
            } else {
                figures.skipped.append("no folder \(letters): held-out writers skipped")
            }
            if FileManager.default.fileExists(atPath: flowcharts) {
                let inkml = (flowcharts as NSString).appendingPathComponent("inkml")
                let folder = URL(fileURLWithPath: FileManager.default.fileExists(atPath: inkml) ? inkml : flowcharts)
                var names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                    .filter { InkMLDocument.isInkMLFile(URL(fileURLWithPath: $0)) }.sorted()
                if let limit { names = Array(names.prefix(limit)) }
                let read = names.compactMap { try? Flowchart.read(contentsOf: folder.appendingPathComponent($0)) }
                figures.unreadableFiles = names.count - read.count
                figures.texts = WritingBenchmark.texts(read, reader: reader)
            } else {
                figures.skipped.append("no folder \(flowcharts): FC_A texts skipped")
            }
            Console.out(json ? JSONText.pretty(figures.json(worst: worst)) : figures.text(worst: worst))
        }
    }

    struct Figures {
        var model: String
        var letters: WritingBenchmark.Letters?
        var texts: WritingBenchmark.Texts?
        var unreadableFiles = 0
        var skipped: [String] = []

        func text(worst: Int) -> String {
            var lines = ["automata bench writing: \(model)"] + skipped
            func row(_ label: String, _ tally: InkTally) -> String { "  " + label.padding(toLength: 40, withPad: " ", startingAt: 0) + tally.text }
            if let letters {
                lines += ["", "Held-out writers (\(letters.writers.map(String.init).joined(separator: ", "))): \(letters.tally.total) letters, ε and λ",
                          row("read as that one character", letters.tally), row("those courses use most (a–e, ε, λ)", letters.courses)]
                let weakest = letters.byClass.filter { $0.value.right < $0.value.total }.sorted { $0.value.share < $1.value.share || ($0.value.share == $1.value.share && $0.key < $1.key) }
                if !weakest.isEmpty {
                    lines.append("  classes missed: " + weakest.map { "\($0.key) \($0.value.right)/\($0.value.total)" }.joined(separator: ", "))
                }
                lines += letters.misread.prefix(worst).map { "    \($0.source): \($0.meant) read \"\($0.read)\"" }
            }
            if let texts {
                lines += ["", "FC_A texts: \(texts.files) files (\(unreadableFiles) unreadable), \(texts.texts) texts, "
                    + "\(texts.texts - texts.outsideAlphabet) in the symbols' alphabet (lower-case letters, digits, spaces)",
                          row("characters right", texts.characters), row("whole texts right", texts.whole)]
                lines += texts.misread.prefix(worst).map { "    \($0.source): \"\($0.meant)\" read \"\($0.read)\"" }
            }
            return lines.joined(separator: "\n")
        }

        struct JSON: Encodable {
            struct Tally: Encodable {
                var right: Int, total: Int, share: Double
                init(_ t: InkTally) { (right, total, share) = (t.right, t.total, t.share) }
            }
            struct Letters: Encodable {
                var writers: [Int]
                var characters, courses: Tally
                var by_class: [String: Tally]
                var misread: [WritingBenchmark.Misreading]
            }
            struct Texts: Encodable {
                var files, texts, outside_alphabet, unreadable_files: Int
                var characters, whole: Tally
                var misread: [WritingBenchmark.Misreading]
            }
            var model: String
            var skipped: [String]
            var letters: Letters?
            var texts: Texts?
        }

        func json(worst: Int) -> JSON {
            JSON(model: model, skipped: skipped,
                 letters: letters.map { JSON.Letters(writers: $0.writers, characters: .init($0.tally), courses: .init($0.courses),
                                                     by_class: $0.byClass.mapValues(JSON.Tally.init), misread: Array($0.misread.prefix(worst))) },
                 texts: texts.map { JSON.Texts(files: $0.files, texts: $0.texts, outside_alphabet: $0.outsideAlphabet, unreadable_files: unreadableFiles,
                                               characters: .init($0.characters), whole: .init($0.whole), misread: Array($0.misread.prefix(worst))) })
        }
    }
}
