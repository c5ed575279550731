import EditorBenchmarks
import AutomatonSketches
import Foundation
import StrokeModel
import Testing
@testable import AutomataEditorCore

/// Strokes built in code for the real-ink benchmark's scenarios, evenly sampled as a pen gives them.
private enum Ink {
    static func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    /// Straight pieces through `corners`, a point every 2 points or so.
    static func path(_ corners: [CanvasPoint]) -> [CanvasPoint] {
        zip(corners, corners.dropFirst()).flatMap { a, b in InkGeometry.line(from: a, to: b).dropLast() } + [corners.last!]
    }

    /// A shaft from `tail` to `tip`, then the head in the same stroke: barb, tip, barb.
    static func arrow(from tail: CanvasPoint, to tip: CanvasPoint, headFirst: Bool = false) -> [CanvasPoint] {
        let d = InkGeometry.direction(from: tail, to: tip), barb = 18.0
        let left = p(tip.x - barb * (d.x * 0.87 - d.y * 0.5), tip.y - barb * (d.y * 0.87 + d.x * 0.5))
        let right = p(tip.x - barb * (d.x * 0.87 + d.y * 0.5), tip.y - barb * (d.y * 0.87 - d.x * 0.5))
        return headFirst ? path([left, tip, right, tip, tail]) : path([tail, tip, left, tip, right])
    }

    /// A back-and-forth scribble 60 points across, as when crossing something out.
    static func scribble(at origin: CanvasPoint) -> [CanvasPoint] {
        path((0..<9).map { i in p(origin.x + Double(i) * 7, origin.y + (i.isMultiple(of: 2) ? 0 : 40) + Double(i % 3) * 3) })
    }

    /// A caret: up a short arm to the apex, down a longer one (y downwards).
    static let caret = path([p(0, 30), p(14, 0), p(34, 40)])
}

/// The shipped model at its stored threshold, as the editor and `automata bench ink` load it.
private let interpreter: StrokeInterpreter = {
    do { return StrokeInterpreter(classifier: try EditorClassifier.load(ShippedModel.url)) } catch { fatalError("\(error)") }
}()

/// The scenarios of `automata bench ink`, built on hand-made strokes, and how they are judged.
@Suite struct RealInkScenarioTests {
    @Test func anArrowsTailAndTipComeFromItsShapeNotItsDrawingDirection() throws {
        let (tail, tip) = (Ink.p(20, 200), Ink.p(160, 120))
        for stroke in [Ink.arrow(from: tail, to: tip), Ink.arrow(from: tail, to: tip, headFirst: true),
                       Array(Ink.arrow(from: tail, to: tip).reversed())] {
            let arrow = try #require(ArrowGesture(stroke: stroke))
            #expect(arrow.tail.distance(to: tail) < 3, "tail \(arrow.tail)")
            #expect(arrow.tip.distance(to: tip) < 3, "tip \(arrow.tip)")
        }
    }

    @Test func aHandMadeArrowBetweenTwoStatesCountsRight() throws {
        let stroke = Ink.arrow(from: Ink.p(20, 200), to: Ink.p(160, 120))
        let scenario = try #require(GestureScenarios.betweenStates(arrow: stroke, source: "hand-made"))
        // The states sit 10 points beyond the tail and the tip, along the arrow.
        let d = InkGeometry.direction(from: Ink.p(20, 200), to: Ink.p(160, 120))
        #expect(scenario.start.states[0].center.distance(to: Ink.p(20 - 10 * d.x, 200 - 10 * d.y)) < 3)
        #expect(scenario.start.states[1].center.distance(to: Ink.p(160 + 10 * d.x, 120 + 10 * d.y)) < 3)
        #expect(scenario.start.states.map(\.radius) == [30, 30])
        let outcome = scenario.run(with: interpreter)
        #expect(outcome.isRight, "\(outcome.messages) \(outcome.failures)")
        #expect(outcome.document.transitions.count == 1)
    }

    @Test func aScribbleCountsAsChangingNothingAndACircleThereDoesNot() {
        let scribble = Ink.scribble(at: Ink.p(100, 100))
        for scenario in [GestureScenarios.onEmptyCanvas(scribble, expected: .nothing, source: "scribble"),
                         GestureScenarios.besideState(scribble, expected: .nothing, source: "scribble")] {
            let outcome = scenario.run(with: interpreter)
            #expect(outcome.isRight, "\(outcome.messages)")
            #expect(outcome.document == scenario.start)
        }
        let circle = InkGeometry.circle(round: Ink.p(100, 100), radius: 35)
        let outcome = GestureScenarios.onEmptyCanvas(circle, expected: .nothing, source: "circle").run(with: interpreter)
        #expect(outcome.failures == [.newState], "\(outcome.messages)")
        #expect(GestureScenarios.onEmptyCanvas(circle, expected: .newState, source: "circle").run(with: interpreter).isRight)
    }

