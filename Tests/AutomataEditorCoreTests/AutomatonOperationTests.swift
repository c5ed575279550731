@testable import AutomataEditorCore
import Testing

/// The catalogue of operations the command line, the server and the page share.
@Suite struct AutomatonOperationTests {
    static func regex(_ text: String) throws -> Automaton { try JFLAPRegularExpression(parsing: text).automaton }

    /// Every word over {a, b} up to `length` letters.
    static func words(upTo length: Int) -> [Word] {
        (0...length).flatMap { n in
            (0..<(1 << n)).map { bits in Word(symbols: (0..<n).map { bits >> $0 & 1 == 0 ? "a" : "b" }) }
        }
    }

    /// "Starts with ab" reversed is "ends with ba", word by word.
    @Test func reverseAcceptsExactlyTheWordsReadBackwards() throws {
        let startsAB = try Self.regex("ab(a+b)*")
        let outcome = try AutomatonOperation.reverse.apply(to: startsAB, names: ("starts", nil))
        #expect(outcome.automaton.isEquivalent(to: try Self.regex("(a+b)*ba")))
        for word in Self.words(upTo: 6) {
            #expect(outcome.automaton.accepts(word) == startsAB.accepts(Word(symbols: word.symbols.reversed())), "\(word)")
        }
        #expect(outcome.message.hasPrefix("reversed: "))
        // Several accepting states become several initial states.
        let aOrBB = try Self.regex("a+bb")
        #expect(aOrBB.reversed().initial == aOrBB.accepting)
        #expect(aOrBB.reversed().reversed() == aOrBB)
    }

    @Test func eachOperationMakesWhatItsAlgorithmMakes() throws {
        let evenA = try Self.regex("(b*ab*a)*b*"), endsB = try Self.regex("(a+b)*b")
        let expected: [AutomatonOperation: Automaton] = [
            .determinise: evenA.determinized(), .minimise: evenA.minimized(), .complement: evenA.complemented(),
            .reverse: evenA.reversed(), .union: evenA.union(endsB), .intersection: evenA.intersection(endsB),
            .equivalence: evenA.differences(from: endsB),
        ]
        for operation in AutomatonOperation.allCases {
            let outcome = try operation.apply(to: evenA, with: endsB, names: ("even", "endsb"))
            #expect(outcome.automaton.isEquivalent(to: try #require(expected[operation])), "\(operation)")
            #expect((outcome.comparison != nil) == (operation == .equivalence))
        }
        let equivalence = try AutomatonOperation.equivalence.apply(to: evenA, with: endsB, names: ("even", "endsb"))
        #expect(equivalence.message == "not equivalent: they differ on ε: even accepts it, endsb does not")
        #expect(equivalence.comparison?.distinguishingWord == Word.empty)
    }

    @Test func namesTitlesAndResultNames() {
        #expect(AutomatonOperation(named: "Determinize") == .determinise)
        #expect(AutomatonOperation(named: "MINIMIZE") == .minimise)
        #expect(AutomatonOperation(named: "sort") == nil)
        #expect(AutomatonOperation.union.title == "Union with…")
        #expect(AutomatonOperation.reverse.title == "Reverse")
        #expect(AutomatonOperation.allCases.filter(\.takesSecond) == [.union, .intersection, .equivalence])
        #expect(AutomatonOperation.reverse.resultName(for: "even", with: nil) == "even-rev")
        #expect(AutomatonOperation.intersection.resultName(for: "even", with: "odd") == "even-and-odd")
    }

    @Test func aMissingSecondAutomatonOrAConstructionPastTheBudgetIsRefused() throws {
        let small = try Self.regex("a")
        #expect(throws: OperationError.self) { try AutomatonOperation.union.apply(to: small, names: ("a", nil)) }
        // "The 13th symbol from the end is a": 2¹³ subsets, past the budget of 4,096.
        let late = try Self.regex("(a+b)*a" + String(repeating: "(a+b)", count: 12))
        #expect(throws: OperationError("determinise: \"late\" would determinise to more than 4096 states")) {
            try AutomatonOperation.determinise.apply(to: late, names: ("late", nil))
        }
        #expect(throws: OperationError("equivalence: \"late\" would determinise to more than 4096 states")) {
            try AutomatonOperation.equivalence.apply(to: small, with: late, names: ("a", "late"))
        }
        // Reversal is linear: never refused.
        #expect(try AutomatonOperation.reverse.apply(to: late, names: ("late", nil)).automaton.stateCount == late.stateCount)
    }
}
