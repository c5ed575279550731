import Foundation
import Testing

/// `automata draw`, `run`, `export` and `check` end to end, on a drawing of strokes built in
/// code: two states, the initial mark, q0 -1-> q1 -0-> q0, q1 ringed final, so L = 1(01)*.
@Suite("automata end to end")
struct AutomataCLITests {
    static let shippedModel = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("models/automata-classifier.safetensors").path

    static func automata(_ arguments: [String], in scratch: ScratchFolder) throws -> RunResult {
        try StrokesProcess.runTool(try StrokesProcess.executable(named: "automata").path, arguments, in: scratch.url)
    }

    /// 1.05 turns round a circle, from the top, 60 points.
    static func circle(size: Double, x: Double, y: Double) -> [[Double]] {
        (0..<60).map { i in
            let theta = -Double.pi / 2 + 2 * .pi * 1.05 * Double(i) / 59
            return [x + size / 2 * cos(theta), y + size / 2 * sin(theta)]
        }
    }

    /// A straight shaft from a to b, then the head drawn in the same stroke: tip, barb, tip, barb.
    static func arrow(from a: [Double], to b: [Double]) -> [[Double]] {
        let angle = atan2(b[1] - a[1], b[0] - a[0]), length = max(hypot(b[0] - a[0], b[1] - a[1]) * 0.18, 14)
        let shaft = (0..<40).map { i in [a[0] + (b[0] - a[0]) * Double(i) / 39, a[1] + (b[1] - a[1]) * Double(i) / 39] }
        let barbs = [-0.5, 0.5].map { [b[0] + length * cos(angle + .pi + $0), b[1] + length * sin(angle + .pi + $0)] }
        func move(_ p: [Double], _ q: [Double]) -> [[Double]] {
            (1...4).map { k in [p[0] + (q[0] - p[0]) * Double(k) / 4, p[1] + (q[1] - p[1]) * Double(k) / 4] }
        }
        return shaft + move(b, barbs[0]) + move(barbs[0], b) + move(b, barbs[1])
    }

    static func writeDrawing(to url: URL) throws {
        let events: [[String: Any]] = [
            ["stroke": circle(size: 100, x: 150, y: 200)],
            ["stroke": circle(size: 100, x: 400, y: 200)],
            ["stroke": arrow(from: [20, 200], to: [95, 200])],
            ["stroke": arrow(from: [205, 185], to: [345, 185])],
            ["stroke": arrow(from: [345, 215], to: [205, 215])],
            ["stroke": circle(size: 125, x: 400, y: 200)],
            ["text": "1", "at": [275, 165]],
            ["text": "0", "at": [275, 240]],
        ]
        try JSONSerialization.data(withJSONObject: ["events": events]).write(to: url)
    }

