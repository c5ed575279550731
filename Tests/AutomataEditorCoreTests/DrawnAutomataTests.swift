import AutomatonSketches
import Foundation
import StrokeModel
import StrokeTraining
import Testing
@testable import AutomataEditorCore

/// End to end: the usability study's automata DRAWN with the synthetic human-like strokes
/// (seeded `SketchPen`), return edges curved as people draw them, read by the shipped
/// classifier and the recognition rules, must mean exactly the automaton intended and accept
/// exactly the intended language. Every seed in `seeds` must pass (160 drawings, about 1,500
/// strokes). The rules' context checks (a stroke from one state to another is a transition, a
/// circle touching a state is a self-loop, a closed cycle touching nothing is a state) put the
/// classifier's slips right, and the message log says when they did.
@Suite struct DrawnAutomataTests {
    static let seeds: [UInt64] = Array(1...40)

    private static func state(_ x: Double, _ y: Double, seed: UInt64, name: String? = nil, initial: Bool = false,
                              final: Bool = false) -> SketchPlan.State {
        // States 60–150 points across, a different size per seed and state.
        var random = SeededGenerator(seed: seed).derived(UInt64(x * 1000 + y))
        return SketchPlan.State(centre: CanvasPoint(x: x, y: y), radius: random.between(30, 75), writtenName: name,
                                isInitial: initial, isFinal: final)
    }

    /// L = {(10)^n : n ≥ 1}: q0 →1 q1 →0 q2 →1 q1, q2 final (a ring drawn round it), q0
    /// initial; the pair between q1 and q2 drawn as two arcs bending apart.
    @Test(arguments: seeds) func tenRepeated(seed: UInt64) {
        let plan = SketchPlan(states: [Self.state(110, 250, seed: seed, initial: true), Self.state(380, 250, seed: seed),
                                       Self.state(650, 250, seed: seed, final: true)],
                              edges: [.init(from: 0, to: 1, label: "1", shape: .straight),
                                      .init(from: 1, to: 2, label: "0", shape: .curved, bend: 45),
                                      .init(from: 2, to: 1, label: "1", shape: .curved, bend: 45)],
                              initialDirection: -.pi)
        check(plan, seed: seed, expected: ExpectedAutomaton(
            names: ["q0", "q1", "q2"], initial: ["q0"], final: ["q2"],
            transitions: [("q0", "1", "q1"), ("q1", "0", "q2"), ("q2", "1", "q1")]),
              accepts: ["10", "1010", "101010"], rejects: ["", "1", "0", "01", "100", "101", "1001", "0101", "1100", "10101"])
    }

    /// L = (abc)*: q0 →a q1 →b q2, and the return edge q2 →c q0 arching over q1; q0 initial and final.
    @Test(arguments: seeds) func returnEdgeOverTheMiddleState(seed: UInt64) {
        let plan = SketchPlan(states: [Self.state(110, 300, seed: seed, initial: true, final: true), Self.state(380, 300, seed: seed),
                                       Self.state(650, 300, seed: seed)],
                              edges: [.init(from: 0, to: 1, label: "a", shape: .straight),
                                      .init(from: 1, to: 2, label: "b", shape: .straight),
                                      .init(from: 2, to: 0, label: "c", shape: .returnEdge, bend: -150)],
                              initialDirection: .pi / 2 + 0.5)
        check(plan, seed: seed, expected: ExpectedAutomaton(
            names: ["q0", "q1", "q2"], initial: ["q0"], final: ["q0"],
            transitions: [("q0", "a", "q1"), ("q1", "b", "q2"), ("q2", "c", "q0")]),
              accepts: ["", "abc", "abcabc"], rejects: ["a", "ab", "abca", "bca", "cab", "abcc"])
    }

    /// L = words over {0,1} that start with 011: q0 →0 q1 →1 q2 →1 q3, a self-loop 0,1 on q3
    /// (final), laid out on two rows.
    @Test(arguments: seeds) func startsWith011(seed: UInt64) {
        let plan = SketchPlan(states: [Self.state(110, 150, seed: seed, initial: true), Self.state(390, 150, seed: seed),
                                       Self.state(390, 430, seed: seed), Self.state(670, 430, seed: seed, final: true)],
                              edges: [.init(from: 0, to: 1, label: "0", shape: .straight),
                                      .init(from: 1, to: 2, label: "1", shape: .straight),
                                      .init(from: 2, to: 3, label: "1", shape: .straight),
                                      .init(from: 3, to: 3, label: "0,1", shape: .selfLoop, bend: 0)],
                              initialDirection: .pi / 2 + 0.6)
        check(plan, seed: seed, expected: ExpectedAutomaton(
            names: ["q0", "q1", "q2", "q3"], initial: ["q0"], final: ["q3"],
            transitions: [("q0", "0", "q1"), ("q1", "1", "q2"), ("q2", "1", "q3"), ("q3", "0", "q3"), ("q3", "1", "q3")]),
              accepts: ["011", "0110", "0111", "011010", "01100000"], rejects: ["", "0", "01", "010", "111", "1011", "0011", "00110"])
    }

