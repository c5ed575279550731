import ArgumentParser
import Foundation
import StrokeModel
import StrokeTraining

struct SynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Write the built-in generated dataset.",
        discussion: """
            Generates synthetic arrows, circles and cycles as pen points, draws them with the \
            editor's rasterizer and writes OUT/arrow, OUT/circle and OUT/cycle (28×28 PNGs) plus \
            OUT/README.md. The same seed gives the same images. Writing again over a folder written \
            by synth replaces it; any other non-empty folder is refused.
            """)

    @Argument(help: "The folder to write.") var out: String
    @Option(help: "Images per class.") var perClass = 150
    @Option(help: "Random seed: the same seed gives the same images.") var seed: UInt64 = 1

    func validate() throws {
        guard perClass >= 1 else { throw ValidationError("--per-class must be at least 1") }
    }

    func run() throws {
        try Console.failing {
            let parameters = RasterizerParameters()
            let dataset = SyntheticDataset.generate(
                perClass: perClass, seed: seed, rasterizer: StrokeRasterizer(parameters: parameters))
            try SyntheticDataset.write(dataset, to: URL(fileURLWithPath: out), seed: seed, parameters: parameters)
            let counts = zip(dataset.labels, dataset.classCounts).map { "\($0) \($1)" }.joined(separator: ", ")
            Console.out("wrote \(dataset.count) images (\(counts)) to \(out)")
        }
    }
}
