import ArgumentParser
import Foundation
import StrokeModel
import StrokeTraining
import CommandLineSupport

struct SynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Generate synthetic automaton strokes: a dataset, a contact sheet, or both.",
        discussion: """
            Generates arrows, circles, cycles and `other` strokes (none of the shapes: \
            handwriting, scribbles, waves, crossing-out, zigzags, ticks...) as pen points and \
            draws each with the editor's rasterizer (its own pen width). --out writes an \
            MNIST-Maker-style dataset: OUT/arrow, OUT/circle, OUT/cycle and OUT/other with 28×28 PNGs and, beside each, the drawing as JSON (the \
            format of `strokes predict --strokes`), plus OUT/README.md. --sheet writes a PNG of the \
            first --sheet-columns drawings of each class (one row per class, 3× enlarged). The \
            same seed gives the same files. Writing again over a folder written by synth replaces \
            it; any other non-empty folder is refused.

            With --symbols it writes the symbol model's classes instead: the digits 0–9, the \
            letters a–z, ε and λ, each written by a generated hand in one of the forms people \
            give it, and `other` marks that are no symbol (no writing).
            """)

    @Option(help: "The dataset folder to write.") var out: String?
    @Option(help: "Drawings per class.") var perClass = 150
    @Option(help: "Random seed: the same seed gives the same drawings.") var seed: UInt64 = 1
    @Option(help: "Write a contact sheet PNG of the first drawings of each class here.") var sheet: String?
    @Option(help: "Drawings per class on the contact sheet.") var sheetColumns = 10
    @Flag(help: "Handwritten symbols (0–9, a–z, ε, λ, other) instead of the shapes.") var symbols = false

    func validate() throws {
        guard perClass >= 1 else { throw ValidationError("--per-class must be at least 1") }
        guard sheetColumns >= 1 else { throw ValidationError("--sheet-columns must be at least 1") }
        guard out != nil || sheet != nil else { throw ValidationError("give --out FOLDER, --sheet FILE.png or both") }
    }

    func run() throws {
        try Console.failing {
            let parameters = RasterizerParameters()
            let count = out == nil ? min(perClass, sheetColumns) : perClass
            let dataset: Dataset
            if symbols {
                let drawings = SyntheticSymbols.drawings(perClass: count, seed: seed, base: parameters)
                dataset = SyntheticSymbols.render(drawings)
                if let out { try SyntheticSymbols.write(drawings, to: URL(fileURLWithPath: out), seed: seed) }
            } else {
                let drawings = SyntheticDataset.drawings(perClass: count, seed: seed, base: parameters)
                dataset = SyntheticDataset.render(drawings)
                if let out {
                    try SyntheticDataset.write(dataset, drawings: drawings, to: URL(fileURLWithPath: out), seed: seed, parameters: parameters)
                }
            }
            if let out {
                let counts = zip(dataset.labels, dataset.classCounts).map { "\($0) \($1)" }.joined(separator: ", ")
                Console.out("wrote \(dataset.count) images and drawings (\(counts)) to \(out)")
            }
            if let sheet {
                let rows = dataset.labels.indices.map { target in
                    dataset.targets.indices.filter { dataset.targets[$0] == target }.prefix(sheetColumns).map { dataset.image($0) }
                }
                let image = ContactSheet.render(rows, side: ImageNormalizer.side)
                try PNGWriter.write(image, to: URL(fileURLWithPath: sheet))
                Console.out("wrote \(sheet) (\(dataset.labels.joined(separator: ", ")), one row each)")
            }
        }
    }
}
