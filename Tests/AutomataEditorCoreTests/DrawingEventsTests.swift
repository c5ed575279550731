import Foundation
import StrokeModel
import Testing
@testable import AutomataEditorCore

/// Texts, eraser paths, drawing files, and a whole drawing played event by event.
@Suite struct DrawingEventsTests {
    private let interpreter = ShippedModel.interpreter
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    /// q0 (100, 200) → q1 (400, 200), a self-loop on q1 and a dangling q1 → ?; built by actions
    /// (ids: states 0, 1; transitions 2, 3, 4).
    private func document() -> AutomatonDocument {
        AutomatonDocument().applying([
            .addState(center: p(100, 200), radius: 40), .addState(center: p(400, 200), radius: 40),
            .addTransition(from: 0, to: 1, start: p(140, 200), end: p(360, 200)),
            .addSelfLoop(state: 1, labelPoint: p(400, 110)),
            .addTransition(from: 1, to: nil, start: p(400, 240), end: p(400, 400)),
        ])
    }

    @Test func textInsideAStateNamesIt() {
        let rules = RecognitionRules()
        let named = rules.text(" even ", at: p(110, 190), in: document())
        #expect(named.actions == [.renameState(id: 0, name: "even")] && named.message == "text \"even\" → state q0 named even")
        #expect(rules.text("q1", at: p(100, 200), in: document()).changesNothing, "names stay unique")
    }

