import EditorBenchmarks
import Foundation
import Testing
@testable import AutomataEditorCore

/// Laid-out automata (algorithm results, imports, expressions) read as what they are: no
/// edge through a state, no label on another or on a state, no more crossings than columns.
@Suite struct LayoutTests {
    private static let missingGraphviz = "graphviz is not installed (no `dot` on PATH): run `make deps`"

    /// Every operation's result on random automata, and expressions' ε-NFAs.
    private static let cases = try! LayoutBenchmark.cases(count: 8, seed: 7)

    @Test func graphvizLayoutsKeepEdgesOutOfStatesAndLabelsApart() throws {
        try #require(DotProgram.installed != nil, Comment(rawValue: Self.missingGraphviz))
        var crossings = (graphviz: 0, columns: 0)
        for item in Self.cases {
            let laidOut = AutomatonLayout.document(for: item.automaton)
            let check = LayoutCheck(laidOut), columns = LayoutCheck(AutomatonLayout.document(for: item.automaton, engine: .columns))
            crossings.graphviz += check.crossings
            crossings.columns += columns.crossings
            // Small results must read cleanly; larger ones (a union of two 5-state DFAs) at least no worse than columns.
            if item.automaton.stateCount <= 12 {
                #expect(check.edgesThroughStates == 0 && check.overlappingLabels == 0, "\(item.name): \(check)")
            }
            #expect(check.crossings <= max(1, columns.crossings), "\(item.name): \(check), columns: \(columns)")
        }
        #expect(crossings.graphviz * 3 < crossings.columns, "Graphviz \(crossings.graphviz) crossings, columns \(crossings.columns)")
    }

    @Test func graphvizLayoutIsTheSameAutomaton() throws {
        try #require(DotProgram.installed != nil, Comment(rawValue: Self.missingGraphviz))
        for item in Self.cases.prefix(12) {
            let laidOut = AutomatonLayout.document(for: item.automaton)
            #expect(laidOut.automaton == item.automaton, "\(item.name)")
            #expect(laidOut.transitions.allSatisfy { $0.isSelfLoop || $0.isCurved }, "dot's routes become the editor's curves")
            let initial = laidOut.states.filter(\.isInitial)
            #expect(initial.allSatisfy { state in state.initialArrowStart.map { $0.x < state.center.x } ?? false }, "initial arrows come in from the left")
        }
    }

    @Test func columnsStayTheFallback() {
        let item = Self.cases[0]
        let columns = AutomatonLayout.document(for: item.automaton, engine: .columns)
        #expect(columns.states.allSatisfy { $0.radius == 30 && $0.center.y.truncatingRemainder(dividingBy: 65) == 120.truncatingRemainder(dividingBy: 65) })
        #expect(columns.automaton == item.automaton)
    }

    // MARK: The check itself

    private static func state(_ id: Int, _ x: Double, _ y: Double) -> AutomatonDocument.State {
        .init(id: id, name: "q\(id)", center: CanvasPoint(x: x, y: y), radius: 20)
    }

    private static func straight(_ id: Int, _ from: AutomatonDocument.State, _ to: AutomatonDocument.State, _ symbol: String) -> AutomatonDocument.Transition {
        // Nearly straight cubic, so the picture draws it as given.
        let a = from.center, b = to.center
        let c1 = CanvasPoint(x: a.x + (b.x - a.x) / 3, y: a.y + (b.y - a.y) / 3 + 1)
        let c2 = CanvasPoint(x: a.x + 2 * (b.x - a.x) / 3, y: a.y + 2 * (b.y - a.y) / 3 + 1)
        return .init(id: id, from: from.id, to: to.id, start: from.edgePoint(towards: b), end: to.edgePoint(towards: a),
                     controls: [c1, c2], symbols: [.text(symbol)])
    }

    @Test func checkCountsACrossingAndAnEdgeThroughAState() {
        let s = [Self.state(0, 0, 0), Self.state(1, 200, 200), Self.state(2, 200, 0), Self.state(3, 0, 200), Self.state(4, 400, 0)]
        let crossing = AutomatonDocument(states: s, transitions: [Self.straight(10, s[0], s[1], "a"), Self.straight(11, s[2], s[3], "b")], nextID: 12)
        #expect(LayoutCheck(crossing).crossings == 1)
        #expect(LayoutCheck(crossing).edgesThroughStates == 0)
        let through = AutomatonDocument(states: s, transitions: [Self.straight(10, s[0], s[4], "a")], nextID: 11)
        #expect(LayoutCheck(through).edgesThroughStates == 1, "q0 → q4 runs through q2")
        #expect(LayoutCheck(through).crossings == 0)
    }

