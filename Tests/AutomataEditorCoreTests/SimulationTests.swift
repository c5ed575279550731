import Testing
@testable import AutomataEditorCore

@Suite struct SimulationTests {
    typealias T = Automaton.Transition

    /// a* b+ : q0 loops on a; q0 -ε-> q1 -b-> q2 -ε-> q3 (accepting) -ε-> q1.
    static let aStarBPlus = Automaton(
        stateCount: 4, initial: [0], accepting: [3],
        transitions: [T(from: 0, symbol: .text("a"), to: 0), T(from: 0, symbol: .epsilon, to: 1), T(from: 1, symbol: .text("b"), to: 2),
                      T(from: 2, symbol: .epsilon, to: 3), T(from: 3, symbol: .epsilon, to: 1)])

    func outcome(_ automaton: Automaton, _ word: Word) throws -> SimulationOutcome {
        try #require(automaton.run(word).outcome)
    }

    func stateSets(_ outcome: SimulationOutcome) -> [[Int]] { outcome.trace.map(\.states) }

    @Test func wordsAreListsOfSymbols() {
        #expect(Word(characters: "10") == Word(symbols: ["1", "0"]) && Word(characters: "10") == ["1", "0"])
        #expect(Word.empty.count == 0 && Word(characters: "") == .empty && Word.empty.description == "ε")
        #expect(Word(symbols: ["ab", "c"]).count == 2 && Word(symbols: ["ab", "c"]).description == "ab c")
        #expect(Word(characters: "011").description == "011")
    }