    @Test func textElsewhereLabelsTheNearestTransition() {
        let rules = RecognitionRules()
        let label = rules.text("a, b", at: p(250, 180), in: document())
        #expect(label.actions.first == .setSymbols(transition: 2, symbols: [.text("a"), .text("b")]))
        #expect(label.message == "text \"a, b\" → transition q0 → q1 reading a,b")
        // Remembered: a ring drawn round it next would make it a name instead.
        #expect(document().applying(label.actions).pending.lastLabel
                == TakenLabel(transition: 2, text: WrittenText(text: "a, b", at: p(250, 180)), previous: []))
        #expect(rules.text("eps", at: p(250, 220), in: document()).actions.first == .setSymbols(transition: 2, symbols: [.epsilon]))
        #expect(rules.text("ε,0", at: p(400, 95), in: document()).actions.first == .setSymbols(transition: 3, symbols: [.epsilon, .text("0")]),
                "above the self-loop")
        #expect(rules.text("1", at: p(420, 330), in: document()).actions.first == .setSymbols(transition: 4, symbols: [.text("1")]))
    }

    @Test func textWhereNothingTakesItWaits() {
        let rules = RecognitionRules()
        let far = rules.text("a", at: p(900, 900), in: document())
        #expect(!far.changesElements && far.message.hasPrefix("text \"a\" waits"))
        #expect(document().applying(far.actions).pending.texts == [WrittenText(text: "a", at: p(900, 900))])
        // Just off the dangling transition's free end, where its state will be drawn: a name, not its label.
        let offEnd = rules.text("q2", at: p(405, 430), in: document())
        #expect(document().applying(offEnd.actions).pending.texts.map(\.text) == ["q2"])
        #expect(document().applying(offEnd.actions).transition(4)?.symbols == [])
    }

    @Test func eraserRemovesStatesAndTransitionsItTouches() {
        let rules = RecognitionRules()
        // A scribble over q1 only: q1 and its self-loop go; q0 → q1 and q1 → ? keep their other end.
        let overState = rules.erase(along: [p(390, 190), p(410, 210), p(390, 210), p(410, 190)], in: document())
        #expect(overState.actions == [.removeState(id: 1)] && overState.message == "erase → removed state q1")
        let after = document().applying(overState.actions)
        #expect(after.states.map(\.name) == ["q0"])
        #expect(after.transition(2)?.from == 0 && after.transition(2)?.to == nil)
        #expect(after.transition(3) == nil && after.transition(4)?.from == nil)
        // A stroke across the middle of q0 → q1 removes only that arrow.
        let overArrow = rules.erase(along: [p(250, 170), p(252, 230)], in: document())
        #expect(overArrow.actions == [.removeTransition(id: 2)] && overArrow.message == "erase → removed transition q0 → q1")
        #expect(rules.erase(along: [p(700, 700), p(720, 720)], in: document()).message == "erase: nothing under the eraser: nothing changed")
    }

    @Test func drawingFileEventsAndPlainStrokeLists() throws {
        let json = """
        {"events": [{"stroke": [[0, 0], [10, 5.5]]}, {"text": "a,b", "at": [3, 4]}, {"erase": [[1, 2]]}]}
        """
        #expect(try DrawingFile.events(from: Data(json.utf8)) == [
            .stroke([p(0, 0), p(10, 5.5)]), .text("a,b", at: p(3, 4)), .erase([p(1, 2)]),
        ])
        #expect(try DrawingFile.events(from: Data("[[[0,0],[1,1]],[[2,2],[3,3],[4,4]]]".utf8)) == [
            .stroke([p(0, 0), p(1, 1)]), .stroke([p(2, 2), p(3, 3), p(4, 4)]),
        ])
    }

    @Test(arguments: [
        ("{\"events\": [{\"stroke\": [[0,0],[1,1]]}, {\"stroke\": [[0,0],[1]]}]}", "event 2, point 2: not a pair of numbers (it has 1 value, not 2)"),
        ("{\"events\": [{\"stroke\": []}]}", "event 1: a stroke with no points"),
        ("{\"events\": [{\"stroke\": 7}]}", "event 1: not a list of points"),
        ("{\"events\": [{\"text\": \"a\"}]}", "event 1: a text without \"at\" (where it was written)"),
        ("{\"events\": [{\"text\": 3, \"at\": [0,0]}]}", "event 1: \"text\" is not a string"),
        ("{\"events\": [{\"text\": \"a\", \"at\": [0,\"x\"]}]}", "event 1, \"at\": not a pair of numbers"),
        ("{\"events\": [{\"erase\": []}]}", "event 1: an eraser path with no points"),
        ("{\"events\": [{\"circle\": [[0,0]]}]}", "event 1: keys [\"circle\"] are none of stroke, text with at, erase"),
        ("{\"events\": [5]}", "event 1: not an object like {\"stroke\": ...}, {\"text\": ..., \"at\": ...} or {\"erase\": ...}"),
        ("[[[0,0],[1,1]], [[true,0],[1,1]]]", "stroke 2, point 1: not a pair of numbers"),
        ("[[[0,0],[1,1]], 7]", "stroke 2: not a list of points"),
        ("[[[0, 0], [1, null]]]", "stroke 1, point 2: not a pair of numbers"),
        ("[[[0, 0, 0]]]", "stroke 1, point 1: not a pair of numbers (it has 3 values, not 2)"),
        ("{\"strokes\": []}", "an object without \"events\""),
        ("{\"events\": 3}", "\"events\" is not a list"),
        ("{\"events\": [], \"x\": 1}", "unknown key \"x\" beside \"events\""),
        ("\"hello\"", "the top level is a string, not {\"events\": [...]} or a list of strokes [[[x, y], …], …]"),
        ("42", "the top level is a number, not {\"events\": [...]} or a list of strokes [[[x, y], …], …]"),
    ])
    func drawingFileErrorsNameTheEventAndTheProblem(json: String, expected: String) {
        #expect(throws: DrawingFileError.self) { try DrawingFile.events(from: Data(json.utf8)) }
        do {
            _ = try DrawingFile.events(from: Data(json.utf8))
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func notJSONIsAnError() {
        do {
            _ = try DrawingFile.events(from: Data("{events".utf8))
            Issue.record("no error")
        } catch {
            #expect(error.place == nil && error.problem.hasPrefix("not valid JSON ("))
        }
    }

    /// A small drawing as a file: two states, an initial arrow, a labelled transition, a name,
    /// a final ring, then an eraser; one message per event, each event one undo step.
    @Test func aDrawingFileIsPlayedInOrderWithAMessagePerEvent() throws {
        func points(_ list: [CanvasPoint]) -> String { "[" + list.map { "[\($0.x),\($0.y)]" }.joined(separator: ",") + "]" }
        let events = [
            "{\"stroke\": \(points(HandDrawn.circle(p(100, 200), radius: 40, turns: 1)))}",
            "{\"stroke\": \(points(HandDrawn.circle(p(400, 200), radius: 40, turns: 1)))}",
            "{\"stroke\": \(points(HandDrawn.arrow(from: p(0, 200), to: p(58, 200))))}",
            "{\"stroke\": \(points(HandDrawn.arrow(from: p(145, 200), to: p(355, 200))))}",
            "{\"text\": \"0\", \"at\": [250, 180]}",
            "{\"text\": \"end\", \"at\": [400, 200]}",
            "{\"stroke\": \(points(HandDrawn.circle(p(400, 200), radius: 50)))}",
            "{\"erase\": [[700, 700], [710, 710]]}",
        ]
        let parsed = try DrawingFile.events(from: Data("{\"events\": [\(events.joined(separator: ","))]}".utf8))
        var editor = Editor()
        let messages = editor.perform(parsed, with: interpreter)
        #expect(messages == [
            "circle → state q0 at (100, 200)", "circle → state q1 at (400, 200)", "arrow from empty canvas → q0 initial",
            "arrow → transition q0 → q1", "text \"0\" → transition q0 → q1 reading 0", "text \"end\" → state q1 named end",
            "circle around end → end final", "erase: nothing under the eraser: nothing changed",
        ])
        let automaton = editor.document.automaton
        #expect(automaton.names == ["q0", "end"] && automaton.initial == [0] && automaton.accepting == [1])
        #expect(automaton.transitions == [.init(from: 0, symbol: .text("0"), to: 1)])
        var undos = 0
        while editor.undo() { undos += 1 }
        #expect(undos == 7 && editor.document == AutomatonDocument(), "every event that changed something is one step")
    }
}