    @Test func checkCountsTextBoxesOnEachOtherAndOnStates() {
        let box = (center: SVGVector(x: 0, y: 0), size: SVGVector(x: 20, y: 20), role: "label")
        #expect(LayoutCheck.boxesOverlap(box, (SVGVector(x: 15, y: 5), box.size, "label")))
        #expect(!LayoutCheck.boxesOverlap(box, (SVGVector(x: 25, y: 0), box.size, "label")))
        #expect(LayoutCheck.box(box, touches: SVGCircle(center: SVGVector(x: 25, y: 0), radius: 20)))
        #expect(!LayoutCheck.box(box, touches: SVGCircle(center: SVGVector(x: 40, y: 0), radius: 20)))
    }

    @Test func labelsMoveAlongTheirCurveRatherThanCoverAnother() {
        // Two edges drawn on top of each other, q0 → q1 and back, bulging towards q2 below:
        // both labels would go under their middles, on q2 and on each other.
        let s = [Self.state(0, 0, 0), Self.state(1, 200, 0), Self.state(2, 100, 30)]
        let document = AutomatonDocument(states: s, transitions: [Self.straight(10, s[0], s[1], "a, b"), Self.straight(11, s[1], s[0], "c, d")], nextID: 12)
        #expect(LayoutCheck(document).overlappingLabels == 0)
        let placement = SVGExport.drawing(of: document).placed.texts.filter { $0.role == "label" }
        #expect(placement.count == 2)
        #expect(placement.allSatisfy { $0.center.y < 0 }, "both above the line, away from q2: \(placement.map(\.center))")
    }

    // MARK: Long names

    @Test func productNamesLoseSpacesAndSharedLettersThenTheirEnd() {
        #expect(StateNameFit.compacted("({q0,q2}, {q1})") == "({0,2},{1})")
        #expect(StateNameFit.compacted("({q0}, {start})") == "({q0},{start})", "names that differ in their letters keep them")
        let fit = StateNameFit("({q0,q2,q3,q4}, {q0,q1,q2,q5})", radius: 30, room: 26)
        #expect(fit.fontSize >= StateNameFit.smallest)
        #expect(fit.shown.hasSuffix("…") && fit.shown.hasPrefix("({0,2"))
        #expect(StateNameFit("q12", radius: 30, room: 30).shown == "q12", "short names stay whole")
        #expect(StateNameFit("q12", radius: 30, room: 30, compacting: true).shown == "q12", "only sets and pairs are compacted")
        #expect(StateNameFit("({q0}, {q1})", radius: 30, room: 30, compacting: true).shown == "({0},{1})")
    }

    @Test func oneDrawingKeepsOneNotation() {
        let names = ["({q0}, {q0})", "({q0,q1,q2,q3}, {q0,q1})", "trap"]
        let states = names.enumerated().map { AutomatonDocument.State(id: $0, name: $1, center: CanvasPoint(x: Double($0) * 100, y: 0), radius: 30) }
        let texts = SVGExport.drawing(of: AutomatonDocument(states: states, transitions: [], nextID: 3)).placed.texts.filter { $0.role == "state-name" }
        #expect(texts.count == 3)
        let svg = SVGExport.render(AutomatonDocument(states: states, transitions: [], nextID: 3))
        #expect(svg.contains(">({0},{0})<title>({q0}, {q0})</title>"), "a short pair is compacted with the long one:\n\(svg)")
        #expect(svg.contains(">trap</text>"))
    }

    @Test func aShortenedNameKeepsTheWholeOneAsItsTooltip() {
        let name = "({q0,q2,q3,q4}, {q0,q1,q2,q5})"
        let document = AutomatonDocument(states: [.init(id: 0, name: name, center: CanvasPoint(x: 0, y: 0), radius: 30)], transitions: [], nextID: 1)
        let svg = SVGExport.render(document)
        #expect(svg.contains("<title>({q0,q2,q3,q4}, {q0,q1,q2,q5})</title>"))
        #expect(svg.contains("…"))
        #expect(svg.components(separatedBy: "<title>").count - 1 == 2, "on the name and on the circle the pointer reaches")
    }
}
