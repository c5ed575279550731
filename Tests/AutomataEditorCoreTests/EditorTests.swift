import Foundation
import Testing
@testable import AutomataEditorCore

/// The reducer (`AutomatonDocument.applying`) and the editor's undo/redo history.
@Suite struct EditorTests {
    private func point(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    /// q0 at (100, 100), q1 at (300, 100), a transition q0 → q1 and a self-loop on q1.
    private func twoStates() -> AutomatonDocument {
        AutomatonDocument().applying([
            .addState(center: point(100, 100), radius: 40),
            .addState(center: point(300, 100), radius: 40),
            .addTransition(from: 0, to: 1, start: point(140, 100), end: point(260, 100), symbols: [.text("a")]),
            .addSelfLoop(state: 1, labelPoint: point(300, 20)),
        ])
    }

    @Test func addStateTakesNextIDAndTheFirstFreeName() {
        let document = AutomatonDocument().applying(.addState(center: point(10, 20), radius: 30))
        #expect(document.states == [.init(id: 0, name: "q0", center: point(10, 20), radius: 30)])
        #expect(document.nextID == 1)
        let named = document.applying(.addState(center: point(0, 0), radius: 5, name: "s", isFinal: true))
        #expect(named.states.last == .init(id: 1, name: "s", center: point(0, 0), radius: 5, isFinal: true))
        #expect(named.applying(.addState(center: point(0, 0), radius: 5)).states.last?.name == "q1")
    }

    @Test func theTestSetIsNoStepAndUndoAndRedoLeaveIt() throws {
        var editor = Editor(document: twoStates())
        editor.keepTestSet("a accept\n")
        #expect(!editor.canUndo, "keeping a test set is no undo step")
        editor.apply(.toggleFinal(id: 0))
        editor.keepTestSet("b reject\n")
        #expect(editor.undo() && !editor.document.states[0].isFinal && editor.document.testSet == "b reject\n")
        #expect(editor.redo() && editor.document.states[0].isFinal && editor.document.testSet == "b reject\n")
        // Kept in the file, and left out of it when empty (older files read as before).
        let back = try AutomatonFile.decoded(Data(try AutomatonFile.contents(of: editor.document)), from: URL(fileURLWithPath: "t.automaton"))
        #expect(back.testSet == "b reject\n")
        #expect(!String(decoding: try AutomatonFile.contents(of: twoStates()), as: UTF8.self).contains("testSet"))
    }

    @Test func renameToggleFinalAndSetInitial() {
        let document = twoStates()
        #expect(document.applying(.renameState(id: 1, name: "odd")).state(1)?.name == "odd")
        let final = document.applying(.toggleFinal(id: 0))
        #expect(final.state(0)?.isFinal == true)
        #expect(final.applying(.toggleFinal(id: 0)) == document, "toggling twice is no change")
        let initial = document.applying(.setInitial(id: 1, isInitial: true))
        #expect(initial.state(1)?.isInitial == true && initial.automaton.initial == [1])
        #expect(initial.applying(.setInitial(id: 1, isInitial: false)) == document)
    }

    @Test func movingAStateCarriesTheEndsOfItsTransitions() {
        let moved = twoStates().applying(.moveState(id: 1, to: point(300, 200)))
        #expect(moved.state(1)?.center == point(300, 200))
        #expect(moved.transition(2)?.start == point(140, 100), "the other end stays")
        #expect(moved.transition(2)?.end == point(260, 200))
        #expect(moved.transition(3)?.start == point(300, 160) && moved.transition(3)?.end == point(300, 120), "a self-loop moves whole")
    }

    @Test func addTransitionWithFreeEndsThenConnectIt() {
        let document = twoStates().applying(.addTransition(from: 1, to: nil, start: point(300, 140), end: point(300, 300)))
        let dangling = document.transition(4)
        #expect(dangling?.from == 1 && dangling?.to == nil && dangling?.isConnected == false)
        let connected = document.applying(.connect(transition: 4, end: .end, state: 0))
        #expect(connected.transition(4)?.to == 0 && connected.transition(4)?.isConnected == true)
        #expect(document.applying(.connect(transition: 4, end: .start, state: 0)).transition(4)?.from == 0)
        #expect(document.applying(.addTransition(from: 99, to: 0, start: point(0, 0), end: point(1, 1))).transitions.last?.from == nil,
                "an end naming no state is free")
    }

    @Test func selfLoopStartsOnTheStateEdgeTowardsItsLabel() {
        let document = twoStates()
        let loop = document.transition(3)
        #expect(loop?.isSelfLoop == true && loop?.start == point(300, 60) && loop?.end == point(300, 20))
        let above = document.applying(.addSelfLoop(state: 0)).transitions.last
        #expect(above?.from == 0 && above?.to == 0 && above?.end == point(100, 20), "above the state by default")
    }

    @Test func setSymbolsReplacesWhatATransitionReads() {
        let document = twoStates().applying(.setSymbols(transition: 2, symbols: [.text("b"), .epsilon]))
        #expect(document.transition(2)?.symbols == [.text("b"), .epsilon])
        #expect(document.automaton.transitions == [.init(from: 0, symbol: .text("b"), to: 1), .init(from: 0, symbol: .epsilon, to: 1)])
    }

