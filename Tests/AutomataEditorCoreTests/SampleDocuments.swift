@testable import AutomataEditorCore

/// Documents shared by the file, export and check tests.
enum SampleDocuments {
    private static func at(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    /// A drawing like a textbook figure: an opposite pair, parallel transitions, loops (one
    /// drawn below its state), an ε-move, a final state, and one dangling transition.
    static let textbook = AutomatonDocument(
        states: [
            .init(id: 0, name: "q0", center: at(100, 200), radius: 32, isInitial: true),
            .init(id: 1, name: "q1", center: at(290, 200), radius: 32),
            .init(id: 2, name: "q2", center: at(480, 200), radius: 32, isFinal: true),
            .init(id: 3, name: "trap", center: at(290, 370), radius: 36),
        ],
        transitions: [
            .init(id: 4, from: 0, to: 1, start: at(130, 195), end: at(260, 195), symbols: [.text("a")]),
            .init(id: 5, from: 1, to: 0, start: at(260, 210), end: at(130, 210), symbols: [.text("b")]),
            .init(id: 6, from: 1, to: 2, start: at(320, 200), end: at(450, 200), symbols: [.text("a")]),
            .init(id: 7, from: 1, to: 2, start: at(320, 205), end: at(450, 205), symbols: [.text("c")]),
            .init(id: 8, from: 2, to: 2, start: at(470, 170), end: at(480, 110), symbols: [.text("a"), .text("b")]),
            .init(id: 9, from: 0, to: 0, start: at(90, 230), end: at(100, 290), symbols: [.text("b")]),
            .init(id: 10, from: 2, to: 3, start: at(460, 225), end: at(320, 360), symbols: [.epsilon]),
            .init(id: 11, from: 3, to: 3, start: at(280, 400), end: at(290, 470), symbols: [.text("a"), .text("b"), .text("c")]),
            .init(id: 12, from: 2, to: nil, start: at(510, 210), end: at(600, 290), symbols: [.text("d")]),
            .init(id: 13, from: nil, to: 0, start: at(30, 150), end: at(75, 180)),
        ],
        extraSymbols: [])
}

extension SampleDocuments {
    /// Big states as drawn on a tablet, a long name, a vertical pair both ways, a loop drawn
    /// to the right, and two initial states (one arrow drawn from above).
    static let large = AutomatonDocument(
        states: [
            .init(id: 0, name: "start", center: CanvasPoint(x: 150, y: 150), radius: 70, isInitial: true),
            .init(id: 1, name: "waiting for input", center: CanvasPoint(x: 150, y: 450), radius: 75),
            .init(id: 2, name: "done", center: CanvasPoint(x: 500, y: 300), radius: 60, isInitial: true, isFinal: true),
        ],
        transitions: [
            .init(id: 3, from: 0, to: 1, start: CanvasPoint(x: 140, y: 220), end: CanvasPoint(x: 140, y: 380), symbols: [.text("go")]),
            .init(id: 4, from: 1, to: 0, start: CanvasPoint(x: 160, y: 380), end: CanvasPoint(x: 160, y: 220), symbols: [.text("back"), .epsilon]),
            .init(id: 5, from: 1, to: 2, start: CanvasPoint(x: 220, y: 420), end: CanvasPoint(x: 440, y: 320), symbols: [.text("ok")]),
            .init(id: 6, from: 2, to: 2, start: CanvasPoint(x: 560, y: 290), end: CanvasPoint(x: 640, y: 300), symbols: [.text("0"), .text("1")]),
            .init(id: 7, from: 0, to: 2, start: CanvasPoint(x: 220, y: 150), end: CanvasPoint(x: 450, y: 260), symbols: [.text("skip")]),
            .init(id: 8, from: nil, to: 2, start: CanvasPoint(x: 500, y: 160), end: CanvasPoint(x: 500, y: 235)),
        ])
}
