/// The shapes the classifier tells apart, by the labels of the shipped model.
public enum ShapeKind: String, CaseIterable, Hashable, Sendable {
    /// A state (a second ring around a state makes it final).
    case circle
    /// A transition, or an initial-state marker when it starts on empty canvas.
    case arrow
    /// A self-loop.
    case cycle
}
