import Foundation
import StrokeModel
import StrokeTraining
import Testing

/// Drawings built in code, the shipped model, and ways to hand both to the CLI.
enum PredictFixtures {
    /// The package's shipped classifier, found from this file's place in the package.
    static let shippedModel: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("models/automata-classifier.safetensors")

    /// A closed ellipse, one stroke, `count` points, starting at angle `start`.
    static func circle(centreX: Double = 200, centreY: Double = 150, radiusX: Double = 60, radiusY: Double = 50,
                       start: Double = 0.4, count: Int = 60) -> [[StrokePoint]] {
        [(0...count).map { i in
            let angle = start + 2 * Double.pi * Double(i) / Double(count)
            return StrokePoint(x: centreX + radiusX * cos(angle), y: centreY + radiusY * sin(angle))
        }]
    }

    /// A straight stroke from (x0, y0) to (x1, y1), `count` points.
    static func line(from x0: Double, _ y0: Double, to x1: Double, _ y1: Double, count: Int = 30) -> [[StrokePoint]] {
        [(0...count).map { i in
            let t = Double(i) / Double(count)
            return StrokePoint(x: x0 + (x1 - x0) * t, y: y0 + (y1 - y0) * t)
        }]
    }

    /// A scribble no class fits well: a dense zigzag of jagged strokes crossing each other.
    static let scribble: [[StrokePoint]] = [
        [(0, 0), (40, 35), (5, 40), (45, 5), (10, 20), (50, 25), (0, 10)].map { StrokePoint(x: $0.0, y: $0.1) },
        [(20, 0), (25, 45), (30, 0), (35, 45)].map { StrokePoint(x: $0.0, y: $0.1) },
    ]

    /// The drawing as the JSON the CLI reads.
    static func json(_ strokes: [[StrokePoint]]) -> String {
        "[" + strokes.map { stroke in
            "[" + stroke.map { "[\($0.x), \($0.y)]" }.joined(separator: ", ") + "]"
        }.joined(separator: ", ") + "]"
    }

    static func writeJSON(_ strokes: [[StrokePoint]], to url: URL) throws {
        try Data(json(strokes).utf8).write(to: url)
    }

    /// The drawing rasterized as the shipped model rasterizes, written as a PNG.
    static func writePNG(_ strokes: [[StrokePoint]], to url: URL) throws {
        let model = try ModelFile.read(from: shippedModel)
        let side = model.rasterizer.side
        let pixels = StrokeRasterizer(parameters: model.rasterizer).rasterize(strokes)
        try PNGWriter.write(GrayImage(width: side, height: side, pixels: pixels), to: url)
    }

    /// `--json` output parsed: one object per input.
    static func parseJSON(_ text: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [[String: Any]], "not a JSON array of objects: \(text)")
    }
}

/// A failed run says why in exactly one `error:` line naming `names`, and prints no results.
func expectOneError(_ result: RunResult, naming names: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.status == 1, "status \(result.status)", sourceLocation: sourceLocation)
    #expect(result.errorLines.count == 1, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, "stdout: \(result.stdout)", sourceLocation: sourceLocation)
    let line = result.errorLines.first ?? ""
    #expect(line.hasPrefix("error: "), "\(line)", sourceLocation: sourceLocation)
    for name in names { #expect(line.contains(name), "\(line) does not name \(name)", sourceLocation: sourceLocation) }
}

@Suite("strokes predict")
struct PredictCLITests {
    let model = PredictFixtures.shippedModel.path

