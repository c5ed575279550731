import Foundation
import Testing

/// `automata bench ink` end to end: on small folders made here (one bad file of each kind
/// among them), with missing folders, and on a subset of the shared real ink when it is there.
@Suite("automata bench ink")
struct BenchInkCLITests {
    static let sharedDatasets = URL(fileURLWithPath: AutomataCLITests.shippedModel)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/datasets").standardizedFileURL
    static let realGestures = sharedDatasets.appendingPathComponent("real-gestures")
    static let flowcharts = sharedDatasets.appendingPathComponent("fc-a-flowcharts")

    static func automata(_ arguments: [String], in scratch: ScratchFolder) throws -> RunResult {
        try AutomataCLITests.automata(arguments, in: scratch)
    }

    static func json(_ path: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
    }

    /// A gestures folder: a circle, an arrow and a scribble (an `x`), and a file that is not a drawing.
    static func writeGestures(in folder: URL) throws {
        func write(_ gestureClass: String, _ name: String, _ text: String) throws {
            let classFolder = folder.appendingPathComponent(gestureClass)
            try FileManager.default.createDirectory(at: classFolder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: classFolder.appendingPathComponent(name))
        }
        func points(_ list: [[Double]]) -> String { "[[" + list.map { "[\($0[0]), \($0[1])]" }.joined(separator: ", ") + "]]" }
        try write("circle", "c1.json", points(AutomataCLITests.circle(size: 120, x: 150, y: 150)))
        try write("circle", "broken.json", "[[[1, 2], [3]]]")
        try write("arrow", "a1.json", points(AutomataCLITests.arrow(from: [40, 220], to: [200, 120])))
        let zigzag: [[Double]] = (0..<30).map { (i: Int) -> [Double] in [100 + Double(i) * 4, 100 + Double(i % 2) * 50] }
        try write("x", "x1.json", points(zigzag))
    }

    /// A flowchart folder with one small InkML file (two nodes, an arrow between them, a text) and one that is not InkML.
    static func writeFlowcharts(in folder: URL) throws {
        let inkml = folder.appendingPathComponent("inkml")
        try FileManager.default.createDirectory(at: inkml, withIntermediateDirectories: true)
        try Data("""
            <ink xmlns="http://www.w3.org/2003/InkML">
            <annotationXML type="truth"><flowchart>
              <node xml:id="n1" type="process"/><node xml:id="n2" type="process"/><arrow xml:id="a1" source="n1" target="n2"/>
            </flowchart></annotationXML>
            <trace id="0">0 0, 200 0, 200 100, 0 100, 0 0</trace>
            <trace id="1">0 400, 200 400, 200 500, 0 500, 0 400</trace>
            <trace id="2">100 110, 100 390</trace>
            <trace id="3">80 360, 100 390, 120 360</trace>
            <trace id="4">240 200, 250 240, 260 200</trace>
            <traceGroup>
              <traceGroup><annotation type="truth">process</annotation><traceView traceDataRef="0"/><annotationXML href="n1"/></traceGroup>
              <traceGroup><annotation type="truth">process</annotation><traceView traceDataRef="1"/><annotationXML href="n2"/></traceGroup>
              <traceGroup><annotation type="truth">arrow</annotation><traceView traceDataRef="2"/><traceView traceDataRef="3"/><annotationXML href="a1"/></traceGroup>
              <traceGroup><annotation type="truth">text</annotation><traceView traceDataRef="4"/></traceGroup>
            </traceGroup>
            </ink>
            """.utf8).write(to: inkml.appendingPathComponent("small.inkml"))
        try Data("not xml at all".utf8).write(to: inkml.appendingPathComponent("broken.inkml"))
    }

    @Test func smallFoldersAreMeasuredAndBadFilesNamedNotStopping() throws {
        let scratch = try ScratchFolder()
        try Self.writeGestures(in: scratch.path("gestures"))
        try Self.writeFlowcharts(in: scratch.path("flowcharts"))
        let result = try Self.automata(["bench", "ink", "--model", AutomataCLITests.shippedModel, "--gestures", "gestures",
                                        "--flowcharts", "flowcharts", "--json", "ink.json", "--out", "worst"], in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("unreadable: circle/broken.json"), "\(result.stdout)")
        #expect(result.stdout.contains("unreadable: broken.inkml"), "\(result.stdout)")
        let figures = try Self.json(scratch.path("ink.json"))
        let gestures = try #require(figures["gestures"] as? [String: Any])
        // Two scenarios for each of the three gestures read: circle, arrow, x.
        #expect(gestures["scenarios"] as? Int == 6)
        #expect((gestures["unreadable"] as? [[String: Any]])?.map { $0["name"] as? String } == ["circle/broken.json"])
        let rows = try #require(gestures["rows"] as? [[String: Any]])
        #expect(Set(rows.compactMap { $0["class"] as? String }) == ["arrow", "circle", "x"])
        let flowcharts = try #require(figures["flowcharts"] as? [String: Any])
        #expect(flowcharts["files"] as? Int == 1)
        #expect((flowcharts["arrows"] as? [String: Any])?["total"] as? Int == 1)
        #expect((flowcharts["text_strokes_left_alone"] as? [String: Any])?["total"] as? Int == 1)
        #expect((flowcharts["unreadable"] as? [[String: Any]])?.map { $0["name"] as? String } == ["broken.inkml"])
        // Its arrow runs from inside one node's state to inside the other's: it reaches both.
        let byReach = try #require(flowcharts["arrows_by_reach"] as? [String: [String: Any]])
        #expect(byReach["reaching both node states"]?["total"] as? Int == 1)
        #expect(byReach["stopping short of one"]?["total"] as? Int == 0)
        // It is the only arrow: there is none to merge into.
        let byEnding = try #require(flowcharts["arrows_by_ending"] as? [String: [String: Any]])
        #expect(byEnding["ending at their node"]?["total"] as? Int == 1)
        #expect(byEnding["merging into another arrow"]?["total"] as? Int == 0)
    }

