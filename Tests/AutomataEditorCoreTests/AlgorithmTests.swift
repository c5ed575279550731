import StrokeTraining
import Testing
@testable import AutomataEditorCore

/// The reference the algorithms are checked against: a direct subset simulation written
/// here from the raw transition set, sharing no code with the library.
enum ReferenceLanguage {
    static let symbols = ["a", "b"]

    /// A random ε-NFA over {a, b} with 1–5 states; about one in twenty has no initial state.
    static func randomAutomaton(seed: UInt64) -> Automaton {
        // The project's seeded generator: a failing random automaton can be rebuilt from its seed.
        var rng = SeededGenerator(seed: seed)
        let count = Int.random(in: 1...5, using: &rng)
        var initial = Set((0..<count).filter { _ in Double.random(in: 0..<1, using: &rng) < 0.3 })
        if initial.isEmpty && Double.random(in: 0..<1, using: &rng) < 0.95 { initial.insert(Int.random(in: 0..<count, using: &rng)) }
        let accepting = Set((0..<count).filter { _ in Double.random(in: 0..<1, using: &rng) < 0.35 })
        var transitions = Set<Automaton.Transition>()
        for from in 0..<count {
            for to in 0..<count {
                for symbol in symbols where Double.random(in: 0..<1, using: &rng) < 1.3 / Double(count) {
                    transitions.insert(.init(from: from, symbol: .text(symbol), to: to))
                }
                if from != to && Double.random(in: 0..<1, using: &rng) < 0.4 / Double(count) {
                    transitions.insert(.init(from: from, symbol: .epsilon, to: to))
                }
            }
        }
        return Automaton(stateCount: count, initial: initial, accepting: accepting, transitions: transitions,
                         alphabet: Set(symbols))
    }

    /// Every word over `symbols` of length ≤ `maxLength`, shortest first, then alphabetically.
    static func words(upTo maxLength: Int, over symbols: [String] = symbols) -> [Word] {
        var words = [Word.empty]
        var layer = [Word.empty]
        for _ in 0..<maxLength {
            layer = layer.flatMap { word in symbols.map { Word(symbols: word.symbols + [$0]) } }
            words += layer
        }
        return words
    }

    /// The sets of current states (ε-closed) after each prefix of `word`, start included.
    static func stateSets(_ automaton: Automaton, _ word: Word) -> [Set<Int>] {
        func closure(_ states: Set<Int>) -> Set<Int> {
            var result = states
            var changed = true
            while changed {
                changed = false
                for t in automaton.transitions where t.symbol == .epsilon && result.contains(t.from) {
                    if result.insert(t.to).inserted { changed = true }
                }
            }
            return result
        }
        var current = closure(automaton.initial)
        var sets = [current]
        for symbol in word.symbols {
            current = closure(Set(automaton.transitions.filter { $0.symbol == .text(symbol) && current.contains($0.from) }.map(\.to)))
            sets.append(current)
        }
        return sets
    }

    /// The first word of `words(upTo:over:)` where two acceptance lists disagree, or nil: a
    /// failing check names one word instead of printing hundreds of booleans.
    static func firstDifference(_ a: [Bool], _ b: [Bool], upTo maxLength: Int = 8, over symbols: [String] = symbols) -> Word? {
        precondition(a.count == b.count, "lists for the same words")
        return a.indices.first { a[$0] != b[$0] }.map { words(upTo: maxLength, over: symbols)[$0] }
    }

    static func accepts(_ automaton: Automaton, _ word: Word) -> Bool {
        !stateSets(automaton, word).last!.isDisjoint(with: automaton.accepting)
    }

    /// Acceptance of each word of `words(upTo:over:)`, in that order. Works layer by layer so
    /// each prefix is stepped once, which keeps the big product automata fast enough.
    static func acceptance(_ automaton: Automaton, upTo maxLength: Int, over symbols: [String] = symbols) -> [Bool] {
        var epsilon = [Int: [Int]]()
        var moves = [Int: [String: [Int]]]()
        for t in automaton.transitions {
            switch t.symbol {
            case .epsilon: epsilon[t.from, default: []].append(t.to)
            case .text(let s): moves[t.from, default: [:]][s, default: []].append(t.to)
            }
        }
        func closure(_ states: Set<Int>) -> Set<Int> {
            var result = states
            var pending = Array(states)
            while let s = pending.popLast() {
                for t in epsilon[s] ?? [] where result.insert(t).inserted { pending.append(t) }
            }
            return result
        }
        var layer = [closure(automaton.initial)]
        var all = layer
        for _ in 0..<maxLength {
            layer = layer.flatMap { states in
                symbols.map { symbol in closure(Set(states.flatMap { moves[$0]?[symbol] ?? [] })) }
            }
            all += layer
        }
        return all.map { !$0.isDisjoint(with: automaton.accepting) }
    }
}

