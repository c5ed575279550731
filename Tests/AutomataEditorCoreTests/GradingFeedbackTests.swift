import Testing
@testable import AutomataEditorCore

/// Feedback that teaches: the words wrong each way, partial credit, one repair hint.
@Suite struct GradingFeedbackTests {
    /// An even number of 1s, over {0, 1}: the reference.
    static let evenOnes = dfa(accepting: [0], [(0, "0", 0), (0, "1", 1), (1, "0", 1), (1, "1", 0)])

    static func dfa(accepting: Set<Int>, _ moves: [(Int, String, Int)], states: Int = 2) -> Automaton {
        Automaton(stateCount: states, initial: [0], accepting: accepting,
                  transitions: Set(moves.map { Automaton.Transition(from: $0.0, symbol: .text($0.1), to: $0.2) }))
    }

    @Test func aWrongAcceptingMarkIsHintedAndTheWordsBothWaysAreGiven() {
        let acceptsAll = Self.dfa(accepting: [0, 1], [(0, "0", 0), (0, "1", 1), (1, "0", 1), (1, "1", 0)])
        let feedback = Feedback(for: acceptsAll, against: Self.evenOnes)
        #expect(feedback.wronglyAccepted == Word(characters: "1") && feedback.wronglyRejected == nil)
        // Up to length 8: 511 words, the 255 with an odd number of 1s wrong.
        #expect(feedback.right == 256 && feedback.all == 511)
        #expect(feedback.hint == .makeNotAccepting(state: "q1"))
        #expect(feedback.text == "accepts 1 but should not · 50% of words up to length 8 right · hint: make q1 not accepting")
    }

    @Test func aTransitionToTheWrongStateIsHinted() {
        let stuck = Self.dfa(accepting: [0], [(0, "0", 0), (0, "1", 1), (1, "0", 1), (1, "1", 1)])
        let feedback = Feedback(for: stuck, against: Self.evenOnes)
        #expect(feedback.wronglyRejected == Word(characters: "11"))
        #expect(feedback.hint == .redirect(from: "q1", symbol: "1", to: "q0"))
        #expect(feedback.hint?.description == "send q1 —1→ to q0")
    }

    @Test func aMissingTransitionIsHinted() {
        let missing = Self.dfa(accepting: [0], [(0, "0", 0), (0, "1", 1), (1, "0", 1)])
        let feedback = Feedback(for: missing, against: Self.evenOnes)
        #expect(feedback.hint == .add(from: "q1", symbol: "1", to: "q0"), "\(feedback)")
        #expect(feedback.hint?.description == "add q1 —1→ q0")
    }

    @Test func noHintWhenOneChangeIsNotEnoughOrItIsNoDFA() {
        let oddOnes = Self.dfa(accepting: [1], [(0, "0", 0), (0, "1", 1), (1, "0", 1), (1, "1", 0)])
        let feedback = Feedback(for: oddOnes, against: Self.evenOnes)
        #expect(feedback.wronglyAccepted == Word(characters: "1") && feedback.wronglyRejected == Word(symbols: []))
        #expect(feedback.right == 0 && feedback.hint == nil, "two marks to change: no single hint")
        var nondeterministic = Self.evenOnes
        nondeterministic.transitions.insert(.init(from: 0, symbol: .text("1"), to: 0))
        nondeterministic.accepting = [0, 1]
        #expect(Feedback(for: nondeterministic, against: Self.evenOnes).hint == nil, "changes to an NFA are not one step of a DFA")
        #expect(Feedback(for: Self.evenOnes, against: Self.evenOnes).text == "100% of words up to length 8 right")
    }

    @Test func gradesCarryTheFeedbackIntoTheirCSV() {
        let grader = Grader(reference: .automaton(Self.evenOnes), upTo: 3)
        let grade = grader.grade(Self.dfa(accepting: [0], [(0, "0", 0), (0, "1", 1), (1, "0", 1)]), file: "s.jff")
        #expect(grade.feedback?.upTo == 3 && grade.feedback?.all == 15)
        let csv = GradeCSV.render([grade])
        let lines = csv.split(separator: "\r\n").map(String.init)
        #expect(lines[0].hasSuffix(",accepted_wrongly,rejected_wrongly,share_right,hint"))
        // Of the 15 words up to length 3, the 4 with two 1s ("11", "011", "101", "110") are wrong.
        #expect(lines[1].hasSuffix(",,11,0.7333,add q1 —1→ q0"), "\(lines[1])")
    }
}