    @Test func circlesAndLinesAsPNGsGetTheirLabels() throws {
        let scratch = try ScratchFolder()
        let drawings: [(String, [[StrokePoint]], String)] = [
            ("circle.png", PredictFixtures.circle(), "circle"),
            ("small-circle.png", PredictFixtures.circle(centreX: 10, centreY: 900, radiusX: 30, radiusY: 34, start: 2, count: 24), "circle"),
            ("line.png", PredictFixtures.line(from: 10, 10, to: 300, 120), "arrow"),
            ("steep-line.png", PredictFixtures.line(from: 50, 400, to: 20, 80), "arrow"),
        ]
        for (name, strokes, _) in drawings { try PredictFixtures.writePNG(strokes, to: scratch.path(name)) }

        let result = try StrokesProcess.run(["predict", model] + drawings.map(\.0), in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == drawings.count, "stdout: \(result.stdout)")
        for (line, (name, _, label)) in zip(lines, drawings) {
            let words = line.split(separator: " ").map(String.init)
            #expect(words.first == "\(name):", "\(line)")
            #expect(words.dropFirst().first == label, "\(name) should be \(label): \(line)")
            // Every class with its probability.
            for className in ["arrow", "circle", "cycle"] {
                let at = try #require(words.firstIndex(of: className, after: 1), "\(line) has no \(className)")
                let value = try #require(Double(words[at + 1]), "\(line): no probability after \(className)")
                #expect((0...1).contains(value))
            }
        }
    }

