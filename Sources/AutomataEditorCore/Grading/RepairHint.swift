/// One change to a student's DFA that makes it accept exactly the right words: make a state
/// accepting (or not), send one transition to another state, or add one missing transition.
/// Found by trying every such change on the submission's own table, simplest kind first,
/// within a budget; said in the submission's own state names ("make q2 accepting",
/// "send q1 —b→ to q0"), so nothing of the reference is shown.
public enum RepairHint: Sendable, Equatable, CustomStringConvertible {
    case makeAccepting(state: String)
    case makeNotAccepting(state: String)
    case redirect(from: String, symbol: String, to: String)
    case add(from: String, symbol: String, to: String)

    /// Changes tried per submission at most: enough for every single change of a course-sized
    /// DFA (10 states, 3 symbols: 10 + 30 × 10 tries), and bounded for a large one.
    public static let defaultBudget = 2_000

    public var description: String {
        switch self {
        case .makeAccepting(let state): "make \(state) accepting"
        case .makeNotAccepting(let state): "make \(state) not accepting"
        case let .redirect(from, symbol, to): "send \(from) —\(symbol)→ to \(to)"
        case let .add(from, symbol, to): "add \(from) —\(symbol)→ \(to)"
        }
    }

    /// The first single change that makes `submission` equivalent to `reference` (a complete
    /// DFA over the symbols of both), or nil: none within `budget` tries, or the submission is
    /// not a DFA (changes to an NFA would not read as one step of the student's).
    static func search(_ submission: Automaton, against reference: DFATable, budget: Int) -> RepairHint? {
        guard var table = SubmissionTable(submission, symbols: reference.symbols) else { return nil }
        var tries = 0
        func fixes() -> Bool {
            tries += 1
            return ProductWalk(table.dfa, reference).firstWord { table.dfa.accepting[$0] != reference.accepting[$1] } == nil
        }
        let states = 0..<table.stateCount
        for state in states {
            guard tries < budget else { return nil }
            table.accepting[state].toggle()
            defer { table.accepting[state].toggle() }
            if fixes() {
                return table.accepting[state] ? .makeAccepting(state: submission.names[state]) : .makeNotAccepting(state: submission.names[state])
            }
        }
        for adding in [false, true] {
            for state in states {
                for symbol in reference.symbols.indices where (table.next[state][symbol] == table.dead) == adding {
                    let old = table.next[state][symbol]
                    defer { table.next[state][symbol] = old }
                    for target in states where target != old {
                        guard tries < budget else { return nil }
                        table.next[state][symbol] = target
                        if fixes() {
                            let (from, read, to) = (submission.names[state], reference.symbols[symbol], submission.names[target])
                            return adding ? .add(from: from, symbol: read, to: to) : .redirect(from: from, symbol: read, to: to)
                        }
                    }
                }
            }
        }
        return nil
    }
}

/// A deterministic submission as an editable table over given symbols, its missing
/// transitions going to an added dead state (the last).
private struct SubmissionTable {
    var next: [[Int]]
    var accepting: [Bool]
    let symbols: [String]
    let stateCount: Int
    var dead: Int { stateCount }

    init?(_ automaton: Automaton, symbols: [String]) {
        guard automaton.initial.count == 1, automaton.isDeterministic else { return nil }
        let column = Dictionary(uniqueKeysWithValues: symbols.enumerated().map { ($1, $0) })
        stateCount = automaton.stateCount
        self.symbols = symbols
        next = [[Int]](repeating: [Int](repeating: automaton.stateCount, count: symbols.count), count: automaton.stateCount + 1)
        for move in automaton.transitions {
            guard case .text(let symbol) = move.symbol, let index = column[symbol] else { return nil }
            next[move.from][index] = move.to
        }
        accepting = (0...automaton.stateCount).map { automaton.accepting.contains($0) }
        initial = automaton.initial.first!
    }

    let initial: Int

    /// The table as a DFA whose state 0 is the initial one (rows swapped when it is not).
    var dfa: DFATable {
        DFATable(next: next, accepting: accepting, symbols: symbols, initial: initial)
    }
}

extension DFATable {
    /// A table given row by row, relabelled so that `initial` is state 0 (as walks start there).
    init(next: [[Int]], accepting: [Bool], symbols: [String], initial: Int) {
        func relabelled(_ state: Int) -> Int { state == initial ? 0 : state == 0 ? initial : state }
        var rows = next, marks = accepting
        rows.swapAt(0, initial)
        marks.swapAt(0, initial)
        self.symbols = symbols
        self.next = rows.map { $0.map(relabelled) }
        self.accepting = marks
        self.names = []
    }
}
