import AutomataEditorCore
import Foundation
import StrokeTraining

/// Random automata as students draw them: 3–6 states in a row, a column, two rows, a ring or
/// scattered; a chain of straight edges through them; one or two edges going back (a pair of
/// arcs bending apart between neighbours, or a return edge arching over the states between);
/// sometimes a skip edge and self-loops on any side; an initial arrow; one or two final rings;
/// labels of one or two symbols or ε; and sometimes names written in the states.
package enum RandomSketches {
    package static func plan(seed: UInt64) -> SketchPlan {
        var random = SeededGenerator(seed: seed)
        let count = 3 + Int(random.below(4))
        var states = layout(count: count, random: &random)
        let alphabet = [["0", "1"], ["a", "b"], ["a", "b", "c"]][Int(random.below(3))]
        func label() -> String {
            let roll = random.nextFloat()
            if roll < 0.1 { return random.chance(0.5) ? "ε" : "eps" }
            if roll < 0.25 {
                let first = Int(random.below(alphabet.count))
                return alphabet[first] + "," + alphabet[(first + 1) % alphabet.count]
            }
            return alphabet[Int(random.below(alphabet.count))]
        }

        var edges: [SketchPlan.Edge] = []
        func has(_ from: Int, _ to: Int) -> Bool { edges.contains { $0.from == from && $0.to == to } }
        /// A new edge arches over the states in its way. When it runs back along an edge drawn
        /// already, the two bend apart, each at least `pairBulge` off the straight line.
        func add(_ from: Int, _ to: Int) {
            guard !has(from, to) else { return }
            let needed = clearance(from: from, to: to, states: states)
            guard let opposite = edges.firstIndex(where: { $0.from == to && $0.to == from }) else {
                let bend = needed.left == 0 && needed.right == 0 ? 0 : (needed.left <= needed.right ? needed.left : -needed.right)
                edges.append(.init(from: from, to: to, label: label(), shape: bend == 0 ? .straight : .returnEdge, bend: bend))
                return
            }
            let pairBulge = random.between(0.12, 0.22) * states[to].centre.distance(to: states[from].centre)
            if edges[opposite].bend == 0 {
                let back = clearance(from: to, to: from, states: states)
                edges[opposite].bend = max(pairBulge, back.left)
                edges[opposite].shape = .curved
            }
            // The opposite edge bulges to its left, which is this one's right: this one goes left.
            let bend = edges[opposite].bend > 0 ? max(pairBulge, needed.left) : -max(pairBulge, needed.right)
            edges.append(.init(from: from, to: to, label: label(), shape: needed.left + needed.right == 0 ? .curved : .returnEdge,
                               bend: bend))
        }
        for index in 0..<(count - 1) { add(index, index + 1) }
        for _ in 0..<(1 + Int(random.below(2))) {
            let to = Int(random.below(count - 1))
            add(to + 1 + Int(random.below(count - 1 - to)), to)
        }
        if count >= 4 && random.chance(0.3) {
            let from = Int(random.below(count - 2))
            add(from, from + 2)
        }

        for _ in 0..<Int(random.below(3)) {
            let state = Int(random.below(count))
            guard !has(state, state) else { continue }
            let direction = freeDirection(at: state, states: states, edges: edges, reach: 2.2)
            edges.append(.init(from: state, to: state, label: label(), shape: .selfLoop, bend: direction))
        }
        let initialDirection = freeDirection(at: 0, states: states, edges: edges, reach: 2.5)
        states[0].isInitial = true
        for _ in 0..<(1 + Int(random.below(2))) { states[Int(random.below(count))].isFinal = true }
        if random.chance(0.35) { writeNames(on: &states, random: &random) }
        return SketchPlan(states: states, edges: edges, initialDirection: initialDirection)
    }

    // MARK: layout

    private static func layout(count: Int, random: inout SeededGenerator) -> [SketchPlan.State] {
        // Three in ten draw small states close together (40–60 points across, 110–160 apart), as
        // on a tablet; the others leave room.
        var style = random.derived(0x5EA1)
        let compact = style.chance(0.3)
        let (usualRadii, usualSpacing) = ((0..<count).map { _ in random.between(30, 75) }, random.between(230, 320))
        let radii = compact ? usualRadii.map { _ in style.between(20, 30) } : usualRadii
        let spacing = compact ? style.between(110, 160) : usualSpacing
        let scale = spacing / usualSpacing
        var centres: [CanvasPoint]
        switch random.below(5) {
        case 0:  // a row
            centres = (0..<count).map { CanvasPoint(x: Double($0) * spacing, y: random.between(-20, 20)) }
        case 1:  // a column
            centres = (0..<count).map { CanvasPoint(x: random.between(-20, 20), y: Double($0) * spacing) }
        case 2:  // two rows, the chain turning back along the second
            let top = (count + 1) / 2, gap = random.between(240, 320) * scale
            centres = (0..<count).map { i in
                i < top ? CanvasPoint(x: Double(i) * spacing, y: 0)
                    : CanvasPoint(x: Double(count - 1 - i) * spacing + spacing / 2, y: gap)
            }
        case 3:  // a ring
            let radius = spacing / (2 * sin(.pi / Double(count)))
            let turn = random.between(0, 2 * .pi)
            centres = (0..<count).map { i in
                let angle = turn + 2 * .pi * Double(i) / Double(count)
                return CanvasPoint(x: radius * cos(angle), y: radius * sin(angle))
            }
        default:  // scattered, apart enough to draw between
            centres = []
            let side = spacing * (Double(count).squareRoot() + 1)
            var tries = 0
            while centres.count < count {
                // The first states may leave no room for the last (seed 103, drawing 14 never
                // ended): after that many tries, scatter them all again.
                tries += 1
                if tries > scatterTries { (centres, tries) = ([], 0) }
                let candidate = CanvasPoint(x: random.between(0, side), y: random.between(0, side * 0.7))
                let index = centres.count
                if centres.indices.allSatisfy({ candidate.distance(to: centres[$0]) > radii[$0] + radii[index] + 150 * scale }) {
                    centres.append(candidate)
                }
            }
        }
        let minX = zip(centres, radii).map { $0.x - $1 }.min()!, minY = zip(centres, radii).map { $0.y - $1 }.min()!
        // Room on every side for initial arrows, loops and labels.
        return zip(centres, radii).map { centre, radius in
            SketchPlan.State(centre: CanvasPoint(x: centre.x - minX + 200, y: centre.y - minY + 200), radius: radius)
        }
    }

    /// How many places a scattered layout tries for its states before it starts again.
    static let scatterTries = 10_000

    /// How far an edge must stand off the straight line, to its left or to its right (on
    /// screen), to pass the states in its way by 45 points; 0 on a side with none in the way.
    static func clearance(from: Int, to: Int, states: [SketchPlan.State]) -> (left: Double, right: Double) {
        let a = states[from].centre, b = states[to].centre
        let length = a.distance(to: b)
        let (ux, uy) = ((b.x - a.x) / length, (b.y - a.y) / length)
        var needed = (left: 0.0, right: 0.0)
        for (index, state) in states.enumerated() where index != from && index != to {
            let along = (state.centre.x - a.x) * ux + (state.centre.y - a.y) * uy
            let across = (state.centre.x - a.x) * uy - (state.centre.y - a.y) * ux  // positive: left on screen
            guard along > 0, along < length, abs(across) < state.radius + 45 else { continue }
            needed.left = max(needed.left, across + state.radius + 45)
            needed.right = max(needed.right, -across + state.radius + 45)
        }
        return needed
    }

    /// The direction (of 16) from a state in which a loop or the initial arrow, reaching
    /// `reach` radii out, keeps farthest from the other states and from the edges' paths.
    static func freeDirection(at index: Int, states: [SketchPlan.State], edges: [SketchPlan.Edge], reach: Double) -> Double {
        let state = states[index]
        var obstacles: [CanvasPoint] = states.enumerated().filter { $0.offset != index }.map(\.element.centre)
        for edge in edges { obstacles += approximatePath(of: edge, states: states) }
        let candidates = (0..<16).map { Double($0) * .pi / 8 }
        return candidates.max { clearance(of: $0) < clearance(of: $1) }!
        func clearance(of angle: Double) -> Double {
            let probe = (1...4).map { step in
                let distance = state.radius * (1 + (reach - 1) * Double(step) / 4)
                return CanvasPoint(x: state.centre.x + distance * cos(angle), y: state.centre.y + distance * sin(angle))
            }
            return obstacles.map { o in probe.map { $0.distance(to: o) }.min()! }.min() ?? .infinity
        }
    }

    /// Points along where an edge will be drawn, roughly: the arc through its middle's
    /// offset, or round the loop.
    private static func approximatePath(of edge: SketchPlan.Edge, states: [SketchPlan.State]) -> [CanvasPoint] {
        let a = states[edge.from], b = states[edge.to]
        if edge.shape == .selfLoop {
            let out = a.radius * 1.6
            return [CanvasPoint(x: a.centre.x + out * cos(edge.bend), y: a.centre.y + out * sin(edge.bend))]
        }
        let length = a.centre.distance(to: b.centre)
        let (nx, ny) = ((b.centre.y - a.centre.y) / length, -(b.centre.x - a.centre.x) / length)
        // A quadratic whose middle stands `bend` off the chord has its control twice as far.
        let control = CanvasPoint(x: (a.centre.x + b.centre.x) / 2 + 2 * edge.bend * nx, y: (a.centre.y + b.centre.y) / 2 + 2 * edge.bend * ny)
        return (2...14).map { i in
            let t = Double(i) / 16, s = 1 - t
            return CanvasPoint(x: s * s * a.centre.x + 2 * s * t * control.x + t * t * b.centre.x,
                               y: s * s * a.centre.y + 2 * s * t * control.y + t * t * b.centre.y)
        }
    }

    /// Names written into every state, or into some of them.
    private static func writeNames(on states: inout [SketchPlan.State], random: inout SeededGenerator) {
        let pools = [["s", "t", "u", "v", "w", "x"], ["A", "B", "C", "D", "E", "F"], ["start", "even", "odd", "p", "r", "end"]]
        let names = pools[Int(random.below(pools.count))]
        let all = random.chance(0.6)
        for index in states.indices where all || random.chance(0.5) { states[index].writtenName = names[index] }
    }
}
