import ArgumentParser
import Foundation
import StrokeModel
import StrokeReports
import StrokeTraining
import CommandLineSupport
import InkFiles

/// `strokes predict MODEL FILE.png… [--strokes drawing.json…]`: what the model says about
/// each image or drawing, as the editor would see it.
struct PredictCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "predict",
        abstract: "Classify PNG images or pen-stroke drawings with a model.",
        discussion: """
            Prints one line per input: its path, the label (or `rejected` when the model's top \
            class is `other`, none of the shapes, or its shape confidence, 1 − p(other), is under the \
            threshold; for a model without `other`, its top probability) \
            and every class's probability, at the model's calibrated temperature. PNGs are read as \
            datasets are (any PNG; converted to gray, fitted to 28×28, dark-on-light inverted). \
            Drawings are drawn by the model's own rasterizer, as the editor draws strokes.

            Drawing file format (--strokes): the one `automata draw` reads, a JSON list of strokes, \
            each a list of [x, y] points (numbers, any unit, y growing downwards), e.g. \
            [[[0,0],[10,5],[20,0]], [[5,5],[6,6]]], or {"events": [{"stroke": [[x, y], …]}, …]}. \
            All strokes of one file are one drawing, classified together (texts and eraser paths \
            are not ink). A drawing file ending in .inkml is read as InkML: its traces are the \
            strokes (docs/inkml.md). Images are listed first, then drawings, each in the order given.

            --json prints a JSON array instead, one object per input: `input` (the path), \
            `label` (null when rejected) and `probabilities` (label → probability).
            """)

    @Argument(help: "The model file (.safetensors).") var model: String
    @Argument(help: "PNG images to classify.") var images: [String] = []
    @Option(name: .customLong("strokes"), help: ArgumentHelp("A drawing file (JSON, or .inkml for InkML) to classify; may be repeated.", valueName: "drawing.json"))
    var drawings: [String] = []
    @Option(help: "Reject (label `rejected`, null in JSON) when the shape confidence is under this (0…1; default: the threshold the model file recommends, else 0).")
    var threshold: Float?
    @Flag(help: "Print machine-readable JSON.") var json = false
    @Option(help: "Threads for OpenBLAS and the forward loops.") var threads = 1

    func run() throws {
        try Console.failing {
            guard !images.isEmpty || !drawings.isEmpty else {
                throw UsageError("nothing to classify: give PNG files after MODEL, or drawings with --strokes FILE")
            }
            if let threshold, !(0...1).contains(threshold) {
                throw UsageError("--threshold \(threshold) must be between 0 and 1")
            }
            guard threads > 0 else { throw UsageError("--threads must be at least 1") }
            Compute.setThreads(threads)

            let classifier = try loadClassifier()
            // Every input is read before anything is printed: a bad file stops the run with
            // one error line and no partial results.
            let pictures = try images.map(readImage)
            let strokes = try drawings.map(Self.strokes(in:))

            let results = classifier.classify(images: pictures) + classifier.classify(drawings: strokes)
            let inputs = images + drawings
            Console.out(json ? try Self.json(inputs: inputs, results: results) : Self.text(inputs: inputs, results: results, threshold: classifier.rejectionThreshold))
        }
    }

    /// The model, after checking that it reads what this command feeds it.
    private func loadClassifier() throws -> StrokeClassifier {
        let loaded = try ModelFile.read(from: URL(fileURLWithPath: model))
        let input = loaded.architecture.input
        let side = loaded.rasterizer.side
        guard input.channels == 1, input.height == side, input.width == side else {
            throw UsageError("\(model) takes inputs of shape \(input) but draws strokes \(side)×\(side); it is not a stroke classifier this tool can run")
        }
        if !images.isEmpty, side != ImageNormalizer.side {
            throw UsageError("\(model) takes \(side)×\(side) inputs, but PNGs are read as \(ImageNormalizer.side)×\(ImageNormalizer.side); classify drawings (--strokes) instead")
        }
        return StrokeClassifier(model: loaded, rejectionThreshold: threshold)
    }

    /// The PNG at `path` as the network's 784 input bytes; errors name the path as typed.
    private func readImage(_ path: String) throws -> [UInt8] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw UsageError("\(path): cannot be read (\(FileReadFailure.reason(path)))")
        }
        return ImageNormalizer.normalize(try PNGDecoder.decode(Array(data), path: path))
    }

    /// One aligned line per input: `path:  label  arrow 0.0012  circle 0.9975  cycle 0.0013`.
    static func text(inputs: [String], results: [Classification], threshold: Float) -> String {
        let rows = zip(inputs, results).map { input, result in
            let verdict = result.label
                ?? (result.isOther
                    ? "rejected: none of the shapes (\(result.topLabel) \(FixedDecimal(Double(result.confidence), digits: 4)))"
                    : "rejected: unsure (\(result.topLabel), shape confidence \(FixedDecimal(Double(result.shapeConfidence), digits: 4)) < \(threshold))")
            return ["\(input):", verdict]
                + result.labels.indices.map { "\(result.labels[$0]) \(FixedDecimal(Double(result.probability(at: $0)), digits: 4))" }
        }
        return TextTable.render(rows)
    }

    /// A JSON array, one object per input, keys sorted.
    static func json(inputs: [String], results: [Classification]) throws -> String {
        let objects = zip(inputs, results).map { input, result in
            PredictionJSON(
                input: input, label: result.label,
                probabilities: Dictionary(uniqueKeysWithValues: result.labels.indices.map { (result.labels[$0], result.probability(at: $0)) }))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(objects), as: UTF8.self)
    }

    /// The pen strokes of the drawing file at `path` (InkML by its `.inkml` extension, its
    /// traces; else JSON), or one error line naming the file.
    static func strokes(in path: String) throws(UsageError) -> [[StrokePoint]] {
        let url = URL(fileURLWithPath: path)
        do {
            if InkMLDocument.isInkMLFile(url) { return try InkMLDocument.read(contentsOf: url).traces.map(\.points) }
            return try DrawingFile.strokes(contentsOf: url)
        } catch let error as InkMLError {
            throw UsageError("\(error)")
        } catch {
            throw UsageError("\(path): \(error)")
        }
    }
}

/// One input's result in `--json` output.
private struct PredictionJSON: Encodable {
    let input: String
    let label: String?
    let probabilities: [String: Float]

    private enum CodingKeys: String, CodingKey { case input, label, probabilities }

    /// `label` is written as null when rejected (the synthesized coder would leave it out).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(input, forKey: .input)
        if let label { try container.encode(label, forKey: .label) } else { try container.encodeNil(forKey: .label) }
        try container.encode(probabilities, forKey: .probabilities)
    }
}
