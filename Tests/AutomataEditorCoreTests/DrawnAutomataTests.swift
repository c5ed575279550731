import Foundation
import StrokeModel
@testable import StrokeTraining  // for SyntheticStrokes.cycleParts: a self-loop's ends
import Testing
@testable import AutomataEditorCore

/// End to end: automata DRAWN with the synthetic human-like strokes (seeded), read by the
/// shipped classifier and the recognition rules, must mean exactly the automaton intended and
/// accept exactly the intended language. Every seed in `seeds` must pass (120 drawings, about
/// 1,100 strokes). The shipped model reads some of the generator's self-loops as circles and a
/// few of its circles as cycles; the rules' context checks (a circle touching a state is a
/// self-loop, a closed cycle touching nothing is a state) put those right, and the message
/// log says when they did.
@Suite struct DrawnAutomataTests {
    static let seeds: [UInt64] = Array(1...40)

    /// L = {(10)^n : n ≥ 1}: q0 →1 q1 →0 q2 →1 q1, q2 final (a ring drawn round it), q0 initial.
    @Test(arguments: seeds) func tenRepeated(seed: UInt64) {
        var pen = SyntheticPen(seed: seed)
        let q0 = pen.state(at: 110, 250), q1 = pen.state(at: 380, 250), q2 = pen.state(at: 650, 250)
        pen.initialArrow(into: q0, from: -.pi)
        pen.arrow(from: q0, to: q1, label: "1")
        pen.arrow(from: q1, to: q2, label: "0", offset: 0.35)
        pen.arrow(from: q2, to: q1, label: "1", offset: 0.35)
        pen.ring(around: q2)
        check(pen, expected: ExpectedAutomaton(
            names: ["q0", "q1", "q2"], initial: ["q0"], final: ["q2"],
            transitions: [("q0", "1", "q1"), ("q1", "0", "q2"), ("q2", "1", "q1")]),
              accepts: ["10", "1010", "101010"], rejects: ["", "1", "0", "01", "100", "101", "1001", "0101", "1100", "10101"])
    }

    /// L = words over {0,1} that start with 011: q0 →0 q1 →1 q2 →1 q3, a self-loop 0,1 on q3
    /// (final), laid out on two rows.
    @Test(arguments: seeds) func startsWith011(seed: UInt64) {
        var pen = SyntheticPen(seed: seed)
        let q0 = pen.state(at: 110, 150), q1 = pen.state(at: 390, 150)
        let q2 = pen.state(at: 390, 430), q3 = pen.state(at: 670, 430)
        pen.initialArrow(into: q0, from: .pi / 2 + 0.6)
        pen.arrow(from: q0, to: q1, label: "0")
        pen.arrow(from: q1, to: q2, label: "1")
        pen.arrow(from: q2, to: q3, label: "1")
        pen.selfLoop(on: q3, towards: 0, label: "0,1")
        pen.ring(around: q3)
        check(pen, expected: ExpectedAutomaton(
            names: ["q0", "q1", "q2", "q3"], initial: ["q0"], final: ["q3"],
            transitions: [("q0", "0", "q1"), ("q1", "1", "q2"), ("q2", "1", "q3"), ("q3", "0", "q3"), ("q3", "1", "q3")]),
              accepts: ["011", "0110", "0111", "011010", "01100000"], rejects: ["", "0", "01", "010", "111", "1011", "0011", "00110"])
    }

    /// L = a*b+: a self-loop a on the initial state s, an ε-transition s → t, t →b u, a self-loop
    /// b on u; u final, drawn as two circles; the states named by text written inside them.
    @Test(arguments: seeds) func selfLoopEpsilonAndDoubleCircle(seed: UInt64) {
        var pen = SyntheticPen(seed: seed)
        let s = pen.state(at: 130, 300), t = pen.state(at: 410, 300), u = pen.state(at: 690, 300)
        pen.text("s", inside: s)
        pen.text("t", inside: t)
        pen.text("u", inside: u)
        pen.initialArrow(into: s, from: .pi + 0.3)
        pen.selfLoop(on: s, towards: -.pi / 2, label: "a")
        pen.arrow(from: s, to: t, label: seed.isMultiple(of: 2) ? "ε" : "eps")
        pen.arrow(from: t, to: u, label: "b")
        pen.ring(around: u)
        pen.selfLoop(on: u, towards: .pi / 2, label: "b")
        check(pen, expected: ExpectedAutomaton(
            names: ["s", "t", "u"], initial: ["s"], final: ["u"],
            transitions: [("s", "a", "s"), ("s", "ε", "t"), ("t", "b", "u"), ("u", "b", "u")]),
              accepts: ["b", "ab", "aab", "bb", "abbb", "aaaabb"], rejects: ["", "a", "aa", "ba", "aba", "abab", "bab"])
    }