    @Test func removingAStateFreesTheOtherEndsAndDropsItsSelfLoops() {
        let document = twoStates().applying(.removeState(id: 1))
        #expect(document.states.map(\.id) == [0])
        #expect(document.transitions.count == 1, "the self-loop on q1 went with it")
        let kept = document.transition(2)
        #expect(kept?.from == 0 && kept?.to == nil && kept?.end == point(260, 100), "the free end stays where it was drawn")
        let other = twoStates().applying(.removeState(id: 0)).transition(2)
        #expect(other?.from == nil && other?.to == 1 && other?.start == point(140, 100))
    }

    @Test func removeTransition() {
        let document = twoStates().applying(.removeTransition(id: 2))
        #expect(document.transitions.map(\.id) == [3])
        #expect(document.states == twoStates().states)
    }

    @Test func actionsOnMissingElementsChangeNothing() {
        let document = twoStates()
        for action: EditAction in [
            .renameState(id: 9, name: "x"), .toggleFinal(id: 9), .setInitial(id: 9, isInitial: true), .moveState(id: 9, to: point(0, 0)),
            .connect(transition: 9, end: .end, state: 0), .connect(transition: 2, end: .end, state: 9), .addSelfLoop(state: 9),
            .setSymbols(transition: 9, symbols: []), .removeState(id: 9), .removeTransition(id: 9),
        ] {
            #expect(document.applying(action) == document, "\(action)")
        }
    }

    /// Every action, applied in an editor, is undone back to the exact document before it and
    /// redone to the exact document after it.
    @Test func everyActionUndoesAndRedoes() {
        let actions: [EditAction] = [
            .addState(center: point(500, 100), radius: 35), .renameState(id: 0, name: "start"), .toggleFinal(id: 1),
            .setInitial(id: 0, isInitial: true), .moveState(id: 0, to: point(90, 140)),
            .addTransition(from: 1, to: nil, start: point(300, 140), end: point(300, 300)),
            .connect(transition: 2, end: .end, state: 0), .addSelfLoop(state: 0, symbols: [.text("b")]),
            .setSymbols(transition: 2, symbols: [.epsilon]), .removeState(id: 1), .removeTransition(id: 3),
        ]
        for action in actions {
            var editor = Editor(document: twoStates())
            let before = editor.document
            let changed = editor.apply(action)
            #expect(changed, "\(action) changes the document")
            let after = editor.document
            #expect(after == before.applying(action))
            #expect(editor.canUndo && !editor.canRedo)
            let undone = editor.undo()
            #expect(undone && editor.document == before, "undo \(action)")
            #expect(editor.canRedo && !editor.canUndo)
            let redone = editor.redo()
            #expect(redone && editor.document == after, "redo \(action)")
            let again = editor.redo()
            #expect(!again, "nothing more to redo")
        }
    }

    @Test func aListOfActionsIsOneStep() {
        var editor = Editor()
        editor.apply([.addState(center: point(0, 0), radius: 30), .toggleFinal(id: 0), .setInitial(id: 0, isInitial: true)])
        #expect(editor.document.states.first?.isFinal == true && editor.document.states.first?.isInitial == true)
        editor.undo()
        #expect(editor.document == AutomatonDocument() && !editor.canUndo)
    }

    @Test func historyUndoesAndRedoesInOrderAndANewStepClearsRedo() {
        var editor = Editor()
        editor.apply(.addState(center: point(0, 0), radius: 30))
        let one = editor.document
        editor.apply(.addState(center: point(100, 0), radius: 30))
        let two = editor.document
        var results: [Bool] = []
        results.append(editor.undo())
        #expect(editor.document == one)
        results.append(editor.undo())
        #expect(editor.document == AutomatonDocument())
        results.append(editor.undo())
        results.append(editor.redo())
        #expect(editor.document == one)
        results.append(editor.redo())
        #expect(editor.document == two)
        #expect(results == [true, true, false, true, true])
        editor.undo()
        editor.apply(.toggleFinal(id: 0))
        #expect(!editor.canRedo, "a new step forgets the undone one")
    }

    @Test func aStepThatChangesNothingIsNotRecorded() {
        var editor = Editor(document: twoStates())
        let changed = editor.apply(.removeState(id: 42))
        #expect(!changed)
        #expect(!editor.canUndo)
    }

    @Test func idsAreNeverReusedEvenAfterRemovalOrUndo() {
        var editor = Editor()
        editor.apply(.addState(center: point(0, 0), radius: 30))       // id 0
        editor.apply(.addState(center: point(100, 0), radius: 30))     // id 1
        editor.apply(.removeState(id: 1))
        editor.apply(.addState(center: point(200, 0), radius: 30))
        #expect(editor.document.states.map(\.id) == [0, 2], "a removed state's id is not given again")
        editor.undo()
        editor.undo()  // back before the removal: state 1 exists again
        #expect(editor.document.states.map(\.id) == [0, 1])
        editor.undo()  // back before state 1 was added
        editor.apply(.addTransition(from: 0, to: 0, start: point(0, -30), end: point(0, -60)))
        #expect(editor.document.transitions.map(\.id) == [3], "ids 1 and 2, given out before the undo, are not given again")
        #expect(editor.document.applying(.addState(center: point(0, 0), radius: 1)).states.last?.id == 4)
    }
}