    static func drawn() throws -> ScratchFolder {
        let scratch = try ScratchFolder()
        try writeDrawing(to: scratch.path("drawing.json"))
        let drawn = try automata(["draw", "drawing.json", "--model", shippedModel, "--out", "doc.automaton"], in: scratch)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(drawn.stdout.split(separator: "\n").map(String.init) == [
            "event 1: New state q0.",
            "event 2: New state q1.",
            "event 3: q0 is the initial state.",
            "event 4: New transition q0 → q1.",
            "event 5: New transition q1 → q0.",
            "event 6: q1 is final.",
            "event 7: Transition q0 → q1 reads 1.",
            "event 8: Transition q1 → q0 reads 0.",
            "wrote doc.automaton: 2 states, 2 transitions",
        ], "\(drawn.stdout)")
        // --verbose: the recogniser's reasons.
        let verbose = try automata(["draw", "drawing.json", "--model", shippedModel, "--out", "doc.automaton", "--verbose"], in: scratch)
        #expect(verbose.stdout.split(separator: "\n").map(String.init) == [
            "event 1: circle → state q0 at (150, 198)",
            "event 2: circle → state q1 at (400, 198)",
            "event 3: arrow from empty canvas → q0 initial",
            "event 4: arrow → transition q0 → q1",
            "event 5: arrow → transition q1 → q0",
            "event 6: circle around q1 → q1 final",
            "event 7: text \"1\" → transition q0 → q1 reading 1",
            "event 8: text \"0\" → transition q1 → q0 reading 0",
            "wrote doc.automaton: 2 states, 2 transitions",
        ], "\(verbose.stdout)")
        return scratch
    }

    @Test func aDrawingBecomesAnAutomatonThatRunsWords() throws {
        let scratch = try Self.drawn()
        let run = try Self.automata(["run", "doc.automaton", "1", "101", "10", "", "1010", "10101"], in: scratch)
        #expect(run.status == 0, "rejected words are results, not errors: \(run.stderr)")
        #expect(run.stdout == "1  accepted\n101  accepted\n10  rejected\nε  rejected\n1010  rejected\n10101  accepted\n")
        let traced = try Self.automata(["run", "doc.automaton", "101", "--trace"], in: scratch)
        #expect(traced.stdout == "101  accepted\n  {q0} --1--> {q1} --0--> {q0} --1--> {q1}\n")
    }

    @Test func bareArrowsAreCountedAsTransitionsReadingNoSymbolYet() throws {
        let scratch = try ScratchFolder()
        let events: [[String: Any]] = [
            ["stroke": Self.circle(size: 100, x: 150, y: 200)],
            ["stroke": Self.circle(size: 100, x: 400, y: 200)],
            ["stroke": Self.arrow(from: [205, 200], to: [345, 200])],
        ]
        try JSONSerialization.data(withJSONObject: ["events": events]).write(to: scratch.path("bare.json"))
        let drawn = try Self.automata(["draw", "bare.json", "--model", Self.shippedModel, "--out", "bare.automaton"], in: scratch)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(drawn.stdout.split(separator: "\n").last == "wrote bare.automaton: 2 states, 1 transition (1 reading no symbol yet)",
                "\(drawn.stdout)")
    }

    @Test func aSymbolNoTransitionReadsIsARejectionWithItsNote() throws {
        let scratch = try Self.drawn()
        let run = try Self.automata(["run", "doc.automaton", "1", "12", "--trace"], in: scratch)
        #expect(run.status == 0, "a rejection is a verdict, not an error: \(run.stderr)")
        #expect(run.stdout == "1  accepted\n  {q0} --1--> {q1}\n12  rejected: no transition reads 2\n  {q0} --1--> {q1} --2--> {}\n", "\(run.stdout)")
        #expect(run.stderr.isEmpty)
    }

    @Test func exportsAndCheck() throws {
        let scratch = try Self.drawn()
        let dot = try Self.automata(["export", "doc.automaton", "--format", "dot"], in: scratch)
        #expect(dot.status == 0 && dot.stdout.contains("digraph") && dot.stdout.contains("doublecircle"), "\(dot.stdout)")
        let svg = try Self.automata(["export", "doc.automaton", "--format", "svg", "--out", "doc.svg"], in: scratch)
        #expect(svg.status == 0, "\(svg.stderr)")
        #expect(try String(contentsOf: scratch.path("doc.svg"), encoding: .utf8).contains("<svg"))
        let tikz = try Self.automata(["export", "doc.automaton", "--format", "tikz", "--out", "doc.tex"], in: scratch)
        #expect(tikz.status == 0 && tikz.stdout == "wrote doc.tex\n", "\(tikz.stderr)")
        let tex = try String(contentsOf: scratch.path("doc.tex"), encoding: .utf8)
        #expect(tex.contains("\\node[state, initial") && tex.contains("accepting] (s") && tex.hasSuffix("\\end{document}\n"), "\(tex)")
        let json = try Self.automata(["export", "doc.automaton", "--format", "json"], in: scratch)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["initial"] as? [String] == ["q0"] && object?["accepting"] as? [String] == ["q1"])
        #expect(object?["alphabet"] as? [String] == ["0", "1"])
        let check = try Self.automata(["check", "doc.automaton"], in: scratch)
        #expect(check.status == 0 && check.stdout.contains("deterministic") && check.stdout.contains("no problems"), "\(check.stdout)")
    }

    @Test func checkListsProblemsAndFails() throws {
        let scratch = try ScratchFolder()
        // Two states and no initial mark.
        let events: [[String: Any]] = [["stroke": Self.circle(size: 100, x: 150, y: 200)], ["stroke": Self.circle(size: 100, x: 400, y: 200)]]
        try JSONSerialization.data(withJSONObject: ["events": events]).write(to: scratch.path("d.json"))
        let drawn = try Self.automata(["draw", "d.json", "--model", Self.shippedModel, "--out", "d.automaton"], in: scratch)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let check = try Self.automata(["check", "d.automaton"], in: scratch)
        #expect(check.status == 1)
        #expect(check.stdout.lowercased().contains("no initial state"), "\(check.stdout)")
        let run = try Self.automata(["run", "d.automaton", "1"], in: scratch)
        #expect(run.status == 0 && run.stdout == "1  rejected: there is no initial state\n", "\(run.stdout)\(run.stderr)")
    }

    @Test(arguments: [
        (["run", "doc.automaton", "--frobnicate"], ["Unknown option '--frobnicate'", "automata run --help"]),
        (["draw"], ["Missing expected argument", "automata draw --help"]),
        (["frobnicate"], ["Unexpected argument 'frobnicate'", "automata --help"]),
        (["bench", "drawings", "--count", "0"], ["--count must be at least 1"]),
    ])
    func aBadCommandLineIsOneErrorLine(arguments: [String], naming: [String]) throws {
        let scratch = try ScratchFolder()
        let result = try Self.automata(arguments, in: scratch)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.errorLines.count == 1 && result.errorLines[0].hasPrefix("error: "), "\(result.stderr)")
        for text in naming { #expect(result.stderr.contains(text), "\(result.stderr)") }
    }

    @Test func aBrokenDocumentOrDrawingIsOneClearLineAndWritesNothing() throws {
        let scratch = try ScratchFolder()
        try Data("{\"format\": \"other\"}".utf8).write(to: scratch.path("foreign.automaton"))
        let run = try Self.automata(["run", "foreign.automaton", "1"], in: scratch)
        #expect(run.status == 1 && run.errorLines.count == 1 && run.errorLines[0].contains("foreign.automaton"), "\(run.stderr)")

        try Data("[[[0, 0], [1]]]".utf8).write(to: scratch.path("bad.json"))
        try Data("keep".utf8).write(to: scratch.path("out.automaton"))
        let draw = try Self.automata(["draw", "bad.json", "--model", Self.shippedModel, "--out", "out.automaton"], in: scratch)
        #expect(draw.status == 1 && draw.errorLines.count == 1 && draw.errorLines[0].contains("bad.json"), "\(draw.stderr)")
        #expect(try Data(contentsOf: scratch.path("out.automaton")) == Data("keep".utf8))
    }

    /// `automata bench drawings`: the figures as JSON, and the worst drawings as drawing files
    /// that `automata draw` opens again.
    @Test func benchDrawingsPrintsTheFiguresAndWritesTheWorst() throws {
        let scratch = try ScratchFolder()
        let result = try Self.automata(["bench", "drawings", "--count", "15", "--seed", "3", "--model", Self.shippedModel,
                                        "--out", "worst", "--json"], in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["drawings"] as? Int == 15 && json["seed"] as? Int == 3)
        let exact = try #require(json["exact"] as? Int)
        #expect((0...15).contains(exact) && (json["strokes"] as? Int ?? 0) > 15 * 8)
        let elements = try #require(json["elements"] as? [String: [String: Int]])
        #expect(Set(elements.keys) == ["state", "final mark", "initial arrow", "edge", "curved edge", "self-loop", "label"])
        #expect(elements["state"]?["drawn"].map { (45...90).contains($0) } == true, "\(elements)")
        for case let worst as [String: Any] in json["worst"] as? [Any] ?? [] {
            let file = try #require(worst["file"] as? String)
            let redrawn = try Self.automata(["draw", file, "--model", Self.shippedModel, "--out", "again.automaton"], in: scratch)
            #expect(redrawn.status == 0, "\(redrawn.stderr)")
        }
        // The table for people names every kind.
        let table = try Self.automata(["bench", "drawings", "--count", "3", "--model", Self.shippedModel, "--out", "worst"], in: scratch)
        #expect(table.status == 0 && table.stdout.hasPrefix("3 drawings (seed 1, ") && table.stdout.contains("curved edge"), "\(table.stdout)")
        // At half size, said in the table and the JSON; a scale of nothing is refused.
        let half = try Self.automata(["bench", "drawings", "--count", "2", "--scale", "0.5", "--model", Self.shippedModel, "--out", "worst", "--json"], in: scratch)
        let halfJSON = try #require(try JSONSerialization.jsonObject(with: Data(half.stdout.utf8)) as? [String: Any])
        #expect(halfJSON["scale"] as? Double == 0.5 && json["scale"] as? Double == 1, "\(half.stdout)")
        let none = try Self.automata(["bench", "drawings", "--count", "2", "--scale", "0", "--model", Self.shippedModel], in: scratch)
        #expect(none.status != 0 && none.stderr.contains("--scale must be a positive number"), "\(none.stderr)")
    }
}