    /// Plays the pen's events on a fresh editor and checks the result.
    private func check(_ pen: SyntheticPen, expected: ExpectedAutomaton, accepts: [String], rejects: [String],
                       sourceLocation: SourceLocation = #_sourceLocation) {
        var editor = Editor()
        let messages = editor.perform(pen.events, with: ShippedModel.interpreter)
        let log = messages.enumerated().map { "  \($0 + 1). \($1)" }.joined(separator: "\n")
        let document = editor.document
        #expect(ExpectedAutomaton(document.automaton) == expected, "seed \(pen.seed):\n\(log)", sourceLocation: sourceLocation)
        #expect(document.transitions.allSatisfy { $0.isConnected && !$0.symbols.isEmpty }, "no dangling or unlabelled transitions:\n\(log)",
                sourceLocation: sourceLocation)
        #expect(document.transitions.count == pen.drawnTransitions, "one transition per drawn arrow or loop:\n\(log)",
                sourceLocation: sourceLocation)
        // Simulated as the editor simulates them: a problem (no initial state, unknown symbol)
        // is neither an acceptance nor a rejection, and fails the test.
        for (words, verdict) in [(accepts, true), (rejects, false)] {
            for word in words {
                let result = document.automaton.run(Word(characters: word))
                #expect(result.outcome?.accepted == verdict, "\"\(word)\" should be \(verdict ? "accepted" : "rejected"): \(result)",
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

/// Draws an automaton as a person would, one event at a time, with the synthetic generator's
/// human-like strokes fitted to a layout: states 60–150 points across, arrows from edge to
/// edge, labels beside arrows and beyond loops.
struct SyntheticPen {
    struct PlacedState {
        var centre: CanvasPoint
        var radius: Double
    }

    let seed: UInt64
    private var random: SeededGenerator
    private(set) var events: [DrawingEvent] = []
    private(set) var drawnTransitions = 0

    init(seed: UInt64) {
        self.seed = seed
        random = SeededGenerator(seed: seed)
    }

    /// A state near (x, y), 60–150 points across, drawn as one ring; returns the circle the
    /// editor shows for it. The generator also draws
    /// final states (two rings, in one stroke or two); those are set aside for a state meant
    /// to be plain, and final states are drawn here by `ring(around:)`.
    mutating func state(at x: Double, _ y: Double) -> PlacedState {
        let ring = fitted(singleRing(), radius: between(30, 75), at: CanvasPoint(x: x + between(-15, 15), y: y + between(-15, 15)))
        events.append(.stroke(ring))
        // The editor shows the clean circle it made of the stroke, and the rest is drawn onto that.
        let centre = StrokeGeometry.centre(of: ring)
        return PlacedState(centre: centre, radius: StrokeGeometry.meanDistance(of: ring, from: centre))
    }

    /// A second ring round a state, 1.15–1.35 times its size: makes it final.
    mutating func ring(around state: PlacedState) {
        events.append(.stroke(fitted(singleRing(), radius: state.radius * between(1.15, 1.35), at: state.centre)))
    }

    /// An arrow from one state's edge to another's (each end 0.85–1.15 radii from the centre),
    /// shifted sideways by `offset` radii (two arrows between the same states run side by
    /// side), labelled beside its middle on the shifted side.
    mutating func arrow(from a: PlacedState, to b: PlacedState, label: String, offset: Double = 0) {
        let (ux, uy) = unit(from: a.centre, to: b.centre)
        let (nx, ny) = (uy, -ux)  // the left of the direction of travel, on screen
        let shift = offset * min(a.radius, b.radius)
        let ra = a.radius * between(0.85, 1.15), rb = b.radius * between(0.85, 1.15)
        let start = CanvasPoint(x: a.centre.x + ux * ra + nx * shift, y: a.centre.y + uy * ra + ny * shift)
        let tip = CanvasPoint(x: b.centre.x - ux * rb + nx * shift, y: b.centre.y - uy * rb + ny * shift)
        events.append(.stroke(arrowStroke(from: start, to: tip)))
        let side = shift + between(18, 28)
        events.append(.text(label, at: CanvasPoint(x: (start.x + tip.x) / 2 + nx * side, y: (start.y + tip.y) / 2 + ny * side)))
        drawnTransitions += 1
    }

    /// The initial-state arrow: from empty canvas 70–110 points out at `angle` into the state's edge.
    mutating func initialArrow(into state: PlacedState, from angle: Double) {
        let (dx, dy) = (cos(angle), sin(angle))
        let far = state.radius + between(70, 110), near = state.radius * between(0.85, 1.1)
        events.append(.stroke(arrowStroke(from: CanvasPoint(x: state.centre.x + dx * far, y: state.centre.y + dy * far),
                                          to: CanvasPoint(x: state.centre.x + dx * near, y: state.centre.y + dy * near))))
    }

    /// A self-loop on the state's side at `angle`, 0.8–1.2 of the state's radius across. As a
    /// pen draws one, it leaves the state and comes back to it: the generator's loop is turned
    /// so that its two ends face the state and slid so that they sit on the state's edge.
    /// Labelled beyond its outermost point.
    mutating func selfLoop(on state: PlacedState, towards angle: Double, label: String) {
        let (dx, dy) = (cos(angle), sin(angle))
        let parts = SyntheticStrokes.cycleParts(random: &random)
        let loop = parts.loop.map { CanvasPoint(x: $0.x, y: $0.y) }, head = parts.head.map { CanvasPoint(x: $0.x, y: $0.y) }
        let ends = CanvasPoint(x: (loop[0].x + loop[loop.count - 1].x) / 2, y: (loop[0].y + loop[loop.count - 1].y) / 2)
        let middle = CanvasPoint(x: loop.map(\.x).reduce(0, +) / Double(loop.count), y: loop.map(\.y).reduce(0, +) / Double(loop.count))
        // Turn by the angle taking (ends − middle) to the direction back to the state, −(dx, dy).
        let turn = atan2(-dy, -dx) - atan2(ends.y - middle.y, ends.x - middle.x)
        let size = state.radius * between(0.8, 1.2)
        let (width, height) = extent(loop)
        let scale = size / max(width, height)
        let edge = state.radius * between(0.9, 1.05)
        let stroke = (loop + head).map { p in
            let (x, y) = ((p.x - ends.x) * scale, (p.y - ends.y) * scale)
            return CanvasPoint(x: state.centre.x + dx * edge + x * cos(turn) - y * sin(turn),
                               y: state.centre.y + dy * edge + x * sin(turn) + y * cos(turn))
        }
        events.append(.stroke(stroke))
        let outer = stroke.map { ($0.x - state.centre.x) * dx + ($0.y - state.centre.y) * dy }.max()! + between(15, 25)
        events.append(.text(label, at: CanvasPoint(x: state.centre.x + dx * outer, y: state.centre.y + dy * outer)))
        drawnTransitions += 1
    }

    /// Text written near the middle of a state.
    mutating func text(_ text: String, inside state: PlacedState) {
        events.append(.text(text, at: CanvasPoint(x: state.centre.x + between(-0.3, 0.3) * state.radius,
                                                  y: state.centre.y + between(-0.3, 0.3) * state.radius)))
    }

    // MARK: strokes from the generator

    /// The generator's arrow, turned and scaled so its tail is at `start` and its tip at `tip`.
    /// Its tip is where the shaft ends: the generator draws the head's barbs back from there,
    /// so it is the point farthest from the tail.
    private mutating func arrowStroke(from start: CanvasPoint, to tip: CanvasPoint) -> [CanvasPoint] {
        let drawn = SyntheticStrokes.arrow(random: &random)[0].map { CanvasPoint(x: $0.x, y: $0.y) }
        let tail = drawn[0]
        let head = drawn.max { $0.distance(to: tail) < $1.distance(to: tail) }!
        // The similarity taking tail → start and head → tip, as complex numbers: z ↦ a·(z − tail) + start.
        let (fx, fy) = (head.x - tail.x, head.y - tail.y), (gx, gy) = (tip.x - start.x, tip.y - start.y)
        let norm = fx * fx + fy * fy
        let (ax, ay) = ((gx * fx + gy * fy) / norm, (gy * fx - gx * fy) / norm)
        return drawn.map { p in
            let (zx, zy) = (p.x - tail.x, p.y - tail.y)
            return CanvasPoint(x: ax * zx - ay * zy + start.x, y: ax * zy + ay * zx + start.y)
        }
    }

    /// One ring from the generator: its circles that are not two rings (two strokes, or one
    /// stroke whose length is that of two rings).
    private mutating func singleRing() -> [CanvasPoint] {
        while true {
            let strokes = SyntheticStrokes.circle(random: &random)
            guard strokes.count == 1 else { continue }
            let ring = strokes[0].map { CanvasPoint(x: $0.x, y: $0.y) }
            let (width, height) = extent(ring)
            let length = zip(ring, ring.dropFirst()).map { $0.distance(to: $1) }.reduce(0, +)
            // An ellipse's perimeter is at most π·(w + h)/2 · 1.05 or so; two rings are twice that.
            if length < 1.6 * Double.pi * (width + height) / 2 { return ring }
        }
    }

    /// Points scaled so their bounding box's longer side is 2·radius, centred on `centre`.
    private func fitted(_ points: [CanvasPoint], radius: Double, at centre: CanvasPoint) -> [CanvasPoint] {
        let xs = points.map(\.x), ys = points.map(\.y)
        let (midX, midY) = ((xs.min()! + xs.max()!) / 2, (ys.min()! + ys.max()!) / 2)
        let (width, height) = extent(points)
        let scale = 2 * radius / max(width, height)
        return points.map { CanvasPoint(x: centre.x + ($0.x - midX) * scale, y: centre.y + ($0.y - midY) * scale) }
    }

    private func extent(_ points: [CanvasPoint]) -> (Double, Double) {
        let xs = points.map(\.x), ys = points.map(\.y)
        return (xs.max()! - xs.min()!, ys.max()! - ys.min()!)
    }

    private func unit(from a: CanvasPoint, to b: CanvasPoint) -> (Double, Double) {
        let d = a.distance(to: b)
        return ((b.x - a.x) / d, (b.y - a.y) / d)
    }

    private mutating func between(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(random.nextFloat())
    }
}
