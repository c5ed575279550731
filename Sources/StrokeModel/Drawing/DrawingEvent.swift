/// One thing a user did on the canvas, in the order it happened: what a drawing file holds,
/// and what an editor sends for each pen-up.
public enum DrawingEvent: Hashable, Sendable {
    /// A pen stroke, to be classified as a circle, arrow or cycle.
    case stroke([StrokePoint])
    /// Handwritten text (already read) at a point: a state's name or a transition's symbols.
    case text(String, at: StrokePoint)
    /// An eraser path: removes what it touches.
    case erase([StrokePoint])
}
