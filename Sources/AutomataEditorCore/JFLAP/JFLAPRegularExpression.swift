/// A regular expression in JFLAP's syntax: `+` is union (`|` too, as most tools write it),
/// `*` star, `!` the empty string (λ; `ε` too), juxtaposition concatenation, parentheses
/// group; every other character is a symbol. Spaces are ignored.
indirect enum JFLAPRegularExpression: Hashable, Sendable {
    case emptyString
    case symbol(String)
    case concatenation([JFLAPRegularExpression])
    case union([JFLAPRegularExpression])
    case star(JFLAPRegularExpression)

    /// The longest expression read, in characters: a longer one is not a student's answer.
    static let lengthLimit = 10_000

    /// Parses `text`, or says what is wrong and where (a 1-based character position).
    init(parsing text: String) throws(JFLAPFileError.Problem) {
        let characters = Array(text)
        guard characters.count <= Self.lengthLimit else {
            throw .malformedExpression("it has \(characters.count) characters; the most is \(Self.lengthLimit)")
        }
        var parser = Parser(characters: characters)
        self = try parser.expression()
    }

    /// Recursive descent: union of concatenations of starred atoms. Nesting is bounded by
    /// the length limit, and each level is a few stack frames.
    private struct Parser {
        let characters: [Character]
        var position = 0
        var depth = 0

        mutating func expression() throws(JFLAPFileError.Problem) -> JFLAPRegularExpression {
            let result = try union()
            skipSpaces()
            if position < characters.count {
                throw .malformedExpression("\")\" at character \(position + 1) closes no parenthesis")
            }
            return result
        }

        private mutating func union() throws(JFLAPFileError.Problem) -> JFLAPRegularExpression {
            var terms = [try concatenation()]
            while peek() == "+" || peek() == "|" {
                position += 1
                terms.append(try concatenation())
            }
            return terms.count == 1 ? terms[0] : .union(terms)
        }

        private mutating func concatenation() throws(JFLAPFileError.Problem) -> JFLAPRegularExpression {
            var factors: [JFLAPRegularExpression] = []
            while let next = peek(), next != "+", next != "|", next != ")" {
                factors.append(try starred())
            }
            guard !factors.isEmpty else {
                let place = position < characters.count ? "before \"\(characters[position])\" at character \(position + 1)" : "at the end"
                throw .malformedExpression(characters.isEmpty ? "the expression is empty (write ! for the empty string)" : "an operand is missing \(place)")
            }
            return factors.count == 1 ? factors[0] : .concatenation(factors)
        }

        private mutating func starred() throws(JFLAPFileError.Problem) -> JFLAPRegularExpression {
            var result = try atom()
            while peek() == "*" {
                position += 1
                // a** is a*: one star, so that a run of stars does not nest the construction.
                if case .star = result { continue }
                result = .star(result)
            }
            return result
        }

        private mutating func atom() throws(JFLAPFileError.Problem) -> JFLAPRegularExpression {
            guard let next = peek() else { throw .malformedExpression("an operand is missing at the end") }
            let at = position + 1
            position += 1
            switch next {
            case "(":
                depth += 1
                guard depth <= 500 else { throw .malformedExpression("parentheses nest deeper than 500") }
                let inner = try union()
                guard peek() == ")" else { throw .malformedExpression("the \"(\" at character \(at) is never closed") }
                position += 1
                depth -= 1
                return inner
            case "*":
                throw .malformedExpression("\"*\" at character \(at) follows nothing to repeat")
            case "!", "ε":
                return .emptyString
            default:
                guard JFLAPSymbols.isSymbol(next) else {
                    throw .malformedExpression("character \(at) is not a symbol (U+\(String(next.unicodeScalars.first!.value, radix: 16, uppercase: true)))")
                }
                return .symbol(String(next))
            }
        }

        /// The next character that is not a space, without taking it.
        private mutating func peek() -> Character? {
            skipSpaces()
            return position < characters.count ? characters[position] : nil
        }

        private mutating func skipSpaces() {
            while position < characters.count, characters[position].isWhitespace { position += 1 }
        }
    }
}

