import Foundation
import StrokeModel
import StrokeTraining
import Testing

/// InkML drawing files (`.inkml`) on both command lines: read wherever a drawing file is, to
/// the same result as the same strokes in JSON; a bad one is one error line naming it.
@Suite("InkML drawing files")
struct InkMLCLITests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/inkml")

    /// `strokes` as InkML written here: a format with time after X and Y (read past), one trace
    /// per stroke, the last one inside a trace group.
    static func inkML(_ strokes: [[StrokePoint]]) -> String {
        let traces = strokes.enumerated().map { index, stroke in
            let points = stroke.enumerated().map { "\($1.x) \($1.y) \($0 * 10)" }.joined(separator: ", ")
            return "<trace xml:id=\"t\(index)\">\(points)</trace>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <ink xmlns="http://www.w3.org/2003/InkML">
            <traceFormat><channel name="X" type="decimal"/><channel name="Y" type="decimal"/><channel name="T" type="integer"/></traceFormat>
            \(traces.dropLast().joined(separator: "\n"))
            <traceGroup xml:id="g"><annotation type="truth">last</annotation>\(traces.last ?? "")</traceGroup>
            </ink>

            """
    }

    static func write(_ strokes: [[StrokePoint]], named name: String, in scratch: ScratchFolder) throws {
        try Data(inkML(strokes).utf8).write(to: scratch.path(name + ".inkml"))
        try PredictFixtures.writeJSON(strokes, to: scratch.path(name + ".json"))
    }

    /// Two states, the initial mark, a transition each way, a final ring: strokes only. Points
    /// in hundredths: Foundation's JSON parser on Linux reads some 17-digit numbers an ulp off
    /// (the InkML reader does not), and the documents are compared byte for byte.
    static let automatonStrokes: [[StrokePoint]] = [
        AutomataCLITests.circle(size: 100, x: 150, y: 200), AutomataCLITests.circle(size: 100, x: 400, y: 200),
        AutomataCLITests.arrow(from: [20, 200], to: [95, 200]), AutomataCLITests.arrow(from: [205, 185], to: [345, 185]),
        AutomataCLITests.arrow(from: [345, 215], to: [205, 215]), AutomataCLITests.circle(size: 125, x: 400, y: 200),
    ].map { stroke in stroke.map { StrokePoint(x: ($0[0] * 100).rounded() / 100, y: ($0[1] * 100).rounded() / 100) } }

    @Test func automataDrawReadsInkMLAsTheSameStrokesInJSON() throws {
        let scratch = try ScratchFolder()
        try Self.write(Self.automatonStrokes, named: "d", in: scratch)
        let model = AutomataCLITests.shippedModel
        let symbols = HandwritingCLITests.symbolModel
        let fromInk = try AutomataCLITests.automata(["draw", "d.inkml", "--model", model, "--symbol-model", symbols, "--out", "ink.automaton"], in: scratch)
        let fromJSON = try AutomataCLITests.automata(["draw", "d.json", "--model", model, "--symbol-model", symbols, "--out", "json.automaton"], in: scratch)
        #expect(fromInk.status == 0 && fromInk.stderr.isEmpty, "\(fromInk.stderr)")
        #expect(fromInk.stdout.replacingOccurrences(of: "ink.automaton", with: "json.automaton") == fromJSON.stdout)
        #expect(fromInk.stdout.contains("event 6: q1 is final."), "\(fromInk.stdout)")
        #expect(try Data(contentsOf: scratch.path("ink.automaton")) == Data(contentsOf: scratch.path("json.automaton")))
    }

    @Test func strokesRasterizeDrawsTheTraces() throws {
        let scratch = try ScratchFolder()
        try Self.write(RasterizeCLITests.cycle, named: "cycle", in: scratch)
        let result = try StrokesProcess.run(["rasterize", "cycle.inkml", "--out", "cycle.png"], in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let image = try PNGDecoder.decode(contentsOf: scratch.path("cycle.png"))
        let expected = StrokeRasterizer().rasterize(RasterizeCLITests.cycle)
        #expect(image.pixels == expected && expected.contains { $0 > 0 })
    }

    @Test func strokesPredictClassifiesTheTracesAsOneDrawing() throws {
        let scratch = try ScratchFolder()
        try Self.write(PredictFixtures.circle(), named: "circle", in: scratch)
        try Self.write(PredictFixtures.line(from: 0, 0, to: 200, 10), named: "line", in: scratch)
        let model = PredictFixtures.shippedModel.path
        let ink = try StrokesProcess.run(["predict", model, "--strokes", "circle.inkml", "--strokes", "line.inkml", "--json"], in: scratch.url)
        let json = try StrokesProcess.run(["predict", model, "--strokes", "circle.json", "--strokes", "line.json", "--json"], in: scratch.url)
        #expect(ink.status == 0, "stderr: \(ink.stderr)")
        #expect(ink.stdout.replacingOccurrences(of: ".inkml", with: ".json") == json.stdout)
        let results = try PredictFixtures.parseJSON(ink.stdout)
        #expect(results.map { $0["input"] as? String } == ["circle.inkml", "line.inkml"])
        #expect(results.first?["label"] as? String == "circle", "\(ink.stdout)")
    }

    /// One line naming the file and the problem, exit status 1, nothing written.
    @Test func aBadInkMLFileIsOneErrorLine() throws {
        let scratch = try ScratchFolder()
        let bad = Self.fixtures.appendingPathComponent("bad-number.inkml").path
        let line = "error: \(bad): trace 2 (id \"b\"), point 3, channel X: \"5O\" is not a number"
        try Data("keep".utf8).write(to: scratch.path("out.automaton"))
        let runs = [
            try AutomataCLITests.automata(["draw", bad, "--model", AutomataCLITests.shippedModel, "--out", "out.automaton"], in: scratch),
            try StrokesProcess.run(["rasterize", bad, "--out", "out.png"], in: scratch.url),
            try StrokesProcess.run(["predict", PredictFixtures.shippedModel.path, "--strokes", bad], in: scratch.url),
        ]
        for result in runs {
            #expect(result.status == 1)
            #expect(result.errorLines == [line], "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try Data(contentsOf: scratch.path("out.automaton")) == Data("keep".utf8))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out.png").path))

        let missing = try StrokesProcess.run(["rasterize", "absent.inkml", "--ascii"], in: scratch.url)
        #expect(missing.status == 1 && missing.errorLines == ["error: absent.inkml: cannot be read (no such file)"], "\(missing.stderr)")
        let notInk = try AutomataCLITests.automata(
            ["draw", Self.fixtures.appendingPathComponent("not-inkml.inkml").path, "--model", AutomataCLITests.shippedModel, "--out", "x.automaton"],
            in: scratch)
        #expect(notInk.status == 1 && notInk.errorLines.count == 1 && notInk.stderr.contains("not InkML"), "\(notInk.stderr)")
    }

    @Test func theHelpSaysInkMLIsRead() throws {
        let scratch = try ScratchFolder()
        for arguments in [["rasterize", "--help"], ["predict", "--help"]] {
            #expect(try StrokesProcess.run(arguments, in: scratch.url).stdout.contains(".inkml"), "\(arguments)")
        }
        #expect(try AutomataCLITests.automata(["draw", "--help"], in: scratch).stdout.contains(".inkml"))
    }
}
