import Foundation

/// Turns a JFLAP automaton into a document: JFLAP's states where JFLAP drew them, one
/// transition per pair of states with all its one-symbol reads, and each read of several
/// symbols as a chain of one-symbol transitions through new unnamed states, so that the
/// language is the one JFLAP gives the file.
enum JFLAPDocumentBuilder {
    /// JFLAP draws every state with this radius, in its pixels.
    static let stateRadius = 20.0
    /// The radius of the unnamed states a chain goes through.
    static let chainStateRadius = 10.0

    static func document(for machine: JFLAPMachine) throws(JFLAPFileError.Problem) -> (AutomatonDocument, [String]) {
        var index: [String: Int] = [:]
        for (position, state) in machine.states.enumerated() {
            guard index.updateValue(position, forKey: state.id) == nil else {
                throw .malformed("state id \(state.id.prefix(20)) is used more than once")
            }
        }
        var notes: [String] = []
        var laidOutLines: [Pair: AutomatonLayout.Line] = [:]
        var states = placedStates(machine, index: index, notes: &notes, lines: &laidOutLines)
        var nextID = states.count
        var transitions: [AutomatonDocument.Transition] = []

        // One-symbol reads (and λ) gather per pair of states; longer reads become chains.
        var symbolsOfPair: [Pair: [Symbol]] = [:]
        var chains: [(pair: Pair, read: String, symbols: [Symbol])] = []
        for (number, move) in machine.transitions.enumerated() {
            guard let from = index[move.from], let to = index[move.to] else {
                let missing = index[move.from] == nil ? move.from : move.to
                throw .malformed("transition \(number + 1) goes to or from state \(missing.prefix(20)), which does not exist")
            }
            let symbols = try self.symbols(of: move.read, transition: number + 1)
            let pair = Pair(from: from, to: to)
            if symbols.count <= 1 {
                let symbol = symbols.first ?? .epsilon
                if !(symbolsOfPair[pair]?.contains(symbol) ?? false) { symbolsOfPair[pair, default: []].append(symbol) }
            } else {
                chains.append((pair, move.read, symbols))
            }
        }
        let placed = states
        for pair in symbolsOfPair.keys.sorted() {
            let line = laidOutLines[pair] ?? self.line(pair, in: placed, bothWays: symbolsOfPair[pair.reversed] != nil)
            transitions.append(.init(id: nextID, from: placed[pair.from].id, to: placed[pair.to].id, start: line.start,
                                     end: line.end, controls: line.controls, symbols: (symbolsOfPair[pair] ?? []).sorted()))
            nextID += 1
        }
        var chainsOnPair: [Pair: Int] = [:]
        for chain in chains {
            let lane = chainsOnPair[chain.pair, default: 0]
            chainsOnPair[chain.pair] = lane + 1
            let waypoints = self.waypoints(chain.pair, count: chain.symbols.count - 1, lane: lane, in: placed)
            var previous = placed[chain.pair.from]
            for (step, symbol) in chain.symbols.enumerated() {
                let next: AutomatonDocument.State
                if step < waypoints.count {
                    next = .init(id: nextID, name: "", center: waypoints[step], radius: chainStateRadius)
                    states.append(next)
                    nextID += 1
                } else {
                    next = placed[chain.pair.to]
                }
                transitions.append(.init(id: nextID, from: previous.id, to: next.id, start: previous.edgePoint(towards: next.center),
                                         end: next.edgePoint(towards: previous.center), symbols: [symbol]))
                nextID += 1
                previous = next
            }
        }
        if !chains.isEmpty {
            let added = states.count - placed.count
            let examples = chains.prefix(3).map { "\(placed[$0.pair.from].name) → \(placed[$0.pair.to].name) reads \"\($0.read)\"" }
            notes.append("JFLAP reads strings on transitions: \(chains.count) reading several symbols (\(examples.joined(separator: "; "))\(chains.count > 3 ? "; …" : "")) became chains of one-symbol transitions through \(added) new unnamed state\(added == 1 ? "" : "s"), so the language is JFLAP's")
        }
        let used = Set(transitions.flatMap(\.symbols).compactMap { symbol -> String? in
            if case .text(let text) = symbol { text } else { nil }
        })
        let extra = Set(machine.alphabet.filter { Symbol(parsing: $0) == .text($0) }).subtracting(used).sorted()
        return (AutomatonDocument(states: states, transitions: transitions, extraSymbols: extra, nextID: nextID), notes)
    }