    @Test func tenRepeatedAcceptsOnlyRepetitionsOfTen() {
        let automaton = AlgorithmTests.tenRepeated
        for accepted in ["10", "1010", "101010"] { #expect(automaton.accepts(Word(characters: accepted)), "\(accepted)") }
        for rejected in ["", "1", "0", "101", "100", "1001", "0101"] { #expect(!automaton.accepts(Word(characters: rejected)), "\(rejected)") }
    }

    @Test func theTraceRecordsEachSymbolAndTheStatesAfterIt() throws {
        let run = try outcome(AlgorithmTests.tenRepeated, Word(characters: "1010"))
        #expect(run.accepted && !run.isStuck && run.symbolsRead == 4)
        #expect(stateSets(run) == [[0], [1], [2], [1], [2]])
        #expect(run.trace.map(\.symbol) == [nil, "1", "0", "1", "0"])
        #expect(run.trace[1].stateNames == ["q1"])
        #expect(run.traceText == "{q0} --1--> {q1} --0--> {q2} --1--> {q1} --0--> {q2}")
        #expect(run.verdict == "accepted")
    }

    @Test func aStuckRunStopsAtTheEmptySetAndSaysSo() throws {
        let run = try outcome(AlgorithmTests.tenRepeated, Word(characters: "0110"))
        #expect(!run.accepted && run.isStuck && run.symbolsRead == 1)
        #expect(stateSets(run) == [[0], []])
        #expect(run.traceText == "{q0} --0--> {} (stuck: 3 symbols not read)")
        let atTheEnd = try outcome(AlgorithmTests.tenRepeated, Word(characters: "100"))
        #expect(atTheEnd.isStuck && atTheEnd.symbolsRead == 3 && !atTheEnd.accepted)
        #expect(atTheEnd.traceText == "{q0} --1--> {q1} --0--> {q2} --0--> {}")
    }

    @Test func startsWith011() {
        let automaton = AlgorithmTests.startsWith011
        for accepted in ["011", "0110", "0111", "0110101"] { #expect(automaton.accepts(Word(characters: accepted)), "\(accepted)") }
        for rejected in ["", "0", "01", "010", "111", "0101", "1011"] { #expect(!automaton.accepts(Word(characters: rejected)), "\(rejected)") }
    }

    @Test func epsilonClosuresAreIncludedInEveryStep() throws {
        let automaton = Self.aStarBPlus
        #expect(automaton.epsilonClosure(of: [2]) == [1, 2, 3])
        #expect(automaton.epsilonClosure(of: [0]) == [0, 1] && automaton.epsilonClosure(of: []) == [])

        let run = try outcome(automaton, Word(characters: "aabb"))
        #expect(run.accepted)
        #expect(stateSets(run) == [[0, 1], [0, 1], [0, 1], [1, 2, 3], [1, 2, 3]])
        #expect(run.traceText == "{q0, q1} --a--> {q0, q1} --a--> {q0, q1} --b--> {q1, q2, q3} --b--> {q1, q2, q3}")

        let empty = try outcome(automaton, .empty)
        #expect(!empty.accepted && stateSets(empty) == [[0, 1]] && empty.traceText == "{q0, q1}")

        let stuck = try outcome(automaton, Word(characters: "ba"))
        #expect(!stuck.accepted && stateSets(stuck) == [[0, 1], [1, 2, 3], []])
        for accepted in ["b", "ab", "aaabbb"] { #expect(automaton.accepts(Word(characters: accepted)), "\(accepted)") }
        for rejected in ["", "a", "aa", "bab"] { #expect(!automaton.accepts(Word(characters: rejected)), "\(rejected)") }
    }

    @Test func withoutAnInitialStateTheRunExplainsHowToAddOne() {
        var automaton = AlgorithmTests.tenRepeated
        automaton.initial = []
        let problem = automaton.run(Word(characters: "102")).problem
        #expect(problem == .noInitialState, "checked before the symbols")
        #expect(problem?.message == "the automaton has no initial state: draw an arrow into a state from empty canvas")
        #expect(!automaton.accepts(.empty))
    }

    @Test func anUnknownSymbolIsNamedWithItsPositionAndTheAlphabet() {
        let problem = AlgorithmTests.tenRepeated.run(Word(characters: "1021")).problem
        #expect(problem == .unknownSymbol("2", position: 3, alphabet: ["0", "1"]))
        #expect(problem?.message == "symbol \"2\" at position 3 is not in the alphabet: the alphabet is {0, 1}")
        let bare = Automaton(stateCount: 1, initial: [0], accepting: [0], transitions: [])
        #expect(bare.run(["x"]).problem?.message == "symbol \"x\" at position 1 is not in the alphabet: the alphabet is empty")
        #expect(bare.accepts(.empty) && !bare.accepts(["x"]))
    }

    @Test func multiCharacterSymbolsAreReadWhole() throws {
        let automaton = Automaton(
            stateCount: 3, initial: [0], accepting: [2],
            transitions: [T(from: 0, symbol: .text("ab"), to: 1), T(from: 1, symbol: .text("c"), to: 2)])
        let run = try outcome(automaton, Word(symbols: ["ab", "c"]))
        #expect(run.accepted && stateSets(run) == [[0], [1], [2]])
        #expect(run.traceText == "{q0} --ab--> {q1} --c--> {q2}")
        #expect(automaton.run(Word(characters: "abc")).problem == .unknownSymbol("a", position: 1, alphabet: ["ab", "c"]))
    }

    @Test func runsAgreeWithTheReferenceOnRandomAutomata() {
        let words = ReferenceLanguage.words(upTo: 5)
        for seed in AlgorithmTests.seeds {
            let automaton = ReferenceLanguage.randomAutomaton(seed: seed)
            for word in words {
                guard let run = automaton.run(word).outcome else {
                    #expect(automaton.initial.isEmpty, "seed \(seed): the only possible problem here")
                    continue
                }
                let expected = ReferenceLanguage.stateSets(automaton, word)
                let traced = expected.prefix { !$0.isEmpty } + expected.drop { !$0.isEmpty }.prefix(1)
                #expect(stateSets(run) == traced.map { $0.sorted() }, "seed \(seed), word \(word)")
                #expect(run.accepted == ReferenceLanguage.accepts(automaton, word), "seed \(seed), word \(word)")
            }
        }
    }
}
