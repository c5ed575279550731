import Foundation
import StrokeModel
import StrokeTraining
import Testing

/// The image is 28×28 and holds exactly `expected`; a failure says how many pixels differ
/// rather than printing both images.
private func expectSamePixels(_ image: GrayImage, _ expected: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(image.width == 28 && image.height == 28, "\(image.width)×\(image.height)", sourceLocation: sourceLocation)
    let differing = zip(image.pixels, expected).filter { $0 != $1 }.count
    #expect(image.pixels.count == expected.count && differing == 0,
            "\(differing) of \(expected.count) pixels differ", sourceLocation: sourceLocation)
}

@Suite("strokes rasterize")
struct RasterizeCLITests {
    /// A loop with an arrowhead as a second stroke, off-centre coordinates.
    static let cycle: [[StrokePoint]] = [
        (0...40).map { i in
            let angle = 2 * Double.pi * Double(i) / 48
            return StrokePoint(x: 300 + 25 * cos(angle), y: 80 + 20 * sin(angle))
        },
        [StrokePoint(x: 318, y: 55), StrokePoint(x: 322, y: 66), StrokePoint(x: 333, y: 62)],
    ]

    @Test func writesThe28x28ImageTheRasterizerDraws() throws {
        let scratch = try ScratchFolder()
        try PredictFixtures.writeJSON(Self.cycle, to: scratch.path("cycle.json"))
        let result = try StrokesProcess.run(["rasterize", "cycle.json", "--out", "out/cycle.png"], in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.isEmpty, "without --ascii stdout stays empty: \(result.stdout)")

        let image = try PNGDecoder.decode(contentsOf: scratch.path("out/cycle.png"))
        #expect(image.width == 28 && image.height == 28)
        let expected = StrokeRasterizer().rasterize(Self.cycle)
        expectSamePixels(image, expected)
        #expect(expected.contains { $0 > 0 }, "the drawing should leave ink")
    }

    /// One drawing-file codec: what `automata draw` reads, `strokes rasterize` reads too; its
    /// strokes are the ink (a text and an eraser path are not).
    @Test func readsTheEventsFormAutomataDrawReads() throws {
        let scratch = try ScratchFolder()
        let events: [DrawingEvent] = [.stroke(Self.cycle[0]), .text("a,b", at: StrokePoint(x: 0, y: 0)),
                                      .erase([StrokePoint(x: -500, y: -500)]), .stroke(Self.cycle[1])]
        try Data(DrawingFile.text(of: events).utf8).write(to: scratch.path("events.json"))
        let result = try StrokesProcess.run(["rasterize", "events.json", "--out", "events.png"], in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        expectSamePixels(try PNGDecoder.decode(contentsOf: scratch.path("events.png")), StrokeRasterizer().rasterize(Self.cycle))
    }

    @Test func takesTheRasterizerParametersFromTheModel() throws {
        let scratch = try ScratchFolder()
        var model = BarsFixture.model()
        model.rasterizer = RasterizerParameters(lineWidth: 3, margin: 2, ink: 1)
        try ModelFile.write(model, to: scratch.path("thick.safetensors"))
        try PredictFixtures.writeJSON(Self.cycle, to: scratch.path("cycle.json"))

        let result = try StrokesProcess.run(
            ["rasterize", "cycle.json", "--out", "thick.png", "--model", "thick.safetensors"], in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let image = try PNGDecoder.decode(contentsOf: scratch.path("thick.png"))
        expectSamePixels(image, StrokeRasterizer(parameters: model.rasterizer).rasterize(Self.cycle))
        #expect(zip(image.pixels, StrokeRasterizer().rasterize(Self.cycle)).contains { $0 != $1 },
                "the model's parameters must make a difference")

        // The shipped model's rasterizer, the one `predict --strokes` draws with.
        let shipped = try ModelFile.read(from: PredictFixtures.shippedModel)
        let again = try StrokesProcess.run(
            ["rasterize", "cycle.json", "--out", "shipped.png", "--model", PredictFixtures.shippedModel.path], in: scratch.url)
        #expect(again.status == 0, "stderr: \(again.stderr)")
        let shippedImage = try PNGDecoder.decode(contentsOf: scratch.path("shipped.png"))
        expectSamePixels(shippedImage, StrokeRasterizer(parameters: shipped.rasterizer).rasterize(Self.cycle))
    }

    @Test func asciiPrints28RowsThatFollowThePixels() throws {
        let scratch = try ScratchFolder()
        let circle = PredictFixtures.circle()
        try PredictFixtures.writeJSON(circle, to: scratch.path("circle.json"))
        let result = try StrokesProcess.run(["rasterize", "circle.json", "--out", "c.png", "--ascii"], in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        try #require(lines.count == 28, "stdout: \(result.stdout)")
        #expect(result.stdout.hasSuffix("\n"))

        // Black pixels are blank, any ink is not, and brighter pixels take later characters.
        let ramp = Array(" .:-=+*#%@")
        let pixels = StrokeRasterizer().rasterize(circle)
        for (y, line) in lines.enumerated() {
            let characters = Array(line)
            try #require(characters.count == 56, "row \(y): \(line)")
            for x in 0..<28 {
                let value = pixels[y * 28 + x]
                let level = try #require(ramp.firstIndex(of: characters[2 * x]), "row \(y): \(line)")
                #expect(characters[2 * x + 1] == characters[2 * x])
                #expect((value == 0) == (level == 0), "pixel (\(x), \(y)) = \(value) drawn as '\(characters[2 * x])'")
                // Evenly spaced levels, rounded up so that faint ink still shows.
                #expect(level == (Int(value) * 9 + 254) / 255, "pixel (\(x), \(y)) = \(value) drawn as '\(characters[2 * x])'")
            }
        }
        expectSamePixels(try PNGDecoder.decode(contentsOf: scratch.path("c.png")), pixels)

        // --ascii alone just prints.
        let printOnly = try StrokesProcess.run(["rasterize", "circle.json", "--ascii"], in: scratch.url)
        #expect(printOnly.status == 0, "stderr: \(printOnly.stderr)")
        #expect(printOnly.stdout == result.stdout)
    }

    @Test func badDrawingsAndCommandLinesAreOneErrorLine() throws {
        let scratch = try ScratchFolder()
        try Data("[[[0, 0], [1, 2]], [[3, 4], [5]]]".utf8).write(to: scratch.path("bad.json"))
        try PredictFixtures.writeJSON(Self.cycle, to: scratch.path("good.json"))

        expectOneError(try StrokesProcess.run(["rasterize", "bad.json", "--out", "bad.png"], in: scratch.url),
                       naming: ["bad.json", "stroke 2, point 2: not a pair of numbers"])
        #expect(!FileManager.default.fileExists(atPath: scratch.path("bad.png").path), "no image for a bad drawing")
        expectOneError(try StrokesProcess.run(["rasterize", "good.json"], in: scratch.url), naming: ["--out", "--ascii"])
        expectOneError(try StrokesProcess.run(["rasterize", "good.json", "--out", "x.png", "--model", "none.safetensors"], in: scratch.url),
                       naming: ["none.safetensors"])
        try Data("[]".utf8).write(to: scratch.path("empty.json"))
        expectOneError(try StrokesProcess.run(["rasterize", "empty.json", "--ascii"], in: scratch.url),
                       naming: ["empty.json", "no points"])
    }
}
