import AutomataEditorCore
import StrokeModel

/// How large what a client sends may be: beyond these it is no drawing, and the geometry
/// (sums of squares, curve fits) could overflow to values a file cannot hold.
enum InputLimits {
    /// Canvas coordinates and radii, either way.
    static let coordinate = 1_000_000.0
    /// Points in one stroke or eraser path.
    static let points = 10_000
    /// Characters in one text.
    static let text = 500
    /// Characters in a document's test set (a word a line: thousands of words).
    static let testSet = 200_000

    /// The index of the first point off the canvas, if any.
    static func firstOffCanvas(_ points: [CanvasPoint]) -> Int? {
        points.firstIndex { abs($0.x) > coordinate || abs($0.y) > coordinate }
    }

    /// A drawing event held to these limits, whether it came alone (the events route) or
    /// from a file (the ink route); errors are placed at `place` (`event`, `x.inkml, trace 3`).
    static func check(_ event: DrawingEvent, place: String) throws(APIError) {
        let points: [CanvasPoint]
        switch event {
        case .stroke(let stroke): points = stroke
        case .erase(let path): points = path
        case .text(let text, let at):
            guard text.count <= Self.text else {
                throw .badRequest("\(place): the text has \(text.count) characters; the most is \(Self.text)")
            }
            points = [at]
        }
        guard points.count <= Self.points else {
            throw .badRequest("\(place): \(points.count) points; the most is \(Self.points)")
        }
        if let index = firstOffCanvas(points) {
            throw .badRequest("\(place), point \(index + 1): (\(points[index].x), \(points[index].y)) is off the canvas (coordinates are within ±1,000,000)")
        }
    }

    /// A document sent whole (PUT) is held to the same canvas as events.
    static func check(_ document: AutomatonDocument) throws(APIError) {
        for state in document.states where firstOffCanvas([state.center]) != nil || state.radius > coordinate {
            throw .badRequest("the body: state \(state.id) is off the canvas (coordinates and radii are within ±1,000,000)")
        }
        for transition in document.transitions
        where firstOffCanvas([transition.start, transition.end] + transition.controls) != nil {
            throw .badRequest("the body: transition \(transition.id) is off the canvas (coordinates are within ±1,000,000)")
        }
        for (index, word) in document.writtenWords.enumerated()
        where word.strokes.contains(where: { $0.count > points || firstOffCanvas($0) != nil }) || word.text.count > text {
            throw .badRequest("the body: handwritten word \(index) is off the canvas or too long (coordinates within ±1,000,000, \(points) points a stroke, \(text) characters)")
        }
    }
}
