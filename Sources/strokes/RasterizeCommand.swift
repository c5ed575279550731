import ArgumentParser
import Foundation
import StrokeModel
import StrokeTraining
import CommandLineSupport

/// `strokes rasterize drawing.json --out image.png` (or `drawing.inkml`): the image the model
/// sees for a drawing, so a user can look at it.
struct RasterizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rasterize",
        abstract: "Draw a drawing file as the image the model sees.",
        discussion: """
            Draws the strokes with the rasterizer the classifier uses (white ink on black, the \
            drawing's bounding box fitted and centred, a pen of fixed width in pixels) and \
            writes the image as an 8-bit gray PNG. With --model the rasterizer's parameters \
            come from that model file, exactly as `strokes predict --strokes` draws; without \
            it the defaults are used. --ascii prints the image as text, one line per pixel row \
            (two characters per pixel, ' .:-=+*#%@' from black to white; any ink shows).

            Drawing file format: the one `automata draw` reads, a JSON list of strokes, each a \
            list of [x, y] points (numbers, any unit, y growing downwards), e.g. \
            [[[0,0],[10,5],[20,0]], [[5,5],[6,6]]], or {"events": [{"stroke": [[x, y], …]}, …]}. \
            All strokes of the file are one drawing (texts and eraser paths are not ink). A \
            file ending in .inkml is read as InkML, the W3C format of handwriting databases: \
            each <trace> is a stroke (docs/inkml.md).
            """)

    @Argument(help: "The drawing file (JSON, or .inkml for InkML).") var drawing: String
    @Option(help: "Write the image here as a PNG.") var out: String?
    @Option(help: "Take the rasterizer's parameters from this model file (.safetensors).") var model: String?
    @Flag(help: "Print the image as ASCII art on stdout.") var ascii = false

    func run() throws {
        try Console.failing {
            guard out != nil || ascii else {
                throw UsageError("nothing to do: give --out FILE.png to write the image, or --ascii to print it")
            }
            let parameters = try model.map { try ModelFile.read(from: URL(fileURLWithPath: $0)).rasterizer }
                ?? RasterizerParameters()
            let strokes = try PredictCommand.strokes(in: drawing)
            let rasterizer = StrokeRasterizer(parameters: parameters)
            let image = GrayImage(width: parameters.side, height: parameters.side, pixels: rasterizer.rasterize(strokes))
            if let out {
                do {
                    try PNGWriter.write(image, to: URL(fileURLWithPath: out))
                } catch {
                    throw UsageError("\(out): cannot write the PNG (\(Self.reason(error))); check the folder exists and is writable")
                }
                // stdout holds only the picture, so the note goes to stderr.
                Console.info("wrote \(out) (\(parameters.side)×\(parameters.side))")
            }
            if ascii { Console.out(Self.ascii(image)) }
        }
    }

    /// Brightness ramp, darkest first.
    static let ramp = Array(" .:-=+*#%@")

    /// One line per row, two characters per pixel (terminal cells are about twice as tall
    /// as wide), so the picture keeps its proportions.
    static func ascii(_ image: GrayImage) -> String {
        (0..<image.height).map { y in
            String((0..<image.width).flatMap { x -> [Character] in
                let level = Self.level(image[x, y])
                return [ramp[level], ramp[level]]
            })
        }.joined(separator: "\n")
    }

    /// The ramp index for a pixel: 0 only for black, so any ink shows; 255 is the last.
    static func level(_ pixel: UInt8) -> Int {
        (Int(pixel) * (ramp.count - 1) + 254) / 255
    }

    /// The reason inside an `ImageError`, without its path (the message names `out` as typed).
    private static func reason(_ error: any Error) -> String {
        if case let .writeFailed(_, reason) = error as? ImageError { return reason }
        return "\(error)"
    }
}
