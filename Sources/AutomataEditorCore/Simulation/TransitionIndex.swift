/// An automaton's transitions grouped by source state, so a step looks only at the states
/// it leaves instead of scanning every transition. Shared by simulation and algorithms.
struct TransitionIndex: Sendable {
    /// `epsilonTargets[p]`: the states one ε-move away from `p`.
    let epsilonTargets: [[Int]]
    /// `targets[p][a]`: the states one `a`-move away from `p`.
    let targets: [[String: [Int]]]

    init(_ automaton: Automaton) {
        var epsilonTargets = [[Int]](repeating: [], count: automaton.stateCount)
        var targets = [[String: [Int]]](repeating: [:], count: automaton.stateCount)
        // Sorted, so everything built from the index comes out the same on every run.
        for transition in automaton.transitions.sorted() {
            switch transition.symbol {
            case .epsilon: epsilonTargets[transition.from].append(transition.to)
            case .text(let symbol): targets[transition.from][symbol, default: []].append(transition.to)
            }
        }
        self.epsilonTargets = epsilonTargets
        self.targets = targets
    }

    /// `states` and every state reachable from them by ε-moves alone.
    func closure(of states: Set<Int>) -> Set<Int> {
        var closure = states
        var pending = Array(states)
        while let state = pending.popLast() {
            for next in epsilonTargets[state] where closure.insert(next).inserted {
                pending.append(next)
            }
        }
        return closure
    }

    /// The states one `symbol`-move away from some state of `states` (no ε-closure).
    func move(_ states: Set<Int>, on symbol: String) -> Set<Int> {
        var result = Set<Int>()
        for state in states { result.formUnion(targets[state][symbol] ?? []) }
        return result
    }

    /// Whether some transition reads `symbol` (from any state).
    func reads(_ symbol: String) -> Bool {
        targets.contains { $0[symbol] != nil }
    }

    /// One step of the subset simulation: move on `symbol`, then close under ε.
    func step(_ states: Set<Int>, on symbol: String) -> Set<Int> {
        closure(of: move(states, on: symbol))
    }
}
