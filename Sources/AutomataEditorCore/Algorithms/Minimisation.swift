extension Automaton {
    /// The minimal complete DFA for this automaton's language (over its alphabet).
    ///
    /// Works on any automaton: determinises (reachable subsets only), completes with a dead
    /// state, then merges equivalent states by Moore's partition refinement. The result is
    /// canonical: state 0 is initial, the live states are numbered in breadth-first order
    /// (symbols in sorted order) and named `q0`, `q1`, …; the dead state, if the language
    /// needs one, comes last and is named `∅`. So two automata with the same language and
    /// alphabet minimise to equal values.
    ///
    /// With `droppingDeadState`, the dead state and the transitions into it are removed,
    /// giving the minimal *partial* DFA — unless the dead state is the initial state (empty
    /// language), which is kept as a lone non-accepting state.
    public func minimized(droppingDeadState: Bool = false) -> Automaton {
        let dfa = DFATable(self)
        let block = Automaton.equivalenceBlocks(of: dfa)
        let blockCount = (block.max() ?? -1) + 1

        // One representative per block gives the quotient's moves and acceptance.
        var representative = [Int](repeating: -1, count: blockCount)
        for state in (0..<dfa.stateCount).reversed() { representative[block[state]] = state }
        let moves = representative.map { state in dfa.next[state].map { block[$0] } }
        let accepts = representative.map { dfa.accepting[$0] }
        let dead = (0..<blockCount).first { b in !accepts[b] && moves[b].allSatisfy { $0 == b } }

        // Canonical numbering: breadth-first from the initial block, the dead block last.
        var order = [block[0]]
        var number = [block[0]: 0]
        var next = 0
        while next < order.count {
            for target in moves[order[next]] where number[target] == nil && target != dead {
                number[target] = order.count
                order.append(target)
            }
            next += 1
        }
        if let dead, number[dead] == nil {
            number[dead] = order.count
            order.append(dead)
        }

        let keepDead = !droppingDeadState || dead == block[0]
        var kept = order
        if !keepDead, let dead { kept.removeAll { $0 == dead } }
        var newTransitions = Set<Transition>()
        for b in kept {
            for (column, target) in moves[b].enumerated() where keepDead || target != dead {
                newTransitions.insert(Transition(from: number[b]!, symbol: .text(dfa.symbols[column]), to: number[target]!))
            }
        }
        let newNames = kept.map { $0 == dead ? "∅" : "q\(number[$0]!)" }
        return Automaton(stateCount: kept.count, initial: [0],
                         accepting: Set(kept.filter { accepts[$0] }.map { number[$0]! }),
                         transitions: newTransitions, alphabet: alphabet, names: newNames)
    }

    /// Moore's refinement: start from {accepting, rejecting} and split blocks by where their
    /// states go on each symbol until nothing splits. Returns each state's block number.
    static func equivalenceBlocks(of dfa: DFATable) -> [Int] {
        var block = dfa.accepting.map { $0 ? 1 : 0 }
        var blockCount = Set(block).count
        while true {
            // The old block comes first in the signature, so each round only refines.
            var numbers: [[Int]: Int] = [:]
            let refined = (0..<dfa.stateCount).map { state in
                let signature = [block[state]] + dfa.next[state].map { block[$0] }
                if let number = numbers[signature] { return number }
                numbers[signature] = numbers.count
                return numbers.count - 1
            }
            block = refined
            if numbers.count == blockCount { return block }
            blockCount = numbers.count
        }
    }
}
