import Testing
@testable import AutomataEditorCore

@Suite struct SimulationTests {
    typealias T = Automaton.Transition

    /// a* b+ : q0 loops on a; q0 -ε-> q1 -b-> q2 -ε-> q3 (accepting) -ε-> q1.
    static let aStarBPlus = Automaton(
        stateCount: 4, initial: [0], accepting: [3],
        transitions: [T(from: 0, symbol: .text("a"), to: 0), T(from: 0, symbol: .epsilon, to: 1), T(from: 1, symbol: .text("b"), to: 2),
                      T(from: 2, symbol: .epsilon, to: 3), T(from: 3, symbol: .epsilon, to: 1)])

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

    @Test func theTraceRecordsEachSymbolAndTheStatesAfterIt() {
        let run = AlgorithmTests.tenRepeated.run(Word(characters: "1010"))
        #expect(run.accepted && !run.isStuck && run.symbolsRead == 4)
        #expect(stateSets(run) == [[0], [1], [2], [1], [2]])
        #expect(run.trace.map(\.symbol) == [nil, "1", "0", "1", "0"])
        #expect(run.trace[1].stateNames == ["q1"])
        #expect(run.traceText == "{q0} --1--> {q1} --0--> {q2} --1--> {q1} --0--> {q2}")
        #expect(run.verdict == "accepted")
    }

    @Test func aStuckRunStopsAtTheEmptySetAndSaysSo() {
        let run = AlgorithmTests.tenRepeated.run(Word(characters: "0110"))
        #expect(!run.accepted && run.isStuck && run.symbolsRead == 1)
        #expect(stateSets(run) == [[0], []])
        #expect(run.traceText == "{q0} --0--> {} (stuck: 3 symbols not read)")
        let atTheEnd = AlgorithmTests.tenRepeated.run(Word(characters: "100"))
        #expect(atTheEnd.isStuck && atTheEnd.symbolsRead == 3 && !atTheEnd.accepted)
        #expect(atTheEnd.traceText == "{q0} --1--> {q1} --0--> {q2} --0--> {}")
    }

