import Testing
@testable import AutomataEditorCore

/// Labels typed beside a transition: symbols are separated by commas, semicolons or spaces,
/// and the message says when a space split them.
@Suite struct TypedLabelTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    /// q0 and q1 with a transition q0 → q1 between them, labelled by typing at (200, 90).
    private func label(_ text: String) -> (symbols: [Symbol], message: String) {
        var editor = Editor(document: AutomatonDocument().applying([
            .addState(center: p(100, 100), radius: 40),
            .addState(center: p(300, 100), radius: 40),
            .addTransition(from: 0, to: 1, start: p(140, 100), end: p(260, 100)),
        ]))
        let message = editor.perform(.text(text, at: p(200, 90)), with: ShippedModel.interpreter)
        return (editor.document.transitions.first?.symbols ?? [], message)
    }

    @Test func theLabelReachGrowsWithStatesDrawnBig() {
        // A hand drawing states 200 points across writes its labels farther out: 150 points
        // from the line labels it there, and not beside states a third of the size.
        func labelled(radius: Double) -> [Symbol] {
            var editor = Editor(document: AutomatonDocument().applying([
                .addState(center: p(0, 0), radius: radius),
                .addState(center: p(800, 0), radius: radius),
                .addTransition(from: 0, to: 1, start: p(radius, 0), end: p(800 - radius, 0)),
            ]))
            editor.perform(.text("a", at: p(400, -150)), with: ShippedModel.interpreter)
            return editor.document.transitions.first?.symbols ?? []
        }
        #expect(labelled(radius: 100) == [.text("a")])
        #expect(labelled(radius: 35).isEmpty)
    }

    @Test func aSpaceSeparatesSymbolsAndTheMessageSaysSo() {
        let (symbols, message) = label("a b")
        #expect(symbols == [.text("a"), .text("b")])
        #expect(message.hasSuffix("(a space separates symbols, as a comma does)"), "\(message)")
    }

    @Test func commasAndSemicolonsSeparateSymbolsWithoutAWordAboutSpaces() {
        let (symbols, message) = label("0, 1;eps")
        #expect(symbols == [.text("0"), .text("1"), .epsilon])
        #expect(!message.contains("a space separates"), "\(message)")
    }

    @Test func aSymbolWrittenTwiceIsReadOnce() {
        #expect(label("a a,b").symbols == [.text("a"), .text("b")])
    }

    @Test func aStateNameKeepsItsSpaces() {
        var editor = Editor(document: AutomatonDocument().applying(.addState(center: p(100, 100), radius: 40)))
        editor.perform(.text("even a", at: p(100, 100)), with: ShippedModel.interpreter)
        #expect(editor.document.states.first?.name == "even a")
    }
}