    @Test func jsonHasExactlyTheKeysAndMatchesTheClassifier() throws {
        let scratch = try ScratchFolder()
        let circle = PredictFixtures.circle(radiusX: 50, radiusY: 60)
        let line = PredictFixtures.line(from: 0, 0, to: 0, 200)
        try PredictFixtures.writePNG(circle, to: scratch.path("c.png"))
        try PredictFixtures.writePNG(line, to: scratch.path("pics/l.png"))

        let result = try StrokesProcess.run(["predict", model, "c.png", "pics/l.png", "--json"], in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let objects = try PredictFixtures.parseJSON(result.stdout)
        try #require(objects.count == 2)

        let classifier = try StrokeClassifier(contentsOf: PredictFixtures.shippedModel)
        for (object, (input, strokes, label)) in zip(objects, [("c.png", circle, "circle"), ("pics/l.png", line, "arrow")]) {
            #expect(Set(object.keys) == ["input", "label", "probabilities"])
            #expect(object["input"] as? String == input)
            #expect(object["label"] as? String == label)
            let probabilities = try #require(object["probabilities"] as? [String: Double])
            #expect(Set(probabilities.keys) == Set(classifier.labels))
            #expect(abs(probabilities.values.reduce(0, +) - 1) < 1e-4)
            // The PNG holds the rasterizer's bytes exactly, so the CLI sees what the editor sees.
            let expected = classifier.classify(strokes: strokes)
            for name in classifier.labels {
                #expect(abs(probabilities[name]! - Double(expected.probability(of: name)!)) < 1e-6, "\(input) \(name)")
            }
        }
        // Keys are sorted, so the output is stable for diffs and scripts.
        let text = result.stdout
        let order = ["\"input\"", "\"label\"", "\"probabilities\""].map { text.range(of: $0)!.lowerBound }
        #expect(order == order.sorted())
        let probabilities = text[text.range(of: "\"probabilities\"")!.upperBound...]
        let classes = ["\"arrow\" :", "\"circle\" :", "\"cycle\" :"].map { probabilities.range(of: $0)!.lowerBound }
        #expect(classes == classes.sorted())
    }

    @Test func aScribbleIsRejectedAsNoneOfTheShapes() throws {
        let scratch = try ScratchFolder()
        try PredictFixtures.writePNG(PredictFixtures.scribble, to: scratch.path("scribble.png"))
        try PredictFixtures.writeJSON(PredictFixtures.scribble, to: scratch.path("scribble.json"))

        // Even with no threshold at all: its top class is `other`, and that alone rejects it.
        let result = try StrokesProcess.run(
            ["predict", model, "scribble.png", "--strokes", "scribble.json", "--threshold", "0", "--json"], in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let rejected = try PredictFixtures.parseJSON(result.stdout)
        try #require(rejected.count == 2)
        for object in rejected {
            #expect(object["label"] is NSNull, "label should be null: \(result.stdout)")
            let probabilities = try #require(object["probabilities"] as? [String: Double])
            #expect(probabilities.max { $0.value < $1.value }?.key == "other", "\(probabilities)")
        }
        #expect(result.stdout.contains("\"label\" : null"))

        let text = try StrokesProcess.run(["predict", model, "scribble.png"], in: scratch.url)
        #expect(text.status == 0, "stderr: \(text.stderr)")
        #expect(text.stdout.hasPrefix("scribble.png:") && text.stdout.contains(" rejected: none of the shapes (other "), "\(text.stdout)")
    }

    @Test func theStoredThresholdAppliesUnlessOneIsGiven() throws {
        let scratch = try ScratchFolder()
        try PredictFixtures.writePNG(PredictFixtures.circle(), to: scratch.path("circle.png"))
        let stored = try #require(try ModelFile.read(from: PredictFixtures.shippedModel).calibration.threshold)

        let plain = try StrokesProcess.run(["predict", model, "circle.png", "--json"], in: scratch.url)
        #expect(plain.status == 0, "stderr: \(plain.stderr)")
        let kept = try #require(try PredictFixtures.parseJSON(plain.stdout).first)
        #expect(kept["label"] as? String == "circle", "\(plain.stdout)")
        let probabilities = try #require(kept["probabilities"] as? [String: Double])
        let shapeConfidence = 1 - (probabilities["other"] ?? 0)
        #expect(shapeConfidence >= Double(stored), "kept at the stored threshold \(stored)")

        // A threshold above its shape confidence rejects the same circle as unsure.
        try #require(shapeConfidence < 0.999999, "the circle leaves no room above its shape confidence")
        let strict = try StrokesProcess.run(["predict", model, "circle.png", "--threshold", "0.999999"], in: scratch.url)
        #expect(strict.status == 0, "stderr: \(strict.stderr)")
        #expect(strict.stdout.hasPrefix("circle.png:") && strict.stdout.contains(" rejected: unsure (circle, shape confidence "), "\(strict.stdout)")
        #expect(strict.stdout.contains("< 0.999999)"), "\(strict.stdout)")
    }

    @Test func strokesFilesRoundTripAndMatchTheirPNGs() throws {
        let scratch = try ScratchFolder()
        let drawings: [(String, [[StrokePoint]], String)] = [
            ("circle", PredictFixtures.circle(centreX: -500, centreY: 20, radiusX: 3, radiusY: 3.5), "circle"),
            ("line", PredictFixtures.line(from: 5, 80, to: 90, 60), "arrow"),
        ]
        for (name, strokes, _) in drawings {
            try PredictFixtures.writeJSON(strokes, to: scratch.path("\(name).json"))
            try PredictFixtures.writePNG(strokes, to: scratch.path("\(name).png"))
        }
        let result = try StrokesProcess.run(
            ["predict", model, "--json", "circle.png", "line.png", "--strokes", "circle.json", "--strokes", "line.json"],
            in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let objects = try PredictFixtures.parseJSON(result.stdout)
        try #require(objects.count == 4)
        #expect(objects.map { $0["input"] as? String } == ["circle.png", "line.png", "circle.json", "line.json"])
        #expect(objects.map { $0["label"] as? String } == ["circle", "arrow", "circle", "arrow"])
        // A drawing file and the PNG of the same drawing are the same input to the network.
        for i in 0..<2 {
            let fromPNG = try #require(objects[i]["probabilities"] as? [String: Double])
            let fromStrokes = try #require(objects[i + 2]["probabilities"] as? [String: Double])
            #expect(fromPNG == fromStrokes)
        }
    }

    @Test func severalStrokesInOneFileAreOneDrawing() throws {
        let scratch = try ScratchFolder()
        // One circle drawn as two halves must read as the whole circle.
        let whole = PredictFixtures.circle(count: 40)[0]
        let halves = [Array(whole[0...20]), Array(whole[20...])]
        try PredictFixtures.writeJSON(halves, to: scratch.path("halves.json"))
        let result = try StrokesProcess.run(["predict", model, "--strokes", "halves.json", "--json"], in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let objects = try PredictFixtures.parseJSON(result.stdout)
        #expect(objects.count == 1)
        #expect(objects.first?["label"] as? String == "circle")
        let expected = try StrokeClassifier(contentsOf: PredictFixtures.shippedModel).classify(strokes: [whole])
        let probabilities = try #require(objects.first?["probabilities"] as? [String: Double])
        #expect(abs(probabilities["circle"]! - Double(expected.probability(of: "circle")!)) < 1e-6)
    }

    @Test(arguments: [
        ("not json {", "not valid JSON"),
        ("", "the file is empty"),
        (#"{"strokes": []}"#, "an object without \"events\""),
        ("42", "the top level is a number, not {\"events\": [...]} or a list of strokes"),
        ("[]", "no points"),
        ("[[], []]", "stroke 1: a stroke with no points"),
        (#"{"events": [{"text": "a", "at": [0, 0]}]}"#, "no points (the drawing has no strokes)"),
        ("[[[0, 0], [1, 1]], 7]", "stroke 2: not a list of points"),
        ("[[[0, 0]], [[0, 0], [1, 1], [2, 2], [3, 3], [4]]]", "stroke 2, point 5: not a pair of numbers (it has 1 value, not 2)"),
        (#"[[[0, 0], ["1", 2]]]"#, "stroke 1, point 2: not a pair of numbers"),
        ("[[[0, 0], [1, true]]]", "stroke 1, point 2: not a pair of numbers"),
        ("[[[0, 0], [1, null]]]", "stroke 1, point 2: not a pair of numbers"),
        ("[[[0, 0, 0]]]", "stroke 1, point 1: not a pair of numbers (it has 3 values, not 2)"),
        ("[[[0, 0], {\"x\": 1, \"y\": 2}]]", "stroke 1, point 2: not a pair of numbers"),
        (#"{"events": [{"stroke": [[0, 0], [1, "2"]]}]}"#, "event 1, point 2: not a pair of numbers"),
        ("[[[0, 0], [1e999, 1]]]", "not valid JSON (number 1e999 is not representable in Swift)"),
    ])
    func malformedDrawingIsOneErrorLineNamingTheFile(contents: String, problem: String) throws {
        let scratch = try ScratchFolder()
        try PredictFixtures.writeJSON(PredictFixtures.circle(), to: scratch.path("good.json"))
        try Data(contents.utf8).write(to: scratch.path("drawing.json"))
        // A good file first: nothing of it may be printed when a later one is bad.
        let result = try StrokesProcess.run(
            ["predict", model, "--strokes", "good.json", "--strokes", "drawing.json"], in: scratch.url)
        expectOneError(result, naming: ["drawing.json", problem])
        #expect(result.errorLines.first?.hasPrefix("error: drawing.json: ") == true, "\(result.stderr)")
    }

    @Test func unreadablePNGIsOneErrorLineNamingTheFile() throws {
        let scratch = try ScratchFolder()
        try PredictFixtures.writePNG(PredictFixtures.circle(), to: scratch.path("good.png"))
        try Data("not a png".utf8).write(to: scratch.path("bad.png"))
        let bytes = try Data(contentsOf: scratch.path("good.png"))
        try bytes.prefix(40).write(to: scratch.path("cut.png"))

        expectOneError(try StrokesProcess.run(["predict", model, "good.png", "bad.png"], in: scratch.url),
                       naming: ["bad.png", "not a PNG"])
        expectOneError(try StrokesProcess.run(["predict", model, "good.png", "cut.png", "--json"], in: scratch.url),
                       naming: ["cut.png"])
        expectOneError(try StrokesProcess.run(["predict", model, "missing.png"], in: scratch.url),
                       naming: ["missing.png", "no such file"])
    }

    @Test func badCommandLinesAreOneErrorLine() throws {
        let scratch = try ScratchFolder()
        try PredictFixtures.writeJSON(PredictFixtures.circle(), to: scratch.path("d.json"))
        expectOneError(try StrokesProcess.run(["predict", model], in: scratch.url), naming: ["nothing to classify"])
        expectOneError(try StrokesProcess.run(["predict", model, "--strokes", "d.json", "--threshold", "1.5"], in: scratch.url),
                       naming: ["--threshold"])
        expectOneError(try StrokesProcess.run(["predict", "no-model.safetensors", "--strokes", "d.json"], in: scratch.url),
                       naming: ["no-model.safetensors"])
        expectOneError(try StrokesProcess.run(["predict", model, "--strokes", "absent.json"], in: scratch.url),
                       naming: ["absent.json", "no such file"])
    }
}

extension Array where Element == String {
    /// The first index of `word` after `start`.
    fileprivate func firstIndex(of word: String, after start: Int) -> Int? {
        indices.first { $0 > start && self[$0] == word }
    }
}
