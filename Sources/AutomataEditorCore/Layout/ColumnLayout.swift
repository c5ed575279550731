import StrokeModel

/// The layout used where Graphviz is not installed (or the automaton is too large for it):
/// states go in columns by their distance from the initial states (unreachable ones in a
/// last column), each column in the order its states were first reached, centred on the
/// tallest one. Edges between neighbouring columns are straight; a pair running both ways,
/// an edge within a column and one skipping columns arch so that they do not run through
/// the states between; loops sit on top of their state.
enum ColumnLayout {
    /// The distance between columns, between rows, and the states' radius, in canvas points.
    static let columnGap = 180.0, rowGap = 130.0, radius = 30.0
    /// Where the first column and the middle row are.
    static let origin = CanvasPoint(x: 120, y: 120)

    /// The automaton as a document: its names, marks and transitions (the transitions of a
    /// pair of states merged into one with all their symbols), laid out in columns.
    static func document(for automaton: Automaton) -> AutomatonDocument {
        let columns = self.columns(of: automaton)
        let tallest = Double(columns.map(\.count).max() ?? 1)
        var centres = [CanvasPoint](repeating: origin, count: automaton.stateCount)
        for (column, members) in columns.enumerated() {
            for (row, state) in members.enumerated() {
                let offset = Double(row) - Double(members.count - 1) / 2 + (tallest - 1) / 2
                centres[state] = CanvasPoint(x: origin.x + Double(column) * columnGap, y: origin.y + offset * rowGap)
            }
        }
        var columnOf = [Int](repeating: 0, count: automaton.stateCount)
        for (column, members) in columns.enumerated() { for state in members { columnOf[state] = column } }

        let states = AutomatonLayout.states(of: automaton, centres: centres, radii: Array(repeating: radius, count: automaton.stateCount))
        let symbolsOfPair = AutomatonLayout.symbolsByPair(automaton)
        return AutomatonLayout.document(for: automaton, states: states) { pair in
            let from = states[pair.from], to = states[pair.to]
            if pair.from == pair.to { return loop(on: from) }
            let neighbours = columnOf[pair.to] - columnOf[pair.from] == 1
            let bothWays = symbolsOfPair[StatePair(from: pair.to, to: pair.from)] != nil
            return neighbours && !bothWays ? straight(from: from, to: to) : arch(from: from, to: to, high: !neighbours)
        }
    }

    /// States by distance from the initial ones, breadth first; the unreachable ones last.
    static func columns(of automaton: Automaton) -> [[Int]] {
        var successors = [[Int]](repeating: [], count: automaton.stateCount)
        for move in automaton.transitions.sorted() where !successors[move.from].contains(move.to) {
            successors[move.from].append(move.to)
        }
        var columns: [[Int]] = []
        var seen = Set<Int>()
        var frontier = automaton.initial.sorted()
        seen.formUnion(frontier)
        while !frontier.isEmpty {
            columns.append(frontier)
            var next: [Int] = []
            for state in frontier {
                for successor in successors[state] where seen.insert(successor).inserted { next.append(successor) }
            }
            frontier = next
        }
        let unreachable = (0..<automaton.stateCount).filter { !seen.contains($0) }
        if !unreachable.isEmpty { columns.append(unreachable) }
        return columns
    }

    static func straight(from: AutomatonDocument.State, to: AutomatonDocument.State)
        -> AutomatonLayout.Line {
        (from.edgePoint(towards: to.center), to.edgePoint(towards: from.center), [])
    }

    /// A curve bulging to the left of its direction (so the two edges of a pair part), high
    /// enough, when it skips columns or stays in one, to clear the states in between.
    static func arch(from: AutomatonDocument.State, to: AutomatonDocument.State, high: Bool)
        -> AutomatonLayout.Line {
        let dx = to.center.x - from.center.x, dy = to.center.y - from.center.y
        let length = (dx * dx + dy * dy).squareRoot()
        let bulge = high ? max(70, 0.35 * length) : max(30, 0.18 * length)
        // The left normal of the direction, in screen coordinates (y down).
        let nx = dy / length, ny = -dx / length
        func along(_ share: Double) -> CanvasPoint {
            CanvasPoint(x: from.center.x + dx * share + nx * bulge * 4 / 3, y: from.center.y + dy * share + ny * bulge * 4 / 3)
        }
        let first = along(0.25), second = along(0.75)
        return (from.edgePoint(towards: first), to.edgePoint(towards: second), [first, second])
    }

    /// A self-loop's line: from the top of the state to its outermost point above it.
    static func loop(on state: AutomatonDocument.State) -> AutomatonLayout.Line {
        let outer = CanvasPoint(x: state.center.x, y: state.center.y - 2 * state.radius)
        return (state.edgePoint(towards: outer), outer, [])
    }

}
