import AutomataEditorCore

/// The situations a real one-stroke gesture is put in, and what each class should do there.
package enum GestureScenario: String, CaseIterable, Sendable, Comparable {
    case emptyCanvas = "on empty canvas"
    case besideState = "beside a state"
    case betweenStates = "between two states"
    case fromState = "from a state to empty canvas"
    case headAtEnd = "head at B, after the shaft"
    case headAtStart = "head at A, after the shaft"
    case headFirst = "head at B, before the shaft"

    package static func < (a: Self, b: Self) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }

    package var isHead: Bool { [.headAtEnd, .headAtStart, .headFirst].contains(self) }
}

/// Builds the scenarios of `automata bench ink` for one gesture. Sizes are the editor's:
/// states 60–80 points across, gestures as drawn (100–250 units across).
package enum GestureScenarios {
    /// What a gesture class means in an automaton drawing.
    package enum Role: Sendable { case state, transition, none }

    /// The classes whose shape is an arrowhead drawn on its own.
    package static let headClasses: Set<String> = ["caret", "v", "check"]

    package static func role(of gestureClass: String) -> Role {
        switch gestureClass {
        case "circle": .state
        case "arrow": .transition
        default: .none
        }
    }

    /// The scenarios a class is measured in.
    package static func scenarios(for gestureClass: String) -> [GestureScenario] {
        switch role(of: gestureClass) {
        case .state, .none:
            [.emptyCanvas, .besideState] + (headClasses.contains(gestureClass) ? [.headAtEnd, .headAtStart, .headFirst] : [])
        case .transition:
            [.betweenStates, .fromState]
        }
    }

    /// `scenario` for `stroke` of `gestureClass`; nil when the stroke has no shape to place
    /// (an arrow without a shaft, a head without an apex).
    package static func scenario(_ scenario: GestureScenario, stroke: [CanvasPoint], gestureClass: String, source: String) -> InkScenario? {
        let expected: InkExpectation = role(of: gestureClass) == .state ? .newState : .nothing
        switch scenario {
        case .emptyCanvas: return onEmptyCanvas(stroke, expected: expected, source: source)
        case .besideState: return besideState(stroke, expected: expected, source: source)
        case .betweenStates: return betweenStates(arrow: stroke, source: source)
        case .fromState: return fromState(arrow: stroke, source: source)
        case .headAtEnd, .headAtStart, .headFirst: return head(stroke, scenario, source: source)
        }
    }

    /// The stroke as the first stroke on an empty canvas.
    package static func onEmptyCanvas(_ stroke: [CanvasPoint], expected: InkExpectation, source: String) -> InkScenario {
        InkScenario(source: source, start: AutomatonDocument(), strokes: [stroke], expected: expected)
    }

    /// Radius of the state beside a gesture, and the gap between its circle and the gesture's
    /// bounding box: clear of the stroke by more than the editor's reach round a state.
    package static let besideRadius = 40.0, besideGap = 60.0

    /// The stroke beside one state (radius 40) to the right of its bounding box, 60 points away.
    package static func besideState(_ stroke: [CanvasPoint], expected: InkExpectation, source: String) -> InkScenario {
        let box = InkBox(stroke)!
        let centre = CanvasPoint(x: box.maxX + besideGap + besideRadius, y: box.centre.y)
        return InkScenario(source: source, start: InkScenario.document(states: [centre], radii: [besideRadius]),
                           strokes: [stroke], expected: expected)
    }

    /// Radius of the states an arrow joins, and how far beyond its tail and tip their centres are.
    package static let arrowStateRadius = 30.0, beyondEnds = 10.0

    /// The arrow between two states centred 10 points beyond its tail and its tip (read from
    /// its shape): one transition from the tail's state (id 0) to the tip's (id 1).
    package static func betweenStates(arrow stroke: [CanvasPoint], source: String) -> InkScenario? {
        guard let arrow = ArrowGesture(stroke: stroke) else { return nil }
        let (tail, tip) = arrowStateCentres(arrow)
        return InkScenario(source: source, start: InkScenario.document(states: [tail, tip], radii: [arrowStateRadius, arrowStateRadius]),
                           strokes: [stroke], expected: .transition(from: 0, to: 1))
    }

    /// The arrow from a state at its tail to empty canvas: one transition leaving that state, its tip free.
    package static func fromState(arrow stroke: [CanvasPoint], source: String) -> InkScenario? {
        guard let arrow = ArrowGesture(stroke: stroke) else { return nil }
        return InkScenario(source: source, start: InkScenario.document(states: [arrowStateCentres(arrow).tail], radii: [arrowStateRadius]),
                           strokes: [stroke], expected: .transition(from: 0, to: nil))
    }

    private static func arrowStateCentres(_ arrow: ArrowGesture) -> (tail: CanvasPoint, tip: CanvasPoint) {
        let d = arrow.direction
        return (CanvasPoint(x: arrow.tail.x - beyondEnds * d.x, y: arrow.tail.y - beyondEnds * d.y),
                CanvasPoint(x: arrow.tip.x + beyondEnds * d.x, y: arrow.tip.y + beyondEnds * d.y))
    }

    /// The head scenes: states A (id 0) and B (id 1), radius 30, their edges `shaftLength` apart
    /// on a horizontal line; a straight shaft drawn from A's edge to B's; the head scaled to
    /// `headSize` (its larger side) with its apex on one end of the shaft, opening back along it.
    package static let headStateRadius = 30.0, shaftLength = 40.0, headSize = 24.0

    package static func head(_ stroke: [CanvasPoint], _ scenario: GestureScenario, source: String) -> InkScenario? {
        guard scenario.isHead, let head = HeadGesture(stroke: stroke) else { return nil }
        let r = headStateRadius
        let a = CanvasPoint(x: 100, y: 100), b = CanvasPoint(x: 100 + 2 * r + shaftLength, y: 100)
        let start = InkScenario.document(states: [a, b], radii: [r, r], names: ["A", "B"])
        let (shaftStart, shaftEnd) = (CanvasPoint(x: a.x + r, y: a.y), CanvasPoint(x: b.x - r, y: b.y))
        let shaft = InkGeometry.line(from: shaftStart, to: shaftEnd)
        switch scenario {
        case .headAtStart:
            let placed = head.placed(apexAt: shaftStart, openingAlong: (1, 0), size: headSize)
            return InkScenario(source: source, start: start, strokes: [shaft, placed], expected: .transition(from: 1, to: 0))
        case .headFirst:
            let placed = head.placed(apexAt: shaftEnd, openingAlong: (-1, 0), size: headSize)
            return InkScenario(source: source, start: start, strokes: [placed, shaft], expected: .transition(from: 0, to: 1))
        default:
            let placed = head.placed(apexAt: shaftEnd, openingAlong: (-1, 0), size: headSize)
            return InkScenario(source: source, start: start, strokes: [shaft, placed], expected: .transition(from: 0, to: 1))
        }
    }
}