extension JFLAPRegularExpression {
    /// An ε-NFA for the expression by Thompson's construction, made smaller to read: a
    /// concatenation joins each piece's exit to the next one's entry instead of an ε-move
    /// between them (safe, since an exit has no moves out and an entry none in), and a union
    /// of single symbols (`a+b`, `!+a`) is one pair of states with a move per symbol. States
    /// are numbered (and named `q0`, `q1`, …) breadth first from the initial state, so that a
    /// layout in columns reads from left to right.
    var automaton: Automaton {
        var builder = ThompsonBuilder()
        let (start, end) = builder.fragment(for: self)
        return builder.automaton(start: start, end: end)
    }

    /// The symbol (or λ, as ε) of an expression that reads one symbol or nothing; nil otherwise.
    fileprivate var singleMove: Symbol? {
        switch self {
        case .emptyString: .epsilon
        case .symbol(let text): Symbol(parsing: text) == .text(text) ? .text(text) : .epsilon
        default: nil
        }
    }

    private struct ThompsonBuilder {
        var stateCount = 0
        var moves: [Automaton.Transition] = []
        /// Entries joined to the exit before them: state → the state it now is.
        var joined: [Int: Int] = [:]

        mutating func newState() -> Int {
            stateCount += 1
            return stateCount - 1
        }

        /// A piece with one entry (no moves into it) and one exit (no moves out of it).
        mutating func fragment(for expression: JFLAPRegularExpression) -> (start: Int, end: Int) {
            switch expression {
            case .emptyString, .symbol:
                return pair(reading: [expression.singleMove!])
            case .concatenation(let parts):
                let first = fragment(for: parts[0])
                var end = first.end
                for part in parts.dropFirst() {
                    let piece = fragment(for: part)
                    // The piece's entry becomes the previous exit (resolved when the automaton is made).
                    joined[piece.start] = end
                    end = piece.end
                }
                return (first.start, end)
            case .union(let parts):
                let symbols = parts.compactMap(\.singleMove)
                if symbols.count == parts.count { return pair(reading: symbols) }
                let start = newState()
                let pieces = parts.map { fragment(for: $0) }
                let end = newState()
                for piece in pieces {
                    moves.append(.init(from: start, symbol: .epsilon, to: piece.start))
                    moves.append(.init(from: piece.end, symbol: .epsilon, to: end))
                }
                return (start, end)
            case .star(let inner):
                let start = newState()
                let piece = fragment(for: inner)
                let end = newState()
                moves += [.init(from: start, symbol: .epsilon, to: piece.start), .init(from: piece.end, symbol: .epsilon, to: piece.start),
                          .init(from: piece.end, symbol: .epsilon, to: end), .init(from: start, symbol: .epsilon, to: end)]
                return (start, end)
            }
        }

        /// Two new states with a move on each symbol from the first to the second.
        private mutating func pair(reading symbols: [Symbol]) -> (start: Int, end: Int) {
            let start = newState(), end = newState()
            for symbol in symbols { moves.append(.init(from: start, symbol: symbol, to: end)) }
            return (start, end)
        }

        /// The automaton of the states reachable from `start` (the entries joined away are
        /// not), renumbered breadth first.
        func automaton(start: Int, end: Int) -> Automaton {
            func resolved(_ state: Int) -> Int {
                var state = state
                while let other = joined[state] { state = other }
                return state
            }
            let moves = self.moves.map { Automaton.Transition(from: resolved($0.from), symbol: $0.symbol, to: resolved($0.to)) }
            var successors = [[Int]](repeating: [], count: stateCount)
            for move in moves.sorted() { successors[move.from].append(move.to) }
            var order = [start]
            var number = [Int](repeating: -1, count: stateCount)
            number[start] = 0
            var next = 0
            while next < order.count {
                for target in successors[order[next]] where number[target] < 0 {
                    number[target] = order.count
                    order.append(target)
                }
                next += 1
            }
            let renumbered = Set(moves.map { Automaton.Transition(from: number[$0.from], symbol: $0.symbol, to: number[$0.to]) })
            return Automaton(stateCount: order.count, initial: [0], accepting: [number[end]], transitions: renumbered)
        }
    }
}
