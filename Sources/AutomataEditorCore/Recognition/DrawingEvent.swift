/// One thing the user did on the canvas, in the order it happened.
public enum DrawingEvent: Hashable, Sendable {
    /// A pen stroke, classified as a circle, arrow or cycle.
    case stroke([CanvasPoint])
    /// Handwritten text (already read) at a point: a state's name or a transition's symbols.
    case text(String, at: CanvasPoint)
    /// An eraser path: removes what it touches.
    case erase([CanvasPoint])
}