    @Test func aMissingFolderIsSkippedWithALine() throws {
        let scratch = try ScratchFolder()
        let result = try Self.automata(["bench", "ink", "--model", AutomataCLITests.shippedModel,
                                        "--gestures", "no-gestures", "--flowcharts", "no-flowcharts"], in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("no folder no-gestures: real gestures skipped"), "\(result.stdout)")
        #expect(result.stdout.contains("no folder no-flowcharts: FC_A flowcharts skipped"), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out").path))
    }

    @Test func badOptionsAreOneLine() throws {
        let scratch = try ScratchFolder()
        let result = try Self.automata(["bench", "ink", "--limit", "0"], in: scratch)
        #expect(result.status != 0)
        #expect(result.stderr.contains("--limit must be at least 1"), "\(result.stderr)")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: realGestures.path) && FileManager.default.fileExists(atPath: flowcharts.path),
                   "needs ../shared/datasets/real-gestures and fc-a-flowcharts"))
    func aSubsetOfTheRealInkWritesItsWorstCasesAsDrawings() throws {
        let scratch = try ScratchFolder()
        // Three of each: the first two gestures of every class and the first two FC_A files are
        // all read right now, and writer10_13b (the third) has connectors read wrong, whose
        // drawings this test needs.
        let result = try Self.automata(["bench", "ink", "--model", AutomataCLITests.shippedModel, "--limit", "3", "--worst", "3",
                                        "--gestures", Self.realGestures.path, "--flowcharts", Self.flowcharts.path,
                                        "--json", "ink.json", "--out", "worst"], in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        for line in ["circles that become states", "arrows that become transitions", "other gestures that change nothing",
                     "heads read as heads (caret, v)", "arrows that become their transition", "text strokes that leave no element"] {
            #expect(result.stdout.contains(line), "\(line)")
        }
        let figures = try Self.json(scratch.path("ink.json"))
        let gestures = try #require(figures["gestures"] as? [String: Any])
        // Three gestures of each class: two scenarios each, three more for the head shapes.
        let classes = try FileManager.default.contentsOfDirectory(atPath: Self.realGestures.path).filter {
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: Self.realGestures.appendingPathComponent($0).path, isDirectory: &folder) && folder.boolValue
        }
        #expect(gestures["scenarios"] as? Int == classes.map { ["caret", "v", "check"].contains($0) ? 15 : 6 }.reduce(0, +))
        let flowcharts = try #require(figures["flowcharts"] as? [String: Any])
        #expect(flowcharts["files"] as? Int == 3)
        // Every worst case is a drawing `automata draw` replays onto its starting document, with the document the editor made beside it.
        let written = try FileManager.default.contentsOfDirectory(atPath: scratch.path("worst").path).sorted()
        let drawings = written.filter { $0.hasSuffix(".json") }
        #expect(!drawings.isEmpty)
        #expect(drawings.filter { $0.hasPrefix("gesture-") }.count <= 3)
        #expect(Set(written.filter { $0.hasSuffix(".automaton") && !$0.hasSuffix(".start.automaton") })
                == Set(drawings.map { $0.dropLast(5) + ".automaton" }))
        #expect(Set(written.filter { $0.hasSuffix(".start.automaton") }) == Set(drawings.map { $0.dropLast(5) + ".start.automaton" }))
        // Each text leaving an element in the worst files for text is written too, one drawing per text.
        let textFiles = try #require(flowcharts["worst_text_files"] as? [[String: Any]])
        let wrongTexts = textFiles.compactMap { $0["wrong"] as? Int }.reduce(0, +)
        #expect(drawings.filter { $0.contains("-text-") }.count == wrongTexts)
        for file in drawings.prefix(2) {
            let name = file.dropLast(5)
            let drawn = try Self.automata(["draw", "worst/\(file)", "--model", AutomataCLITests.shippedModel, "--symbol-model", "none",
                                           "--onto", "worst/\(name).start.automaton", "--out", "d.automaton"], in: scratch)
            #expect(drawn.status == 0, "\(file): \(drawn.stderr)")
            // Replayed onto its start, the drawing makes what the benchmark saw.
            let replayed = try Self.automata(["export", "d.automaton", "--format", "json"], in: scratch)
            let made = try Self.automata(["export", "worst/\(name).automaton", "--format", "json"], in: scratch)
            #expect(made.status == 0 && made.stdout.contains("\"states\""), "\(made.stderr)")
            #expect(replayed.stdout == made.stdout, "\(file)")
        }
    }
}