    @Test func theStateBesideAGestureIsClearOfIt() {
        let stroke = Ink.scribble(at: Ink.p(100, 100)), box = InkBox(stroke)!
        let state = GestureScenarios.besideState(stroke, expected: .nothing, source: "s").start.states[0]
        #expect(state.radius == 40)
        #expect(abs(state.center.x - state.radius - box.maxX - 60) < 1e-9)
        #expect(stroke.allSatisfy { $0.distance(to: state.center) > state.radius + RecognitionRules().slack(of: state) })
    }

    @Test func aCaretIsPlacedWithItsApexOnTheShaftsEndAndItsOpeningBackAlongIt() throws {
        let head = try #require(HeadGesture(stroke: Ink.caret))
        #expect(head.apex == Ink.p(14, 0))
        for (scenario, headIndex, end, back, expected) in [
            (GestureScenario.headAtEnd, 1, \[CanvasPoint].last, -1.0, InkExpectation.transition(from: 0, to: 1)),
            (.headFirst, 0, \[CanvasPoint].last, -1.0, .transition(from: 0, to: 1)),
            (.headAtStart, 1, \[CanvasPoint].first, 1.0, .transition(from: 1, to: 0)),
        ] {
            let built = try #require(GestureScenarios.head(Ink.caret, scenario, source: "caret"))
            #expect(built.expected == expected)
            #expect(built.start.states.map(\.name) == ["A", "B"])
            let shaft = built.strokes[1 - headIndex], placed = built.strokes[headIndex]
            let (a, b) = (built.start.states[0], built.start.states[1])
            // The shaft runs from A's edge to B's, left to right, about 40 points.
            #expect(abs(shaft.first!.distance(to: a.center) - a.radius) < 1e-9 && abs(shaft.last!.distance(to: b.center) - b.radius) < 1e-9)
            #expect(abs(shaft.first!.distance(to: shaft.last!) - 40) < 1e-9 && shaft.last!.x > shaft.first!.x)
            // Found again from the placed ink: the apex on the shaft's end, the opening pointing back along the shaft.
            let apex = try #require(HeadGesture(stroke: placed)).apex
            #expect(apex.distance(to: shaft[keyPath: end]!) < 1e-9, "\(scenario)")
            let mouth = Ink.p((placed.first!.x + placed.last!.x) / 2, (placed.first!.y + placed.last!.y) / 2)
            let opening = InkGeometry.direction(from: apex, to: mouth)
            #expect(abs(opening.x - back) < 1e-9 && abs(opening.y) < 1e-9, "\(scenario): \(opening)")
            // Scaled so that the caret's larger side (40, its height) is 24 points.
            let farthest = placed.map { $0.distance(to: apex) }.max()!, original = Ink.caret.map { $0.distance(to: head.apex) }.max()!
            #expect(abs(farthest - original * 24 / 40) < 1e-9)
        }
    }

    /// Documents made by hand: A (id 0) and B (id 1), then each way the ink can go wrong.
    @Test func eachWayAnArrowGoesWrongIsNamed() {
        let start = InkScenario.document(states: [Ink.p(0, 0), Ink.p(200, 0)], radii: [30, 30])
        func after(_ actions: [EditAction]) -> [InkExpectation.Failure] {
            InkExpectation.transition(from: 0, to: 1).failures(of: DocumentChange(from: start, to: start.applying(actions)))
        }
        func line(_ from: Int?, _ to: Int?) -> EditAction {
            .addTransition(from: from, to: to, start: Ink.p(30, 0), end: Ink.p(170, 0))
        }
        #expect(after([line(0, 1)]) == [])
        #expect(after([]) == [.nothing])
        #expect(after([line(1, 0)]) == [.flipped])
        #expect(after([line(0, 1), .addSelfLoop(state: 1)]) == [.selfLoop])
        #expect(after([line(0, 1), line(0, 1)]) == [.secondTransition])
        #expect(after([line(0, nil)]) == [.freeEnd])
        #expect(after([line(0, 1), .setInitial(id: 1, isInitial: true)]) == [.initialMark])
        #expect(after([line(0, 1), .addState(center: Ink.p(100, 100), radius: 20)]) == [.newState])
        // A free end is right where the expectation leaves it free.
        let oneState = InkScenario.document(states: [Ink.p(0, 0)], radii: [30])
        let dangling = DocumentChange(from: oneState, to: oneState.applying(line(0, nil)))
        #expect(InkExpectation.transition(from: 0, to: nil).failures(of: dangling) == [])
        #expect(InkExpectation.nothing.failures(of: dangling) == [.transition])
    }
}

/// FC_A files: read, scaled and turned into states as `automata bench ink` does.
@Suite struct FlowchartInkTests {
    static let folder = ShippedModel.url.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/datasets/fc-a-flowcharts/inkml").standardizedFileURL
    static let file = folder.appendingPathComponent("writer10_10b.inkml")

