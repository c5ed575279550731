/// The expression of an automaton's language by state elimination (as JFLAP and the
/// textbooks do it): a new start leads by ε to every initial state and every accepting state
/// by ε to a new end; each edge carries the union of its symbols; the states are removed one
/// by one, each path p → k → q replaced by R(p,q) + R(p,k) R(k,k)* R(k,q); what is left
/// between start and end is the expression. The state removed next is the one that makes the
/// least new text (fewest paths through it, then the smallest expressions), which keeps the
/// result short.
enum StateElimination {
    typealias Expression = JFLAPRegularExpression

    static func expression(for automaton: Automaton) -> Expression? {
        let start = automaton.stateCount, end = automaton.stateCount + 1
        var edges: [Int: [Int: Expression]] = [:]
        func add(_ from: Int, _ to: Int, _ expression: Expression) {
            edges[from, default: [:]][to] = ExpressionAlgebra.union(edges[from]?[to], expression)
        }
        for state in automaton.initial { add(start, state, .emptyString) }
        for state in automaton.accepting { add(state, end, .emptyString) }
        for move in automaton.transitions.sorted() {
            switch move.symbol {
            case .epsilon: add(move.from, move.to, .emptyString)
            case .text(let text): add(move.from, move.to, .symbol(text))
            }
        }

        var remaining = Set(0..<automaton.stateCount)
        while let state = cheapest(in: remaining, edges: edges) {
            remaining.remove(state)
            let loop = edges[state]?[state].map { ExpressionAlgebra.star($0) } ?? .emptyString
            let incoming = edges.compactMap { from, out in from != state ? out[state].map { (from, $0) } : nil }
            let outgoing = (edges[state] ?? [:]).filter { $0.key != state }
            for (from, into) in incoming {
                for (to, out) in outgoing {
                    let through = ExpressionAlgebra.concatenation(ExpressionAlgebra.concatenation(into, loop), out)
                    edges[from]![to] = ExpressionAlgebra.union(edges[from]?[to], through)
                }
                edges[from]![state] = nil
            }
            edges[state] = nil
        }
        return edges[start]?[end]
    }

    /// The state whose removal adds least: fewest in × out paths, then the smallest
    /// expressions on them, then the lowest number (so the result is the same every time).
    private static func cheapest(in remaining: Set<Int>, edges: [Int: [Int: Expression]]) -> Int? {
        remaining.min { a, b in cost(of: a, edges) < cost(of: b, edges) || (cost(of: a, edges) == cost(of: b, edges) && a < b) }
    }

    private static func cost(of state: Int, _ edges: [Int: [Int: Expression]]) -> Int {
        let incoming = edges.compactMap { from, out in from != state ? out[state] : nil }
        let outgoing = (edges[state] ?? [:]).filter { $0.key != state }.map(\.value)
        let loop = ExpressionAlgebra.size(edges[state]?[state])
        let paths = incoming.count * outgoing.count
        return paths * 1000 + incoming.map { ExpressionAlgebra.size($0) }.reduce(0, +) * outgoing.count
            + outgoing.map { ExpressionAlgebra.size($0) }.reduce(0, +) * incoming.count + loop * paths
    }
}
