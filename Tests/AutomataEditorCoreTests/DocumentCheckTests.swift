import Testing
@testable import AutomataEditorCore

@Suite struct DocumentCheckTests {
    private static func at(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }
    private static let p = at(0, 0)

    /// A deterministic, complete, connected little DFA: no problems.
    private static let clean = AutomatonDocument(
        states: [
            .init(id: 0, name: "even", center: at(100, 100), radius: 40, isInitial: true, isFinal: true),
            .init(id: 1, name: "odd", center: at(300, 100), radius: 40),
        ],
        transitions: [
            .init(id: 2, from: 0, to: 1, start: p, end: p, symbols: [.text("1")]),
            .init(id: 3, from: 1, to: 0, start: p, end: p, symbols: [.text("1")]),
            .init(id: 4, from: 0, to: 0, start: p, end: p, symbols: [.text("0")]),
            .init(id: 5, from: 1, to: 1, start: p, end: p, symbols: [.text("0")]),
            // The drawn initial mark: not a dangling transition.
            .init(id: 6, from: nil, to: 0, start: at(20, 100), end: at(60, 100)),
        ])

    /// Names that are empty, repeated, or need quoting in DOT and escaping in SVG.
    static let awkwardNames = AutomatonDocument(
        states: [
            .init(id: 0, name: "  ", center: at(100, 100), radius: 40, isInitial: true),
            .init(id: 1, name: "q\"1\"", center: at(300, 100), radius: 40),
            .init(id: 2, name: "q\"1\"", center: at(500, 100), radius: 40),
            .init(id: 3, name: "", center: at(700, 100), radius: 40),
        ],
        transitions: [
            .init(id: 4, from: 0, to: 1, start: p, end: p, symbols: [.text("a")]),
            .init(id: 5, from: 1, to: 2, start: p, end: p, symbols: [.text("a")]),
            .init(id: 6, from: 2, to: 3, start: p, end: p, symbols: [.text("a")]),
        ])

    private func problems(_ document: AutomatonDocument, _ kind: DocumentCheck.Problem.Kind) -> [DocumentCheck.Problem] {
        DocumentCheck.problems(in: document).filter { $0.kind == kind }
    }

    @Test func aCleanDFAHasNoProblems() {
        #expect(DocumentCheck.problems(in: Self.clean) == [])
        #expect(DocumentCheck.problems(in: AutomatonDocument()) == [], "an empty drawing is not wrong yet")
    }

    @Test func noInitialState() {
        var document = Self.clean
        document.states[0].isInitial = false
        document.transitions.removeAll { $0.id == 6 }
        let found = problems(document, .noInitialState)
        #expect(found.map(\.message) == ["no initial state: the automaton accepts nothing"])
        #expect(problems(document, .unreachableStates) == [], "without an initial state, reachability says nothing new")
    }

    @Test func unreachableStatesAreNamed() {
        var document = Self.clean
        document.states.append(.init(id: 7, name: "lost", center: Self.at(500, 100), radius: 40))
        document.states.append(.init(id: 8, name: "", center: Self.at(500, 300), radius: 40))
        document.transitions.append(.init(id: 9, from: 7, to: 0, start: Self.p, end: Self.p, symbols: [.text("1")]))
        document.nextID = 10
        let found = problems(document, .unreachableStates)
        #expect(found.map(\.message) == ["unreachable states (no path from an initial state): lost, the unnamed state at (500, 300)"])
        #expect(found.first?.stateIDs == [7, 8])
        // A path through an unlabelled transition still reaches (it is reported on its own).
        document.transitions.append(.init(id: 10, from: 0, to: 7, start: Self.p, end: Self.p))
        #expect(problems(document, .unreachableStates).first?.stateIDs == [8])
    }

    @Test func nondeterminismNamesStateAndSymbol() {
        let found = problems(SampleDocuments.textbook, .nondeterminism).map(\.message)
        #expect(found == ["nondeterministic: q2 has an ε-move (to trap)"], "\(found)")

        var document = Self.clean
        document.transitions.append(.init(id: 7, from: 0, to: 0, start: Self.p, end: Self.p, symbols: [.text("1")]))
        document.transitions.append(.init(id: 8, from: 0, to: 1, start: Self.p, end: Self.p, symbols: [.text("1")]))
        document.nextID = 9
        let twice = problems(document, .nondeterminism)
        #expect(twice.map(\.message) == ["nondeterministic: even has 2 transitions on 1 (to odd, even)"], "the same target twice is not a choice")
        #expect(twice.first?.transitionIDs == [2, 8, 7])

        document.states[1].isInitial = true
        #expect(problems(document, .nondeterminism).first?.message == "nondeterministic: more than one initial state (even, odd)")
    }

    @Test func danglingTransitionsAreNamedByTheirEnds() {
        let found = problems(SampleDocuments.textbook, .danglingTransition)
        #expect(found.map(\.message) == ["dangling transition from q2 to empty canvas (d): both ends must be on states"])
        #expect(found.first?.transitionIDs == [12] && found.first?.stateIDs == [2])

        var document = Self.clean
        document.transitions.append(.init(id: 7, from: nil, to: 1, start: Self.p, end: Self.p))
        document.transitions.append(.init(id: 8, from: nil, to: nil, start: Self.p, end: Self.p, symbols: [.epsilon]))
        document.nextID = 9
        #expect(problems(document, .danglingTransition).map(\.message) == [
            "dangling transition from empty canvas to odd: both ends must be on states",
            "dangling transition from empty canvas to empty canvas (ε): both ends must be on states",
        ])
        #expect(problems(document, .transitionWithoutSymbols) == [], "a dangling one is reported once, as dangling")
    }

    @Test func transitionsWithoutSymbols() {
        var document = Self.clean
        document.transitions[0].symbols = []
        let found = problems(document, .transitionWithoutSymbols)
        #expect(found.map(\.message) == ["transition from even to odd has no symbols, so it reads nothing (label it, with ε for an ε-move)"])
        #expect(found.first?.transitionIDs == [2])
    }

    @Test func emptyAndDuplicateStateNames() {
        let all = DocumentCheck.problems(in: Self.awkwardNames)
        #expect(all.filter { $0.kind == .unnamedState }.map(\.message) == [
            "the unnamed state at (100, 100) has no name", "the unnamed state at (700, 100) has no name",
        ])
        let duplicates = all.filter { $0.kind == .duplicateStateName }
        #expect(duplicates.map(\.message) == ["2 states are named q\"1\""] && duplicates.first?.stateIDs == [1, 2])
        #expect(all.allSatisfy { $0.description == $0.message })
    }
}