@Suite struct AlgorithmTests {
    typealias T = Automaton.Transition
    static let seeds: [UInt64] = Array(1...200)
    static let words8 = ReferenceLanguage.words(upTo: 8)

    // MARK: Hand-built automata

    /// L = {(10)^n : n ≥ 1}, as a partial DFA.
    static let tenRepeated = Automaton(
        stateCount: 3, initial: [0], accepting: [2],
        transitions: [T(from: 0, symbol: .text("1"), to: 1), T(from: 1, symbol: .text("0"), to: 2), T(from: 2, symbol: .text("1"), to: 1)])

    /// Words over {0, 1} starting with 011.
    static let startsWith011 = Automaton(
        stateCount: 4, initial: [0], accepting: [3],
        transitions: [T(from: 0, symbol: .text("0"), to: 1), T(from: 1, symbol: .text("1"), to: 2), T(from: 2, symbol: .text("1"), to: 3),
                      T(from: 3, symbol: .text("0"), to: 3), T(from: 3, symbol: .text("1"), to: 3)])

    /// Words over {0, 1} ending in 01: nondeterministic.
    static let endsWith01 = Automaton(
        stateCount: 3, initial: [0], accepting: [2],
        transitions: [T(from: 0, symbol: .text("0"), to: 0), T(from: 0, symbol: .text("1"), to: 0),
                      T(from: 0, symbol: .text("0"), to: 1), T(from: 1, symbol: .text("1"), to: 2)])

