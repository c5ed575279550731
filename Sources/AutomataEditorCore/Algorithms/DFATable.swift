/// A complete DFA as a table, for the algorithms that walk one: `next[state][symbolIndex]`.
struct DFATable {
    let symbols: [String]
    let next: [[Int]]
    let accepting: [Bool]
    let names: [String]

    /// The determinised, completed form of `automaton` over `alphabet ∪ extraSymbols`;
    /// state 0 is the initial state and every state is reachable.
    init(_ automaton: Automaton, extraSymbols: Set<String> = []) {
        let dfa = automaton.determinized().completed(over: extraSymbols)
        symbols = dfa.sortedAlphabet
        let column = Dictionary(uniqueKeysWithValues: symbols.enumerated().map { ($1, $0) })
        var next = [[Int]](repeating: [Int](repeating: -1, count: symbols.count), count: dfa.stateCount)
        for transition in dfa.transitions {
            guard case .text(let symbol) = transition.symbol else { continue }
            next[transition.from][column[symbol]!] = transition.to
        }
        self.next = next
        accepting = (0..<dfa.stateCount).map { dfa.accepting.contains($0) }
        names = dfa.names
    }

    var stateCount: Int { next.count }
}
