import Testing
@testable import AutomataEditorCore

/// Regular expressions both ways: typed ones become automata, automata give back an
/// expression (state elimination) that means the same language.
@Suite struct RegularExpressionTests {
    /// 2–5 states over {a, b}, one to three moves each, one in six an ε-move, random marks.
    static func randomNFA(_ seed: inout UInt64) -> Automaton {
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        let states = 2 + next(4)
        var moves = Set<Automaton.Transition>()
        for state in 0..<states {
            for _ in 0..<(1 + next(3)) {
                let symbol: Symbol = next(6) == 0 ? .epsilon : .text(next(2) == 0 ? "a" : "b")
                moves.insert(.init(from: state, symbol: symbol, to: next(states)))
            }
        }
        let accepting = Set((0..<states).filter { _ in next(3) == 0 })
        return Automaton(stateCount: states, initial: [0], accepting: accepting, transitions: moves)
    }

    /// The property: for 300 random ε-NFAs, the expression read off each, typed back in,
    /// makes an automaton accepting exactly the same words.
    @Test func theExpressionOfAnAutomatonMeansItsLanguage() throws {
        var seed: UInt64 = 2026
        var longest = 0
        for index in 0..<300 {
            let automaton = Self.randomNFA(&seed)
            let expression = RegularExpression(describing: automaton)
            let typed = try RegularExpression(parsing: expression.description)
            #expect(typed == expression, "\(expression) reads back as \(typed)")
            #expect(typed.automaton.isEquivalent(to: automaton), "automaton \(index): \(expression) means another language")
            longest = max(longest, expression.description.count)
        }
        #expect(longest < 400, "the longest expression has \(longest) characters")
    }

    @Test func typedExpressionsBecomeTheirAutomata() throws {
        let union = try RegularExpression(parsing: "(ab)*|c"), plus = try RegularExpression(parsing: "(ab)*+c")
        #expect(union == plus, "| is union, as + is")
        #expect(try RegularExpression(parsing: "ε+a") == RegularExpression(parsing: "!+a"), "ε is the empty word, as ! is")
        let words = union.automaton
        #expect(words.accepts(["a", "b", "a", "b"]) && words.accepts(["c"]) && words.accepts([]) && !words.accepts(["a"]))
        #expect(try RegularExpression(parsing: "∅").automaton.isEmpty)
        #expect(throws: RegularExpressionError.self) { try RegularExpression(parsing: "(a+") }
        do {
            _ = try RegularExpression(parsing: "a+*")
        } catch {
            #expect(error.description == "a malformed regular expression: \"*\" at character 3 follows nothing to repeat")
        }
    }

    @Test func expressionsAreWrittenShort() throws {
        #expect(try RegularExpression(parsing: "(a)*((b))").description == "a*b", "a star of one symbol needs no brackets")
        #expect(try RegularExpression(parsing: "(ab)*").description == "(ab)*")
        #expect(try RegularExpression(parsing: "(a+b)c").description == "(a+b)c")
        let evenOnes = Automaton(stateCount: 2, initial: [0], accepting: [0], transitions: [
            .init(from: 0, symbol: .text("0"), to: 0), .init(from: 0, symbol: .text("1"), to: 1),
            .init(from: 1, symbol: .text("0"), to: 1), .init(from: 1, symbol: .text("1"), to: 0),
        ])
        #expect(RegularExpression(describing: evenOnes).description == "(0+10*1)*")
        // ε + ab(ab)* is (ab)*: the ε-NFA of (ab)*+c reads back as c+(ab)*.
        #expect(RegularExpression(describing: try RegularExpression(parsing: "(ab)*+c").automaton).description == "c+(ab)*")
        let nothing = Automaton(stateCount: 2, initial: [0], accepting: [], transitions: [.init(from: 0, symbol: .text("a"), to: 1)])
        #expect(RegularExpression(describing: nothing).description == "∅")
        let emptyWord = Automaton(stateCount: 1, initial: [0], accepting: [0], transitions: [])
        #expect(RegularExpression(describing: emptyWord).description == "!")
    }
}