    @Test func startsWith011() {
        let automaton = AlgorithmTests.startsWith011
        for accepted in ["011", "0110", "0111", "0110101"] { #expect(automaton.accepts(Word(characters: accepted)), "\(accepted)") }
        for rejected in ["", "0", "01", "010", "111", "0101", "1011"] { #expect(!automaton.accepts(Word(characters: rejected)), "\(rejected)") }
    }

    @Test func epsilonClosuresAreIncludedInEveryStep() {
        let automaton = Self.aStarBPlus
        #expect(automaton.epsilonClosure(of: [2]) == [1, 2, 3])
        #expect(automaton.epsilonClosure(of: [0]) == [0, 1] && automaton.epsilonClosure(of: []) == [])

        let run = automaton.run(Word(characters: "aabb"))
        #expect(run.accepted)
        #expect(stateSets(run) == [[0, 1], [0, 1], [0, 1], [1, 2, 3], [1, 2, 3]])
        #expect(run.traceText == "{q0, q1} --a--> {q0, q1} --a--> {q0, q1} --b--> {q1, q2, q3} --b--> {q1, q2, q3}")

        let empty = automaton.run(.empty)
        #expect(!empty.accepted && stateSets(empty) == [[0, 1]] && empty.traceText == "{q0, q1}")

        let stuck = automaton.run(Word(characters: "ba"))
        #expect(!stuck.accepted && stateSets(stuck) == [[0, 1], [1, 2, 3], []])
        for accepted in ["b", "ab", "aaabbb"] { #expect(automaton.accepts(Word(characters: accepted)), "\(accepted)") }
        for rejected in ["", "a", "aa", "bab"] { #expect(!automaton.accepts(Word(characters: rejected)), "\(rejected)") }
    }

    @Test func withoutAnInitialStateEveryWordIsRejectedWithANote() {
        var automaton = AlgorithmTests.tenRepeated
        automaton.initial = []
        for word in [Word.empty, Word(characters: "10"), Word(characters: "102")] {
            let run = automaton.run(word)
            #expect(!run.accepted && run.reason == .noInitialState, "\(word), before any symbol is looked at")
            #expect(stateSets(run) == [[]] && run.symbolsRead == 0, "\(word)")
            #expect(run.verdictText == "rejected: there is no initial state")
        }
        #expect(automaton.run(Word(characters: "10")).traceText == "{} (stuck: 2 symbols not read)")
        #expect(!automaton.accepts(.empty))
    }

    @Test func aSymbolNoTransitionReadsRejectsTheWordWhereTheRunStops() {
        // JFLAP's verdict on a student's DFA over {0, 1}: 1021 is rejected, not an error.
        let run = AlgorithmTests.tenRepeated.run(Word(characters: "1021"))
        #expect(!run.accepted && run.reason == .unreadSymbol("2", position: 3))
        #expect(stateSets(run) == [[0], [1], [2], []] && run.symbolsRead == 3)
        #expect(run.verdictText == "rejected: no transition reads 2")
        #expect(run.traceText == "{q0} --1--> {q1} --0--> {q2} --2--> {} (stuck: 1 symbol not read)")
        let bare = Automaton(stateCount: 1, initial: [0], accepting: [0], transitions: [])
        #expect(bare.run(["x"]).verdictText == "rejected: no transition reads x")
        #expect(bare.accepts(.empty) && !bare.accepts(["x"]))
    }

    @Test func aRunStuckOnAReadSymbolHasNoNoteEvenIfAnUnreadOneFollows() {
        // 0 is read by a transition, just not from q0: the run stops there, before the 2.
        let run = AlgorithmTests.tenRepeated.run(Word(characters: "02"))
        #expect(!run.accepted && run.reason == nil && run.symbolsRead == 1)
        #expect(run.verdictText == "rejected")
    }

    @Test func aDeclaredSymbolNoTransitionReadsIsNamedToo() {
        // In the alphabet (declared) but on no transition: the note says what is true.
        let automaton = Automaton(stateCount: 1, initial: [0], accepting: [0],
                                  transitions: [T(from: 0, symbol: .text("a"), to: 0)], alphabet: ["b"])
        #expect(automaton.run(["a", "b"]).reason == .unreadSymbol("b", position: 2))
    }

    @Test func aBlankSymbolIsQuotedInTheNoteAndTheTrace() {
        let spaced = Automaton(stateCount: 2, initial: [0], accepting: [1], transitions: [T(from: 0, symbol: .text(" "), to: 1)])
        let run = spaced.run([" "])
        #expect(run.accepted && run.traceText == "{q0} --\" \"--> {q1}")
        #expect(AlgorithmTests.tenRepeated.run(["1", " "]).verdictText == "rejected: no transition reads \" \"")
    }

    @Test func multiCharacterSymbolsAreReadWhole() {
        let automaton = Automaton(
            stateCount: 3, initial: [0], accepting: [2],
            transitions: [T(from: 0, symbol: .text("ab"), to: 1), T(from: 1, symbol: .text("c"), to: 2)])
        let run = automaton.run(Word(symbols: ["ab", "c"]))
        #expect(run.accepted && stateSets(run) == [[0], [1], [2]])
        #expect(run.traceText == "{q0} --ab--> {q1} --c--> {q2}")
        #expect(automaton.run(Word(characters: "abc")).reason == .unreadSymbol("a", position: 1))
    }

    @Test func runsAgreeWithTheReferenceOnRandomAutomata() {
        let words = ReferenceLanguage.words(upTo: 5)
        for seed in AlgorithmTests.seeds {
            let automaton = ReferenceLanguage.randomAutomaton(seed: seed)
            for word in words {
                let run = automaton.run(word)
                if automaton.initial.isEmpty {
                    #expect(!run.accepted && run.reason == .noInitialState, "seed \(seed)")
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