    @Test func subsetConstructionBuildsOnlyReachableSubsetsNamedAfterThem() {
        let dfa = Self.endsWith01.determinized()
        #expect(dfa.names == ["{q0}", "{q0,q1}", "{q0,q2}"])
        #expect(dfa.initial == [0] && dfa.accepting == [2])
        #expect(dfa.transitions == [
            T(from: 0, symbol: .text("0"), to: 1), T(from: 0, symbol: .text("1"), to: 0),
            T(from: 1, symbol: .text("0"), to: 1), T(from: 1, symbol: .text("1"), to: 2),
            T(from: 2, symbol: .text("0"), to: 1), T(from: 2, symbol: .text("1"), to: 0),
        ])
        #expect(dfa.isDeterministic && dfa.isComplete)
    }

    @Test func theSubsetConstructionIsPartialAndCompletionAddsTheDeadState() {
        let dfa = Self.startsWith011.determinized()
        #expect(dfa.stateCount == 4 && dfa.isDeterministic && !dfa.isComplete, "the empty subset is not a state")
        let complete = dfa.completed()
        #expect(complete.stateCount == 5 && complete.isComplete && complete.names.last == "∅")
        #expect(!complete.accepting.contains(4))
        #expect(complete.completed() == complete, "nothing left to complete")
        let none = Automaton(stateCount: 2, initial: [], accepting: [1], transitions: [T(from: 0, symbol: .text("a"), to: 1)])
        #expect(none.determinized().names == ["{}"] && none.determinized().accepting.isEmpty)
    }

    @Test func epsilonRemovalFoldsClosuresInOnTheSameStates() {
        // q0 -ε-> q1 -a-> q2 -ε-> q3 (accepting)
        let a = Automaton(stateCount: 4, initial: [0], accepting: [3],
                          transitions: [T(from: 0, symbol: .epsilon, to: 1), T(from: 1, symbol: .text("a"), to: 2), T(from: 2, symbol: .epsilon, to: 3)])
        let free = a.removingEpsilonMoves()
        #expect(!free.hasEpsilonMoves && free.names == a.names && free.initial == [0])
        #expect(free.accepting == [2, 3])
        #expect(free.transitions == [T(from: 0, symbol: .text("a"), to: 2), T(from: 1, symbol: .text("a"), to: 2)])
    }

    @Test func theMinimalDFAOfTenRepeatedHasThreeLiveStatesAndTheDeadStateLast() {
        let minimal = Self.tenRepeated.minimized()
        #expect(minimal.names == ["q0", "q1", "q2", "∅"])
        #expect(minimal.accepting == [2] && minimal.initial == [0] && minimal.isComplete)
        #expect(minimal.transitions.contains(T(from: 2, symbol: .text("0"), to: 3)))
        let partial = Self.tenRepeated.minimized(droppingDeadState: true)
        #expect(partial == Self.tenRepeated, "already minimal and numbered breadth-first")
    }

    @Test func minimisationMergesEquivalentStates() {
        // Even number of a's over {a, b}, drawn with the parity twice over.
        let redundant = Automaton(
            stateCount: 4, initial: [0], accepting: [0, 2],
            transitions: [T(from: 0, symbol: .text("a"), to: 1), T(from: 1, symbol: .text("a"), to: 2),
                          T(from: 2, symbol: .text("a"), to: 3), T(from: 3, symbol: .text("a"), to: 0),
                          T(from: 0, symbol: .text("b"), to: 2), T(from: 1, symbol: .text("b"), to: 3),
                          T(from: 2, symbol: .text("b"), to: 0), T(from: 3, symbol: .text("b"), to: 1)])
        let minimal = redundant.minimized()
        #expect(minimal.stateCount == 2 && minimal.accepting == [0])
        #expect(minimal.transitions == [T(from: 0, symbol: .text("a"), to: 1), T(from: 1, symbol: .text("a"), to: 0),
                                        T(from: 0, symbol: .text("b"), to: 0), T(from: 1, symbol: .text("b"), to: 1)])
    }

    @Test func theEmptyLanguageMinimisesToOneDeadInitialState() {
        let empty = Automaton(stateCount: 2, initial: [0], accepting: [], transitions: [T(from: 0, symbol: .text("a"), to: 1)])
        for minimal in [empty.minimized(), empty.minimized(droppingDeadState: true)] {
            #expect(minimal.stateCount == 1 && minimal.initial == [0] && minimal.accepting.isEmpty)
        }
        #expect(empty.minimized(droppingDeadState: true) == empty.minimized(), "the initial dead state stays, loops and all")
    }

    @Test func complementOverALargerAlphabetAcceptsTheNewSymbols() {
        let complement = Self.startsWith011.complemented(over: ["2"])
        #expect(complement.alphabet == ["0", "1", "2"] && complement.isComplete)
        #expect(complement.accepts(Word(characters: "0112")), "starts with 011 but is not over {0, 1}")
        #expect(complement.accepts(Word(characters: "01")) && !complement.accepts(Word(characters: "0110")))
    }

    @Test func productsMergeTheAlphabets() {
        let onlyA = Automaton(stateCount: 2, initial: [0], accepting: [1], transitions: [T(from: 0, symbol: .text("a"), to: 1)])
        let onlyB = Automaton(stateCount: 2, initial: [0], accepting: [1], transitions: [T(from: 0, symbol: .text("b"), to: 1)])
        let union = onlyA.union(onlyB)
        #expect(union.alphabet == ["a", "b"] && union.isDeterministic && union.isComplete)
        #expect(union.accepts(["a"]) && union.accepts(["b"]) && !union.accepts(["a", "b"]) && !union.accepts(.empty))
        #expect(union.names.first == "({q0}, {q0})")
        #expect(onlyA.intersection(onlyB).isEmpty)
        #expect(onlyA.intersection(onlyA.union(onlyB)).isEquivalent(to: onlyA))
    }

    @Test func emptinessAndTheShortestWord() {
        #expect(Self.startsWith011.shortestAcceptedWord() == Word(characters: "011"))
        #expect(Self.tenRepeated.shortestAcceptedWord() == Word(characters: "10"))
        #expect(!Self.tenRepeated.isEmpty)
        let noStart = Automaton(stateCount: 1, initial: [], accepting: [0], transitions: [])
        #expect(noStart.isEmpty && noStart.shortestAcceptedWord() == nil)
        let acceptsEpsilon = Automaton(stateCount: 2, initial: [0], accepting: [1], transitions: [T(from: 0, symbol: .epsilon, to: 1)])
        #expect(acceptsEpsilon.shortestAcceptedWord() == .empty)
    }

    @Test func equivalenceGivesTheShortestCounterexample() {
        // (10)* differs from (10)^n, n ≥ 1, only on the empty word.
        var tenStar = Self.tenRepeated
        tenStar.accepting = [0, 2]
        #expect(tenStar.distinguishingWord(from: Self.tenRepeated) == .empty)
        #expect(Self.endsWith01.distinguishingWord(from: Self.startsWith011) == Word(characters: "01"))
        #expect(Self.endsWith01.distinguishingWord(from: Self.endsWith01.minimized()) == nil)
        #expect(Self.endsWith01.isEquivalent(to: Self.endsWith01.determinized()))
    }

    @Test func checkReportsUnreachableStatesAndEachNondeterminism() {
        let a = Automaton(
            stateCount: 4, initial: [0, 1], accepting: [2],
            transitions: [T(from: 0, symbol: .text("a"), to: 1), T(from: 0, symbol: .text("a"), to: 2), T(from: 1, symbol: .epsilon, to: 2),
                          T(from: 3, symbol: .text("a"), to: 0)])
        #expect(a.unreachableStates == [3])
        #expect(!a.isDeterministic)
        #expect(a.nondeterminisms.map(\.description) == [
            "2 initial states: q0, q1", "ε-move from q1 to q2", "q0 has 2 transitions on \"a\": to q1, q2",
        ])
        #expect(a.nondeterminisms.last?.kind == .choice(state: 0, symbol: "a", targets: [1, 2]))
        #expect(Self.tenRepeated.isDeterministic && Self.tenRepeated.nondeterminisms.isEmpty)
        #expect(Self.tenRepeated.unreachableStates.isEmpty)
        let noStart = Automaton(stateCount: 1, initial: [], accepting: [], transitions: [])
        #expect(noStart.nondeterminisms.map(\.kind) == [.noInitialState] && noStart.unreachableStates == [0])
    }

    // MARK: Properties on random ε-NFAs, checked on all words over {a, b} up to length 8

    @Test func determinisationPreservesTheLanguage() {
        for seed in Self.seeds {
            let nfa = ReferenceLanguage.randomAutomaton(seed: seed)
            let dfa = nfa.determinized()
            #expect(dfa.isDeterministic && dfa.alphabet == nfa.alphabet, "seed \(seed)")
            #expect(ReferenceLanguage.firstDifference(ReferenceLanguage.acceptance(dfa, upTo: 8), ReferenceLanguage.acceptance(nfa, upTo: 8)) == nil, "seed \(seed)")
        }
    }

    @Test func epsilonRemovalPreservesTheLanguage() {
        for seed in Self.seeds {
            let nfa = ReferenceLanguage.randomAutomaton(seed: seed)
            let free = nfa.removingEpsilonMoves()
            #expect(!free.hasEpsilonMoves && free.stateCount == nfa.stateCount && free.names == nfa.names, "seed \(seed)")
            #expect(ReferenceLanguage.firstDifference(ReferenceLanguage.acceptance(free, upTo: 8), ReferenceLanguage.acceptance(nfa, upTo: 8)) == nil, "seed \(seed)")
        }
    }

    @Test func minimisationPreservesTheLanguageAndIsMinimal() {
        let shortWords = ReferenceLanguage.words(upTo: 4)
        let position = Dictionary(uniqueKeysWithValues: Self.words8.enumerated().map { ($1, $0) })
        for seed in Self.seeds {
            let nfa = ReferenceLanguage.randomAutomaton(seed: seed)
            let language = ReferenceLanguage.acceptance(nfa, upTo: 8)
            let minimal = nfa.minimized()
            #expect(minimal.isDeterministic && minimal.isComplete, "seed \(seed)")
            #expect(ReferenceLanguage.firstDifference(ReferenceLanguage.acceptance(minimal, upTo: 8), language) == nil, "seed \(seed)")
            #expect(minimal.minimized() == minimal, "seed \(seed): minimal and canonical")
            #expect(nfa.removingEpsilonMoves().minimized() == minimal && nfa.determinized().minimized() == minimal, "seed \(seed)")
            #expect(minimal.stateCount <= nfa.determinized().completed().stateCount, "seed \(seed)")

            // Myhill–Nerode: with n ≤ 5 states every state is reached by a word of length ≤ 4
            // and any two are told apart by a word of length ≤ 3, so the residuals of words up
            // to length 4, cut at length 4, are exactly the n classes.
            let residuals = Set(shortWords.map { u in
                shortWords.map { v in language[position[Word(symbols: u.symbols + v.symbols)]!] }
            })
            if minimal.stateCount <= 5 {
                #expect(residuals.count == minimal.stateCount, "seed \(seed)")
            } else {
                #expect(residuals.count <= minimal.stateCount, "seed \(seed)")
            }

            let partial = nfa.minimized(droppingDeadState: true)
            #expect(ReferenceLanguage.firstDifference(ReferenceLanguage.acceptance(partial, upTo: 8), language) == nil, "seed \(seed)")
            let hasDead = minimal.names.last == "∅"
            #expect(partial.stateCount == minimal.stateCount - (hasDead && minimal.stateCount > 1 ? 1 : 0), "seed \(seed)")
        }
    }

    @Test func complementAcceptsExactlyTheRejectedWords() {
        for seed in Self.seeds {
            let nfa = ReferenceLanguage.randomAutomaton(seed: seed)
            #expect(ReferenceLanguage.firstDifference(ReferenceLanguage.acceptance(nfa.complemented(), upTo: 8), ReferenceLanguage.acceptance(nfa, upTo: 8).map { !$0 }) == nil,
                    "seed \(seed)")
            // Over {a, b, c}: the original rejects every word with a c, so its complement accepts them.
            let wider = ["a", "b", "c"]
            #expect(ReferenceLanguage.firstDifference(ReferenceLanguage.acceptance(nfa.complemented(over: ["c"]), upTo: 5, over: wider),
                                                      ReferenceLanguage.acceptance(nfa, upTo: 5, over: wider).map { !$0 }, upTo: 5, over: wider) == nil,
                    "seed \(seed)")
        }
    }

    @Test func unionAndIntersectionAcceptOrAndAnd() {
        for seed in Self.seeds {
            let a = ReferenceLanguage.randomAutomaton(seed: seed)
            let b = ReferenceLanguage.randomAutomaton(seed: seed + 10_000)
            let (la, lb) = (ReferenceLanguage.acceptance(a, upTo: 8), ReferenceLanguage.acceptance(b, upTo: 8))
            #expect(ReferenceLanguage.firstDifference(ReferenceLanguage.acceptance(a.union(b), upTo: 8), zip(la, lb).map { $0 || $1 }) == nil, "seed \(seed)")
            #expect(ReferenceLanguage.firstDifference(ReferenceLanguage.acceptance(a.intersection(b), upTo: 8), zip(la, lb).map { $0 && $1 }) == nil, "seed \(seed)")
        }
    }

    @Test func equivalenceFindsAGenuineShortestCounterexample() {
        var differing = 0
        for seed in Self.seeds {
            let a = ReferenceLanguage.randomAutomaton(seed: seed)
            let b = ReferenceLanguage.randomAutomaton(seed: seed + 10_000)
            #expect(a.distinguishingWord(from: a.minimized()) == nil, "seed \(seed)")
            #expect(a.distinguishingWord(from: a.removingEpsilonMoves().determinized()) == nil, "seed \(seed)")
            let (la, lb) = (ReferenceLanguage.acceptance(a, upTo: 8), ReferenceLanguage.acceptance(b, upTo: 8))
            let word = a.distinguishingWord(from: b)
            if let first = la.indices.first(where: { la[$0] != lb[$0] }) {
                differing += 1
                #expect(word == Self.words8[first], "seed \(seed): the first differing word in length-then-alphabetical order")
            } else if let word {
                #expect(word.count > 8, "seed \(seed)")
                #expect(ReferenceLanguage.accepts(a, word) != ReferenceLanguage.accepts(b, word), "seed \(seed)")
            }
            if let word { #expect(ReferenceLanguage.accepts(a, word) != ReferenceLanguage.accepts(b, word), "seed \(seed)") }
        }
        #expect(differing > 100, "the random pairs mostly differ, so counterexamples get checked")
    }

    @Test func emptinessAgreesWithEnumeration() {
        var empties = 0
        for seed in Self.seeds {
            let a = ReferenceLanguage.randomAutomaton(seed: seed)
            let language = ReferenceLanguage.acceptance(a, upTo: 8)
            // With at most 5 states a nonempty language has a word of length ≤ 4.
            #expect(a.isEmpty == !language.contains(true), "seed \(seed)")
            #expect(a.shortestAcceptedWord() == language.firstIndex(of: true).map { Self.words8[$0] }, "seed \(seed)")
            if a.isEmpty { empties += 1 }

            let both = a.intersection(ReferenceLanguage.randomAutomaton(seed: seed + 10_000))
            let bothLanguage = ReferenceLanguage.acceptance(both, upTo: 8)
            if let first = bothLanguage.firstIndex(of: true) {
                #expect(both.shortestAcceptedWord() == Self.words8[first], "seed \(seed)")
            } else if let word = both.shortestAcceptedWord() {
                #expect(word.count > 8 && ReferenceLanguage.accepts(both, word), "seed \(seed)")
            }
        }
        #expect(empties > 0 && empties < Self.seeds.count, "both cases occur")
    }
}
