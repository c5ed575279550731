/// One reason an automaton is not a DFA, with a description naming the states involved.
public struct Nondeterminism: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// A DFA needs exactly one initial state; here there is none.
        case noInitialState
        /// Several initial states (sorted).
        case severalInitialStates([Int])
        /// An ε-move.
        case epsilonMove(from: Int, to: Int)
        /// `state` has several transitions on `symbol`, to `targets` (sorted).
        case choice(state: Int, symbol: String, targets: [Int])
    }

    public var kind: Kind
    /// E.g. `q0 has 2 transitions on "1": to q1, q2`.
    public var description: String
}

extension Automaton {
    /// Every reason this automaton is not a DFA, in a fixed order: initial states, then
    /// ε-moves, then choices by state and symbol. Empty for a DFA. A missing transition is not
    /// a reason: partial DFAs count as deterministic (see `isComplete`).
    public var nondeterminisms: [Nondeterminism] {
        var reasons: [Nondeterminism] = []
        if initial.isEmpty {
            reasons.append(.init(kind: .noInitialState, description: "no initial state"))
        } else if initial.count > 1 {
            let states = initial.sorted()
            reasons.append(.init(kind: .severalInitialStates(states),
                                 description: "\(states.count) initial states: \(nameList(states))"))
        }
        let sorted = transitions.sorted { ($0.from, $0.symbol, $0.to) < ($1.from, $1.symbol, $1.to) }
        for transition in sorted where transition.symbol.isEpsilon {
            reasons.append(.init(kind: .epsilonMove(from: transition.from, to: transition.to),
                                 description: "ε-move from \(names[transition.from]) to \(names[transition.to])"))
        }
        let index = TransitionIndex(self)
        for state in 0..<stateCount {
            for (symbol, targets) in index.targets[state].sorted(by: { $0.key < $1.key }) where targets.count > 1 {
                reasons.append(.init(kind: .choice(state: state, symbol: symbol, targets: targets),
                                     description: "\(names[state]) has \(targets.count) transitions on \"\(symbol)\": to \(nameList(targets))"))
            }
        }
        return reasons
    }

    /// Whether this is a (possibly partial) DFA: one initial state, no ε-moves, at most one
    /// transition per state and symbol.
    public var isDeterministic: Bool { nondeterminisms.isEmpty }

    /// Whether every state has at least one transition on every symbol of the alphabet.
    public var isComplete: Bool {
        let index = TransitionIndex(self)
        return (0..<stateCount).allSatisfy { state in alphabet.allSatisfy { index.targets[state][$0] != nil } }
    }

    private func nameList(_ states: [Int]) -> String {
        states.map { names[$0] }.joined(separator: ", ")
    }
}
