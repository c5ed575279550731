import Testing
@testable import AutomataEditorCore

@Suite struct DocumentModelTests {
    @Test func symbolsParseEpsilonSpellingsAndTrim() {
        #expect(Symbol(parsing: " a ") == .text("a"))
        #expect(Symbol(parsing: "eps") == .epsilon && Symbol(parsing: "ε") == .epsilon && Symbol(parsing: "EPS") == .epsilon)
        #expect(Symbol(parsing: "  ") == nil)
        #expect(Symbol(parsing: "ab") == .text("ab"), "multi-character symbols are allowed")
    }

    /// New states take the lowest free name: after q0 is renamed "start" the next state is
    /// q0 again (not q1), and a deleted state's name is taken by the next one.
    @Test func newStatesTakeTheLowestFreeName() {
        var document = AutomatonDocument(states: [], transitions: [], nextID: 0)
        document = document.applying(.addState(center: CanvasPoint(x: 0, y: 0), radius: 30))
        document = document.applying(.renameState(id: 0, name: "start"))
        document = document.applying(.addState(center: CanvasPoint(x: 100, y: 0), radius: 30))
        document = document.applying(.addState(center: CanvasPoint(x: 200, y: 0), radius: 30))
        #expect(document.states.map(\.name) == ["start", "q0", "q1"])
        document = document.applying(.removeState(id: 1))
        document = document.applying(.addState(center: CanvasPoint(x: 300, y: 0), radius: 30))
        #expect(document.states.map(\.name) == ["start", "q1", "q0"])
    }

    @Test func theDocumentMeansTheConnectedLabelledTransitions() {
        let p = CanvasPoint(x: 0, y: 0)
        let document = AutomatonDocument(
            states: [
                .init(id: 4, name: "a", center: p, radius: 40, isInitial: true),
                .init(id: 7, name: "b", center: CanvasPoint(x: 200, y: 0), radius: 40, isFinal: true),
            ],
            transitions: [
                .init(id: 8, from: 4, to: 7, start: p, end: p, symbols: [.text("0"), .epsilon]),
                .init(id: 9, from: 7, to: 7, start: p, end: p, symbols: [.text("1")]),
                .init(id: 10, from: 7, to: nil, start: p, end: p, symbols: [.text("2")]),
                .init(id: 11, from: 4, to: 7, start: p, end: p, symbols: []),
            ],
            extraSymbols: ["3"])
        #expect(document.nextID == 12)
        let automaton = document.automaton
        #expect(automaton.stateCount == 2 && automaton.names == ["a", "b"])
        #expect(automaton.initial == [0] && automaton.accepting == [1])
        #expect(automaton.transitions == [
            .init(from: 0, symbol: .text("0"), to: 1), .init(from: 0, symbol: .epsilon, to: 1), .init(from: 1, symbol: .text("1"), to: 1),
        ])
        #expect(automaton.alphabet == ["0", "1", "3"], "a dangling transition reads nothing yet")
    }
}
