extension Automaton {
    /// The states reachable from an initial state by any moves, ε-moves included.
    public var reachableStates: Set<Int> {
        var reached = initial
        var pending = Array(initial)
        let index = TransitionIndex(self)
        while let state = pending.popLast() {
            let targets = index.epsilonTargets[state] + index.targets[state].values.joined()
            for target in targets where reached.insert(target).inserted { pending.append(target) }
        }
        return reached
    }

    /// The states no run can reach, sorted (all of them when there is no initial state).
    public var unreachableStates: [Int] {
        let reached = reachableStates
        return (0..<stateCount).filter { !reached.contains($0) }
    }
}