    /// L = a*b+: a self-loop a on the initial state s, an ε-transition s → t, t →b u, a self-loop
    /// b on u; u final, drawn as two circles; the states named by text written inside them.
    @Test(arguments: seeds) func selfLoopEpsilonAndDoubleCircle(seed: UInt64) {
        let plan = SketchPlan(states: [Self.state(130, 300, seed: seed, name: "s", initial: true), Self.state(410, 300, seed: seed, name: "t"),
                                       Self.state(690, 300, seed: seed, name: "u", final: true)],
                              edges: [.init(from: 0, to: 0, label: "a", shape: .selfLoop, bend: -.pi / 2),
                                      .init(from: 0, to: 1, label: seed.isMultiple(of: 2) ? "ε" : "eps", shape: .straight),
                                      .init(from: 1, to: 2, label: "b", shape: .straight),
                                      .init(from: 2, to: 2, label: "b", shape: .selfLoop, bend: .pi / 2)],
                              initialDirection: .pi + 0.3)
        check(plan, seed: seed, expected: ExpectedAutomaton(
            names: ["s", "t", "u"], initial: ["s"], final: ["u"],
            transitions: [("s", "a", "s"), ("s", "ε", "t"), ("t", "b", "u"), ("u", "b", "u")]),
              accepts: ["b", "ab", "aab", "bb", "abbb", "aaaabb"], rejects: ["", "a", "aa", "ba", "aba", "abab", "bab"])
    }

    /// Draws the plan with the seed's pen, plays its events on a fresh editor and checks the result.
    private func check(_ plan: SketchPlan, seed: UInt64, expected: ExpectedAutomaton, accepts: [String], rejects: [String],
                       sourceLocation: SourceLocation = #_sourceLocation) {
        var pen = SketchPen(seed: seed)
        pen.draw(plan)
        var editor = Editor()
        let messages = editor.perform(pen.events, with: ShippedModel.interpreter)
        let log = messages.enumerated().map { "  \($0 + 1). \($1)" }.joined(separator: "\n")
        let document = editor.document
        #expect(ExpectedAutomaton(document.automaton) == expected, "seed \(seed):\n\(log)", sourceLocation: sourceLocation)
        #expect(document.transitions.allSatisfy { $0.isConnected && !$0.symbols.isEmpty }, "no dangling or unlabelled transitions:\n\(log)",
                sourceLocation: sourceLocation)
        #expect(document.transitions.count == plan.edges.count, "one transition per drawn arrow or loop:\n\(log)",
                sourceLocation: sourceLocation)
        #expect(SketchScore(document, against: plan).notes == [], "\(log)", sourceLocation: sourceLocation)
        // Simulated as the editor simulates them: a rejection with a reason (no initial state,
        // a symbol no transition reads) means the drawing lost something, and fails the test.
        for (words, verdict) in [(accepts, true), (rejects, false)] {
            for word in words {
                let result = document.automaton.run(Word(characters: word))
                #expect(result.accepted == verdict && result.reason == nil, "\"\(word)\" should be \(verdict ? "accepted" : "rejected"): \(result)",
                        sourceLocation: sourceLocation)
            }
        }
    }
}

/// An automaton up to the order of its states: states by name.
struct ExpectedAutomaton: Equatable, CustomStringConvertible {
    var names: Set<String>
    var initial: Set<String>
    var final: Set<String>
    var transitions: Set<[String]>

    init(names: Set<String>, initial: Set<String>, final: Set<String>, transitions: [(String, String, String)]) {
        self.names = names
        self.initial = initial
        self.final = final
        self.transitions = Set(transitions.map { [$0.0, Symbol(parsing: $0.1)!.description, $0.2] })
    }

    init(_ automaton: Automaton) {
        let name = automaton.names
        names = Set(name)
        initial = Set(automaton.initial.map { name[$0] })
        final = Set(automaton.accepting.map { name[$0] })
        transitions = Set(automaton.transitions.map { [name[$0.from], $0.symbol.description, name[$0.to]] })
    }

    var description: String {
        "states \(names.sorted()), initial \(initial.sorted()), final \(final.sorted()), "
            + "moves \(transitions.map { "\($0[0]) -\($0[1])-> \($0[2])" }.sorted())"
    }
}