    /// An FC_A file's arrow replayed on its node states, as `automata bench ink` does it.
    static func replay(_ file: String, arrow id: String, with interpreter: StrokeInterpreter) throws -> InkScenario.Outcome {
        let drawn = try Flowchart.read(contentsOf: folder.appendingPathComponent(file))
        let flowchart = try #require(drawn.scaled(medianNodeHeight: FlowchartBenchmark.medianNodeHeight))
        let arrow = try #require(flowchart.arrows.first { $0.id == id })
        return try #require(flowchart.scenario(for: arrow, on: flowchart.nodeStates)).run(with: interpreter)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: file.path), "needs ../shared/datasets/fc-a-flowcharts"))
    func aRealFileIsScaledUniformlyAndItsNodesBecomeStates() throws {
        let drawn = try Flowchart.read(contentsOf: Self.file)
        // Every node and arrow the annotation names (counted here straight from the text).
        let text = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(drawn.nodes.count == text.components(separatedBy: "<node ").count - 1)
        #expect(drawn.arrows.count == text.components(separatedBy: "<arrow ").count - 1)
        #expect(!drawn.texts.isEmpty && drawn.arrows.allSatisfy { !$0.strokes.isEmpty })

        let flowchart = try #require(drawn.scaled(medianNodeHeight: 60))
        #expect(abs(try #require(flowchart.medianNodeHeight) - 60) < 1e-9)
        let scale = 60 / (try #require(drawn.medianNodeHeight))
        for (before, after) in zip(drawn.nodes, flowchart.nodes) {
            let (b, a) = (InkBox(before.strokes.joined())!, InkBox(after.strokes.joined())!)
            #expect(abs(a.width - b.width * scale) < 1e-6 && abs(a.height - b.height * scale) < 1e-6)
        }
        let states = flowchart.nodeStates
        #expect(states.states.map(\.name) == flowchart.nodes.map(\.id))
        let centres = flowchart.nodes.map { InkBox($0.strokes.joined())!.centre }
        for (node, state) in zip(flowchart.nodes, states.states) {
            let box = InkBox(node.strokes.joined())!
            let nearest = centres.filter { $0 != box.centre }.map { $0.distance(to: box.centre) }.min()!
            #expect(state.center == box.centre && state.radius == min(max(box.width, box.height) / 2, 0.45 * nearest))
        }
        // States never overlap, as the editor's do not.
        for a in states.states { for b in states.states where a.id < b.id { #expect(a.center.distance(to: b.center) >= a.radius + b.radius) } }
        // Each arrow is expected to join its source's state to its target's, its strokes in the order drawn.
        for arrow in flowchart.arrows {
            let scenario = try #require(flowchart.scenario(for: arrow, on: states))
            let from = try #require(flowchart.nodes.firstIndex { $0.id == arrow.source })
            let to = try #require(flowchart.nodes.firstIndex { $0.id == arrow.target })
            #expect(scenario.expected == .transition(from: states.states[from].id, to: states.states[to].id))
            #expect(scenario.strokes == arrow.strokes)
        }
    }

    @Test func idsWrittenAsIdOrXmlIdAndStrokesInDrawingOrder() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("flowchart-\(UUID().uuidString).inkml")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("""
            <ink xmlns="http://www.w3.org/2003/InkML">
            <annotationXML type="truth"><flowchart>
              <node id="n1" type="process"/><node xml:id="n2" type="decision"/>
              <arrow id="a1" source="n1" target="n2"/>
            </flowchart></annotationXML>
            <trace id="0">0 0, 100 0, 100 40, 0 40, 0 0</trace>
            <trace id="1">0 200, 100 200, 100 260, 0 260, 0 200</trace>
            <trace id="2">50 40, 50 200</trace>
            <trace id="3">40 190, 50 200, 60 190</trace>
            <trace id="4">120 10, 130 30</trace>
            <traceGroup id="all">
              <traceGroup id="g1"><annotation type="truth">process</annotation><traceView traceDataRef="0"/><annotationXML href="n1"/></traceGroup>
              <traceGroup id="g2"><annotation type="truth">decision</annotation><traceView traceDataRef="1"/><annotationXML href="n2"/></traceGroup>
              <traceGroup id="g3"><annotation type="truth">arrow</annotation><traceView traceDataRef="3"/><traceView traceDataRef="2"/><annotationXML href="a1"/></traceGroup>
              <traceGroup id="g4"><annotation type="truth">text</annotation><traceView traceDataRef="4"/></traceGroup>
            </traceGroup>
            </ink>
            """.utf8).write(to: file)
        let flowchart = try Flowchart.read(contentsOf: file)
        #expect(flowchart.nodes.map(\.id) == ["n1", "n2"] && flowchart.nodes.map(\.kind) == ["process", "decision"])
        #expect(flowchart.arrows.map(\.id) == ["a1"] && flowchart.arrows[0].source == "n1" && flowchart.arrows[0].target == "n2")
        #expect(flowchart.arrows[0].strokes.map(\.count) == [2, 3], "the shaft (trace 2) was drawn before the head")
        #expect(flowchart.texts.map(\.strokes.count) == [1])
        #expect(flowchart.medianNodeHeight == 50)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: file.path), "needs ../shared/datasets/fc-a-flowcharts"))
    func anArrowAnnotatedAsANodeIsAnArrow() throws {
        // writer12_5.inkml annotates the arrow from decision_4 to process_7 as
        // `<node xml:id="arrow_1" source="decision_4" target="process_7" type="arrow">`.
        let flowchart = try Flowchart.read(contentsOf: Self.folder.appendingPathComponent("writer12_5.inkml"))
        #expect(!flowchart.nodes.contains { $0.id == "arrow_1" })
        let arrow = try #require(flowchart.arrows.first { $0.id == "arrow_1" })
        #expect(arrow.source == "decision_4" && arrow.target == "process_7" && !arrow.strokes.isEmpty)
    }

    @Test func anArrowEndingOnAnotherBoundForTheSameNodeMerges() {
        func box(_ x: Double, _ y: Double) -> [[CanvasPoint]] {
            [[Ink.p(x, y), Ink.p(x + 100, y), Ink.p(x + 100, y + 60), Ink.p(x, y + 60), Ink.p(x, y)]]
        }
        // As a pen samples it: a point every 5.
        func line(_ corners: CanvasPoint...) -> [[CanvasPoint]] {
            [zip(corners, corners.dropFirst()).flatMap { a, b in
                let steps = max(1, Int(a.distance(to: b) / 5))
                return (0..<steps).map { Ink.p(a.x + (b.x - a.x) * Double($0) / Double(steps), a.y + (b.y - a.y) * Double($0) / Double(steps)) }
            } + [corners[corners.count - 1]]]
        }
        // n1 above n3, n2 to the right: n1's arrow runs down into n3; n2's runs left onto it, 80 above n3.
        let nodes = [("n1", box(0, 0)), ("n2", box(300, 100)), ("n3", box(0, 300))].map { Flowchart.Symbol(id: $0.0, kind: "process", strokes: $0.1) }
        let arrows = [Flowchart.Arrow(id: "a1", source: "n1", target: "n3", strokes: line(Ink.p(50, 60), Ink.p(50, 300))),
                      Flowchart.Arrow(id: "a2", source: "n2", target: "n3", strokes: line(Ink.p(300, 130), Ink.p(300, 220), Ink.p(55, 220))),
                      Flowchart.Arrow(id: "a3", source: "n2", target: "n3", strokes: line(Ink.p(350, 160), Ink.p(350, 330), Ink.p(100, 330)))]
        let flowchart = Flowchart(name: "merge", nodes: nodes, arrows: arrows, texts: [])
        #expect(arrows.map(flowchart.merges) == [false, true, false], "a3 ends at n3's side, touching no other arrow")
    }
}

/// FC_A arrows that handwriting reading once got wrong, replayed with the symbol model as the
/// page reads them: each must become its transition, naming no state.
@Suite struct FlowchartArrowsWithHandwritingTests {
    /// (file, arrow id, what went wrong before the rule that reads it now).
    static let cases = [
        ("writer24_5b.inkml", "_15", "a head's second barb inside the target state named it \"7\" (tip mark)"),
        ("writer23_7.inkml", "_16", "an outlined head inside the target state named it \"7\" (tip mark)"),
        ("writer32_5b.inkml", "_2", "a tap, then a head's barbs at the tip, named the state \"1\" (tip mark after a tap)"),
        ("writer12_8.inkml", "_4", "a tap, then a head's barb at the tip, named the state \"0\" (tip mark after a tap)"),
        ("writer34_10.inkml", "_10", "a head drawn where the arrow's ink ended, inside the state past the line's end, named it \"v\" (tip mark, reaching in)"),
        ("writer16_11.inkml", "_5", "a head's second stroke inside the state past the line's end named it \"v\" (tip mark, reaching in)"),
        ("writer21_7.inkml", "_7", "a connector's first leg out of its state named it \"1\" (line piece)"),
        ("writer23_7.inkml", "_18", "a connector's last leg, on from the line's end into its state, named it \"1\" (line piece)"),
        ("writer28_12b.inkml", "_7", "a connector's first leg out of its state named it \"1\" (line piece)"),
        ("writer12_5_.inkml", "_7", "a short line between touching states waited as a \"1\" (inside one, to the other's edge)"),
        ("writer2_6.inkml", "_1", "a short line between touching states waited as a \"1\" (inside one, to the other's edge)"),
        ("writer23_7.inkml", "_12", "a short line between touching states named the lower one \"1\" (inside one, to the other's edge)"),
        ("writer28_8b.inkml", "_2", "a head drawn first inside the target state named it \"v\", then \"7\" (word taken back as the head)"),
        ("writer16_1b.inkml", "_9", "a short shaft inside the source state named it \"1\" before its head came (word taken back as part of the arrow)"),
        ("writer26_8b.inkml", "_1", "a head drawn after the shaft, inside the target state, named it \"v\" (mark where the newest arrow meets its state)"),
        ("writer13_13.inkml", "_15", "a V drawn first just off the target state waited as \"1\" (taken back as a head waiting for its shaft)"),
        ("writer12_14b.inkml", "_4", "a head's second stroke, beside its first inside the target state, named it \"0\" (marks with the stroke before)"),
        ("writer21_1.inkml", "_15", "a tick inside the source state, under a fifth of its radius across, named it \"1\" (name shape)"),
        ("writer9_7.inkml", "_8", "a head's barbs inside the target state, under a fifth of its radius across, named it \"n\" (name shape)"),
        ("writer33_11.inkml", "_5", "a head drawn first inside the target state named it \"v\" (name shape)"),
        ("writer28_4b.inkml", "_4", "a connector's first leg, from inside its state out to the rim, named it \"1\" (name shape)"),
        ("writer5_12b.inkml", "_16", "a connector's last leg, from the rim into its state, named it \"1\" (name shape)"),
        ("writer23_7.inkml", "_19", "a connector's first leg out of the box, its head as marks inside the box read as \"4\", then the rest from the leg's far end: the marks directed it but still named the box (marks on the way in take the word back)"),
        ("writer31_7b.inkml", "_1", "a one-stroke arrow from inside the upper box, its head at the lower one's edge, named the lower \"j\" (inside one, its tip at the other's edge)"),
        ("writer6_7b.inkml", "_1", "a shaft from inside the upper box to the lower one's edge, its head drawn next, named the lower \"j\" (inside one, its tip at the other's edge)"),
        ("writer30_6.inkml", "_6", "a connector's first leg stopping short of its box, then its head there read as \"s\", waiting as a label; the leg round the corner from the first's start was an initial arrow (a V heading the line left alone)"),
        ("writer33_1.inkml", "_6", "a connector's first leg stopping short of its box, then its head there read as \"y\", waiting as a label; the leg round the corner from the first's start was an initial arrow (a V heading the line left alone)"),
        ("writer20_2.inkml", "_1", "a jiggle of the pen 5 points across where the arrow then began read as \"1\" and named the state (a dot alone is no symbol)"),
        ("writer16_7b.inkml", "_1", "a shaft from well inside the upper box to its rim, the lower box 9 points beyond, read as \"l\", and its head as \"v\" named the upper box (inside one, across the gap to the other)"),
    ]

    @Test(.enabled(if: FileManager.default.fileExists(atPath: FlowchartInkTests.file.path), "needs ../shared/datasets/fc-a-flowcharts"),
          arguments: cases)
    func theArrowBecomesItsTransition(file: String, arrow id: String, before: String) throws {
        let outcome = try FlowchartInkTests.replay(file, arrow: id, with: Handwriting.interpreter)
        #expect(outcome.isRight, "\(file) arrow \(id), before: \(before); now: \(outcome.failures) \(outcome.messages)")
    }
}

/// Real FC_A arrows, handwriting left as ink (`automata bench ink`), that rules of their own read right.
@Suite struct FlowchartArrowsAsInkTests {
    /// (file, arrow id, what went wrong before the rule that reads it now).
    static let cases = [
        ("writer32_7b.inkml", "_21", "a connector's first leg, starting off its state, was nothing, and its next leg an initial arrow (first leg aimed from its state)"),
        ("writer15_9b.inkml", "_2", "a head drawn after the shaft at the rim of the state the shaft stopped short of waited for a shaft of its own (head ahead of the shaft's end)"),
        ("writer15_7b.inkml", "_14", "a connector's first leg, starting off its state, was nothing, and its next leg an initial arrow (first leg aimed from its state)"),
        ("writer28_8b.inkml", "_1", "a head drawn first as marks inside the target state; the shaft out of it kept the way it was drawn (marks at its start)"),
        ("writer32_7b.inkml", "_18", "a head drawn first just off the target state; the shaft out of it kept the way it was drawn (marks at its start)"),
        ("writer33_7.inkml", "_8", "a head drawn first in three strokes; the shaft out of it kept the way it was drawn (marks at its start)"),
        ("writer6_13.inkml", "_8", "a head's second barb, drawn from the tip, made a second transition back (the other barb)"),
        ("writer24_13.inkml", "_17", "a head inside the state where the shaft began, too big for a tip mark, was writing (rim mark)"),
        ("writer13_2.inkml", "_4", "a V drawn again at the tip of the arrow just drawn, its barbs reaching back to the close state it left, made a second transition (head drawn again)"),
        ("writer24_8b.inkml", "_7", "a V drawn next at the start of a one-stroke arrow whose tip hooked waited for a shaft (a head from its own tip is tentative)"),
        ("writer1_1.inkml", "_7", "a short shaft's landing hook bent its curve's start back, so the V drawn at that end fitted no end and waited for a shaft (landing hook)"),
        ("writer24_12.inkml", "_15", "a head outlined round from its point at the shaft's start, off the state, was a loop too small for a self-loop (outline begun at the end)"),
        ("writer5_8.inkml", "ar_6", "a barb drawn to a point on the rim just beyond the shaft's start lay a little beyond it, and was a loop too small for a self-loop (barb beyond a short shaft)"),
        ("writer6_13.inkml", "_5", "the other barb, drawn from its far end through the tip, read as a second shaft (barb through the tip)"),
        ("writer26_7b.inkml", "_19", "a one-stroke connector out of its box, along and up, stopping short of the next, was none of the shapes, and nothing (connector)"),
        ("writer12_12b.inkml", "_8", "a connector turning a corner, stopping short of the box it meant, was none of the shapes, and its head after it waited for a shaft (connector)"),
        ("writer26_8.inkml", "_7", "a connector up and across with its head in the same stroke, the model unsure of it, was nothing (connector without its head)"),
        ("writer1_1.inkml", "_6", "a connector up and across read as an arrow reaching under a radius beyond its box was writing, and its head after it nothing (an arrow bent square is a connector)"),
        ("writer16_14.inkml", "_22", "a connector starting a radius off its box, across and up into the next, was none of the shapes, and nothing (connector aimed from its start)"),
        ("writer13_8.inkml", "_14", "a connector's last leg, drawn from its corner towards its box, stopped short of it, and was a longer initial arrow of the first (a piece aimed at a state)"),
        ("writer30_5.inkml", "_23", "a connector's next leg stopped short of the box it runs into, and was left with a free end (a piece aimed at a state)"),
        ("writer5_14b.inkml", "_4", "a connector's last leg with its head, drawn first, folded round in its head's barbs and was no piece for the first leg drawn next from its corner (turns about the line, not the head)"),
        ("writer33_1.inkml", "_6", "a connector's first leg, its head at its far end, reached one box only; the head forgot the line, and the leg from its start round the corner was an initial arrow (line waiting with its head)"),
        ("writer32_6b.inkml", "_15", "a connector's first leg and its head, then the leg round the corner from its start, were nothing (line waiting with its head)"),
        ("writer10_4b.inkml", "_4", "a connector drawn from its corner, the leg with the head first: the other leg's square turn into its box, past the corner the pen overshot, was taken for its head (a last leg that does not fold back)"),
        ("writer17_13.inkml", "_6", "a head drawn after the shaft as its two barbs, a stroke each: the first settled the shaft the way it was drawn, and both were writing (barb pair)"),
        ("writer5_6.inkml", "_8", "a tiny arrow between boxes that nearly touch, its barbs as long as its shaft and the last ending nearer its start, was none of the shapes, and nothing (barbs on both sides)"),
        ("writer26_11.inkml", "_2", "a straight arrow out of a big box, stopping short of the next, was a self-loop: its barbs fell back within the box's slack (a loop comes back)"),
        ("writer31_10b.inkml", "_10", "an arrow stopping short between two boxes, within reach of both, landed on the nearer one it passed beside, not the one it pointed at (tip on the state ahead)"),
        ("writer32_12b.inkml", "_8", "a head drawn as its two barbs at the start of a connector whose tip hooked into its box: the first barb, the pen jittering where it landed, was no straight line, so the second was writing and the connector kept its hook's direction (barb pair)"),
        ("writer17_14b.inkml", "_15", "a connector starting off its box, within the slack of the big box it turns down into, and its head there: the line's start landed on that box, so line and head joined it to itself (start outside the state the head enters)"),
        ("writer18_12b.inkml", "_8", "a V drawn from its point, one barb out and back, then the other, at the end of a connector awaiting its head, was no V and hung on the box as a self-loop (V with a barb drawn twice)"),
        ("writer18_5b.inkml", "_16", "a V drawn from its point, one barb out and back, then the other, was no head, and the connector kept a free end (V with a barb drawn twice)"),
        ("writer30_3.inkml", "_5", "a V drawn ending with a barb gone over twice was no head, and made a second transition (V with a barb drawn twice)"),
        ("writer24_7b.inkml", "_14", "a connector's corner lay within the slack of a box beside it, so its first leg was a transition into that box and the next leg another out of it (a corner beside a state)"),
        ("writer17_7b.inkml", "_22", "a connector in three legs, its first under a fifth of it, starting off its box, and its head: the line's direction from its start was taken a fifth of the way along, past the first corner, and pointed at no box (first leg's direction)"),
        ("writer5_12.inkml", "_9", "a tiny arrow between boxes that nearly touch, its barbs as long as its shaft, was none of the shapes, and nothing (barbs on both sides)"),
        ("writer24_9.inkml", "_10", "a connector's first leg, drawn after the rest from its box down to where the rest began, was taken for a head there, and the real head at the other end for a self-loop (a piece of the line is no mark)"),
        ("writer8_4.inkml", "_4", "a connector's last leg gone over again on into its box, a little off the smoothed line, was taken for a head there, so the head drawn at the other end waited for a shaft (a piece of the line is no mark)"),
        ("writer22_4.inkml", "_2", "a shaft's last stretch gone over again into its box was taken for a head there, so the head drawn at the other end fitted no end (a piece of the line is no mark)"),
        ("writer18_13.inkml", "_22", "a connector's first leg out of the box, its head as marks inside the box at that leg's start, then the rest from the leg's far end: the rest started off the box, away from the marks, and was kept the way it was drawn (marks on the way in)"),
        ("writer23_7.inkml", "_19", "a connector's first leg out of the box, its head as marks at the box's edge inside the circle, then the rest from the leg's far end: kept the way it was drawn (marks on the way in)"),
        ("writer33_10.inkml", "_5", "a head as marks inside the box, then a line out of them to empty canvas and the rest on to the next box: the line took no direction from the marks, and the whole came out backwards (marks before a line to empty canvas)"),
        ("writer33_7.inkml", "_9", "a connector round the chart ending with its last leg drawn apart, on from its tip into the box: the leg was taken for a head there, at the end the line came from (a straight piece carried on moves the line's end)"),
        ("writer6_14b.inkml", "_16", "a connector's second leg, drawn from the first's free end down to its box and ending in one barb, was taken for a head at that free end, and the other barb for writing (a leg from the free end)"),
        ("writer10_3b.inkml", "_7", "a connector's second leg, drawn from the first's free end up to its box and ending in one barb, was a V waiting for its shaft, and the line kept its free end (a leg from the free end)"),
        ("writer12_13b.inkml", "_20", "a head drawn as a small loop round the shaft's tip, across a small state's rim, its middle just outside it, hung on the state as a self-loop (a blob covering the tip)"),
        ("writer18_13b.inkml", "_20", "a head drawn as marks covering the end of a connector at a state's rim, their middle just outside it, was a second transition (a blob covering the tip)"),
        ("writer32_7b.inkml", "_14", "a connector across and down into its box, starting off the other, its legs a V's shape at the boxes' size, was a head on its own, and so was its real head (a connector before a head waiting for its shaft)"),
        ("writer12_6b.inkml", "_14", "a head outlined from its back, round through the connector's free end and left open, was a small loop read as nothing, and the connector kept the way it was drawn (an outline through the end)"),
        ("writer30_10.inkml", "_10", "a connector's last leg drawn first, into its box from the corner, then its head as two barbs inside the box, then the rest from the corner: the leg was forgotten at the barbs, and the rest made the first box initial (a leg waiting through its head)"),
        ("writer32_5b.inkml", "_5", "a connector's last leg drawn first from the corner, then its head at the box's rim, then the rest from the corner: the leg was forgotten at the head, and the rest made the first box initial (a leg waiting through its head)"),
        ("writer5_10.inkml", "_5", "a connector's first leg out of its box, then its head as marks in the target box, then the rest from the leg's end: the leg was forgotten at the marks, and the rest made the target box initial (a leg waiting through its head)"),
        ("writer31_8b.inkml", "_11", "an arrow stopping short, its upper barb drawn out and back before the tip: the barb bent the shaft into a curve whose end pointed at the box below, not the one ahead (a barb on the way in is no bend)"),
        ("writer12_14b.inkml", "_1", "a short arrow out of its box, its tip still within the box's slack, leading away towards the next: it fell back on the box it left and was a loop too small for a self-loop (a tip leaving its state)"),
        ("writer28_2b.inkml", "_8", "a short arrow out of a big box, its tip still within the box's slack, leading away towards a small one: it fell back on the box it left and was a loop too small for a self-loop (a tip leaving its state)"),
        ("writer12_7.inkml", "_7", "a connector out of its box stopping short of the next, then its head as a small ball of ink at the end: the ball was more writing, and nothing was made (a mark at the line's end)"),
        ("writer5_5.inkml", "_23", "a connector drawn in three pieces round the chart, then its head scribbled where no V reads: the head was more writing, and nothing was made (a mark at the line's end)"),
        ("writer16_7b.inkml", "_9", "a connector's top leg stopping short of its box, its head drawn there, then the leg down from the far corner stopping short of the other box: with no box at the first leg's end, the second was aimed at nothing, and nothing was made (a head at the first piece's start)"),
        ("writer33_13.inkml", "ar_11", "a connector's short leg and head into its box (an initial arrow), its long leg left alone from the other box, then the piece joining the two, ending in a hook: the piece went on from the initial arrow to a free end, the long leg forgotten (a piece meeting the line left alone)"),
        ("writer28_14b.inkml", "_15", "a head drawn first as marks in the target box, a first leg out of it, then the rest to the other box: the leg, being writing beside the marks, hid them, and the line kept the way it was drawn (marks before the first piece)"),
        ("writer5_14b.inkml", "_7", "a connector's last leg drawn first, into its box with one barb drawn out and back at the tip, then the rest from its start: the retraced barb made the leg wander like a letter, so the rest was no piece of it and kept the way it was drawn (a barb on the way in is no length)"),
        ("writer23_4.inkml", "_4", "a connector out of its box, bent round towards the next and stopping short, read by the model as a cycle: touching the first box by one end only, it hung on it as a self-loop (a self-loop stands on both feet)"),
        ("writer17_9.inkml", "_10", "a connector's first leg out of its box left alone, its other half drawn out of the other box to a free end, then the piece between, meeting the first leg's end from the side: the leg was forgotten at the other half, and the head made that box initial (a leg waiting through the other half)"),
        ("writer28_3b.inkml", "_4", "a connector's short leg out of its box, the next leg carried on from its end towards the other box, then a closed head: the next leg, small beside the first box, was taken for a mark there and the first leg waited alone, so the head fitted no line's end"),
        ("writer28_9b.inkml", "_4", "a long shaft stopping well short of a small connection point, the pen set down at its free end for a short stroke on into it, then the head: the short stroke, no piece alone, made the point initial and left the shaft's end free"),
        ("writer4_11.inkml", "_10", "a short stub out of a big box, stopping in the gap beside the next box, then the long leg with its head carried on from the stub's end to a third box: the stub stayed a second transition, as its end lay too near the box beside it for a corner"),
        ("writer16_14b.inkml", "_7", "a connector's first leg drawn from its corner beside one box to the other, settled by a dot, then the next leg from the corner round into the third box, its V head pointing down into it: the settled leg was no open end, so the second leg made another transition from the box beside the corner, and the V, across the smoothed line's way, fitted no end"),
        ("writer12_7.inkml", "_5", "a short shaft across the gap between close boxes, then a small ring drawn round its lower end: the ring's middle lay beside the end, so it seemed to lie off the shaft's way there and headed the far end"),
        ("writer28_6b.inkml", "_4", "a short shaft across the gap between close boxes, drawn over again, then a triangle's top side across its end and the rest below: the stroke over the shaft was taken for a mark at the first box and turned it, and, as writing, made the top side a mark there too"),
        ("writer35_5b.inkml", "_12", "a connector's first leg to a free end, settled by a dot, then the next leg begun at the free end and turning a corner up (a V to the eye), then the last leg into its box and the head: the corner leg waited as a head on its own, and the last leg made the box initial"),
        ("writer5_3.inkml", "_8", "a connector's first leg to a free end, then the last leg with its head begun 27 points below where the first stopped, into its box: too far off the free end to carry it on, it was left as a loop beside the box"),
        ("writer22_4.inkml", "_4", "a connector's leg from its corner down into its box, too short for an initial arrow, then a tap at the corner, then the other leg drawn to the corner and the head: the tap made the first leg forgotten"),
        ("writer12_6_.inkml", "_2", "a tap inside the first box by its rim, then a short shaft across the gap to the box below and a blob head: the tap began writing, and the shaft, no bigger than a letter, went on it"),
        ("writer6_7b.inkml", "_7", "a head drawn first just above the diamond it points into, clear of the circle standing in for it and opening along its rim, then the shaft to it from the box beside: the head was a loop too small for its state, and the shaft kept the way it was drawn"),
        ("writer16_13b.inkml", "_15", "a connector from a third box round into the narrow gap between two stacked boxes (merging into the one between them), then a V head there touching both: the V joined the two boxes as an arrow of its own"),
        ("writer25_5.inkml", "_13", "a short shaft from a terminator down towards the diamond just below, inside the terminator's circle (the two circles nearly touch), then its head: the shaft was writing in the terminator, the head more of it"),
        ("writer25_6.inkml", "_7", "a short shaft down from a diamond into the data node just below, inside the data node's circle (the two circles nearly touch), then its V head: the shaft was writing in that node, the head waited for a shaft"),
        ("writer32_5b.inkml", "_8", "a short shaft down from a diamond and its V head, inside the circle of the terminator just below (the two circles nearly touch): the shaft was writing in the terminator, the V more of it"),
    ]

    @Test(.enabled(if: FileManager.default.fileExists(atPath: FlowchartInkTests.file.path), "needs ../shared/datasets/fc-a-flowcharts"),
          arguments: cases)
    func theArrowBecomesItsTransition(file: String, arrow id: String, before: String) throws {
        let outcome = try FlowchartInkTests.replay(file, arrow: id, with: ShippedModel.interpreter)
        #expect(outcome.isRight, "\(file) arrow \(id), before: \(before); now: \(outcome.failures) \(outcome.messages)")
    }
}
