import Foundation
import Testing

/// `automata draw` with the symbol model: a letter written by an arrow labels it.
@Suite("automata draw with handwriting")
struct HandwritingCLITests {
    static let symbolModel = URL(fileURLWithPath: AutomataCLITests.shippedModel)
        .deletingLastPathComponent().appendingPathComponent("symbol-classifier.safetensors").path

    /// A one-stroke "a", `height` tall from `x`, `y` (its top left): the bowl, then the stem.
    static func letterA(x: Double, y: Double, height: Double = 26) -> [[Double]] {
        let bowl = (0...24).map { k -> [Double] in
            let angle = Double.pi * (0.25 + 1.5 * Double(k) / 24)
            return [0.43 + 0.42 * cos(angle), 0.5 - 0.5 * sin(angle)]
        }
        let stem = [[0.88, 0.0], [0.89, 0.3], [0.9, 0.6], [0.9, 0.95], [1.05, 1.0]]
        return (bowl + stem).map { [x + $0[0] * height, y + $0[1] * height] }
    }

    static func writeDrawing(in scratch: ScratchFolder) throws {
        let events: [[String: Any]] = [
            ["stroke": AutomataCLITests.circle(size: 100, x: 150, y: 200)],
            ["stroke": AutomataCLITests.circle(size: 100, x: 400, y: 200)],
            ["stroke": AutomataCLITests.arrow(from: [205, 200], to: [345, 200])],
            ["stroke": letterA(x: 262, y: 150)],
        ]
        try JSONSerialization.data(withJSONObject: ["events": events]).write(to: scratch.path("drawing.json"))
    }

    @Test func aLetterByAnArrowLabelsItWithTheSymbolModelAndStaysInkWithout() throws {
        let scratch = try ScratchFolder()
        try Self.writeDrawing(in: scratch)
        let read = try AutomataCLITests.automata(["draw", "drawing.json", "--model", AutomataCLITests.shippedModel,
                                                  "--symbol-model", Self.symbolModel, "--out", "doc.automaton"], in: scratch)
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.contains("event 4: Transition q0 → q1 reads a."), "\(read.stdout)")

        let ink = try AutomataCLITests.automata(["draw", "drawing.json", "--model", AutomataCLITests.shippedModel,
                                                 "--symbol-model", "none", "--out", "ink.automaton", "--verbose"], in: scratch)
        #expect(ink.status == 0, "\(ink.stderr)")
        let fourth = ink.stdout.split(separator: "\n").first { $0.hasPrefix("event 4:") } ?? ""
        #expect(fourth.hasSuffix("nothing changed") && !fourth.contains("read"), "\(ink.stdout)")
    }

    @Test func aMissingSymbolModelIsOneLineAndTheDefaultOneIsOptional() throws {
        let scratch = try ScratchFolder()
        try Self.writeDrawing(in: scratch)
        let missing = try AutomataCLITests.automata(["draw", "drawing.json", "--model", AutomataCLITests.shippedModel,
                                                     "--symbol-model", "nowhere.safetensors", "--out", "doc.automaton"], in: scratch)
        #expect(missing.status != 0 && missing.errorLines.count == 1, "\(missing.stderr)")
        #expect(missing.stderr.contains("no symbol model at nowhere.safetensors"), "\(missing.stderr)")
        // Run away from models/: the shipped symbol model is not there, and writing stays ink.
        let without = try AutomataCLITests.automata(["draw", "drawing.json", "--model", AutomataCLITests.shippedModel,
                                                     "--out", "doc.automaton"], in: scratch)
        #expect(without.status == 0, "\(without.stderr)")
        #expect(without.stderr.contains("handwriting stays ink"), "\(without.stderr)")
    }
}

/// `strokes predict` with the symbol model: a drawing of several strokes is one character.
@Suite("strokes predict with the symbol model")
struct SymbolPredictCLITests {
    @Test func aTwoStrokeLetterIsReadAsOneCharacter() throws {
        let scratch = try ScratchFolder()
        // An "x": two crossing strokes, and a "t": an upright and its bar.
        try Data("[[[0, 0], [40, 50]], [[40, 0], [0, 50]]]".utf8).write(to: scratch.path("x.json"))
        let result = try StrokesProcess.run(["predict", HandwritingCLITests.symbolModel, "--strokes", "x.json", "--json"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let answers = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(answers.count == 1, "one drawing, one answer: \(result.stdout)")
        let probabilities = try #require(answers.first?["probabilities"] as? [String: Double])
        #expect(probabilities.count == 39 && probabilities["ε"] != nil, "every symbol class: \(probabilities.keys.sorted())")
        #expect(answers.first?["label"] as? String == "x", "\(result.stdout)")
    }
}
