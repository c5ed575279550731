/// A finite automaton with ε-moves (an ε-NFA): the mathematical object behind a drawing.
///
/// States are `0..<stateCount`. A DFA is the special case without ε-moves and with at most
/// one transition per state and symbol; the algorithms say what they return.
public struct Automaton: Hashable, Sendable {
    public struct Transition: Hashable, Comparable, Sendable {
        public var from: Int
        public var symbol: Symbol
        public var to: Int

        public init(from: Int, symbol: Symbol, to: Int) {
            self.from = from
            self.symbol = symbol
            self.to = to
        }

        public static func < (a: Transition, b: Transition) -> Bool {
            (a.from, a.to) != (b.from, b.to) ? (a.from, a.to) < (b.from, b.to) : a.symbol < b.symbol
        }
    }

    public var stateCount: Int
    public var initial: Set<Int>
    public var accepting: Set<Int>
    public var transitions: Set<Transition>
    /// The input symbols (never ε): those on transitions, and any the user declared besides.
    public var alphabet: Set<String>
    /// A display name per state (`q0`, `q1`, … unless named).
    public var names: [String]

    public init(
        stateCount: Int, initial: Set<Int>, accepting: Set<Int>, transitions: Set<Transition>,
        alphabet: Set<String> = [], names: [String]? = nil
    ) {
        precondition(stateCount >= 0, "a state count")
        precondition((initial.union(accepting)).allSatisfy { (0..<stateCount).contains($0) }, "states in range")
        precondition(transitions.allSatisfy { (0..<stateCount).contains($0.from) && (0..<stateCount).contains($0.to) },
                     "transitions between existing states")
        self.stateCount = stateCount
        self.initial = initial
        self.accepting = accepting
        self.transitions = transitions
        var symbols = alphabet
        for t in transitions { if case .text(let s) = t.symbol { symbols.insert(s) } }
        self.alphabet = symbols
        self.names = names ?? (0..<stateCount).map { "q\($0)" }
        precondition(self.names.count == stateCount, "one name per state")
    }

    /// The alphabet in a fixed order (sorted), for tables, enumeration and products.
    public var sortedAlphabet: [String] { alphabet.sorted() }

    public var hasEpsilonMoves: Bool { transitions.contains { $0.symbol.isEpsilon } }
}