    /// The states at JFLAP's positions; when the file gives none (files written by scripts),
    /// laid out as a computed automaton is, with the lines of that layout in `lines`.
    private static func placedStates(_ machine: JFLAPMachine, index: [String: Int], notes: inout [String],
                                     lines: inout [Pair: AutomatonLayout.Line]) -> [AutomatonDocument.State] {
        if machine.states.allSatisfy({ $0.position != nil }) {
            return machine.states.enumerated().map { number, state in
                .init(id: number, name: state.name, center: state.position!, radius: stateRadius,
                      isInitial: state.isInitial, isFinal: state.isFinal)
            }
        }
        if !machine.states.isEmpty { notes.append("the file gives no positions for its states: laid out automatically") }
        var moves = Set<Automaton.Transition>()
        for move in machine.transitions {
            if let from = index[move.from], let to = index[move.to] { moves.insert(.init(from: from, symbol: .epsilon, to: to)) }
        }
        let outline = Automaton(stateCount: machine.states.count,
                                initial: Set(machine.states.indices.filter { machine.states[$0].isInitial }),
                                accepting: [], transitions: moves)
        let laidOut = AutomatonLayout.document(for: outline)
        for transition in laidOut.transitions {
            guard let from = transition.from, let to = transition.to else { continue }
            lines[Pair(from: from, to: to)] = (transition.start, transition.end, transition.controls)
        }
        return machine.states.enumerated().map { number, state in
            .init(id: number, name: state.name, center: laidOut.states[number].center, radius: laidOut.states[number].radius,
                  isInitial: state.isInitial, isFinal: state.isFinal)
        }
    }

    /// Each character of a read is one symbol, a space too (JFLAP takes whatever is typed); empty is λ.
    static func symbols(of read: String, transition: Int) throws(JFLAPFileError.Problem) -> [Symbol] {
        try read.map { character throws(JFLAPFileError.Problem) -> Symbol in
            guard JFLAPSymbols.isSymbol(character) else {
                let shown = character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
                throw .malformed("transition \(transition) reads a character that is not a symbol (\(shown): a line break, a control or invisible character, or ε)")
            }
            return .text(String(character))
        }
    }

    private static func line(_ pair: Pair, in states: [AutomatonDocument.State], bothWays: Bool)
        -> (start: CanvasPoint, end: CanvasPoint, controls: [CanvasPoint]) {
        let from = states[pair.from], to = states[pair.to]
        if pair.from == pair.to { return ColumnLayout.loop(on: from) }
        return bothWays ? ColumnLayout.arch(from: from, to: to, high: false) : ColumnLayout.straight(from: from, to: to)
    }

    /// Where a chain's `count` unnamed states go: along the line between the two states,
    /// moved aside by lane so that chains on one pair do not overlap; for a chain from a state
    /// back to itself, round an arc above it.
    private static func waypoints(_ pair: Pair, count: Int, lane: Int, in states: [AutomatonDocument.State]) -> [CanvasPoint] {
        let from = states[pair.from].center, to = states[pair.to].center
        let offset = 36.0 * Double(lane + 1)
        if pair.from == pair.to {
            let reach = 2 * stateRadius + offset
            return (1...count).map { i in
                let angle = Double.pi * (1 + Double(i) / Double(count + 1))
                return CanvasPoint(x: from.x + reach * cos(angle), y: from.y + reach * sin(angle))
            }
        }
        let dx = to.x - from.x, dy = to.y - from.y
        let length = max((dx * dx + dy * dy).squareRoot(), 1)
        let nx = dy / length, ny = -dx / length
        return (1...count).map { i in
            let share = Double(i) / Double(count + 1)
            return CanvasPoint(x: from.x + dx * share + nx * offset, y: from.y + dy * share + ny * offset)
        }
    }

    struct Pair: Hashable, Comparable {
        var from: Int
        var to: Int
        var reversed: Pair { Pair(from: to, to: from) }
        static func < (a: Pair, b: Pair) -> Bool { (a.from, a.to) < (b.from, b.to) }
    }
}
