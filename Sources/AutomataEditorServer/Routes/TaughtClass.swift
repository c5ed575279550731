import AutomataEditorCore
import StrokeModel

/// What Teach may say a stroke really was: one of the shapes, or no element of its own.
/// `rawValue` is the request's `"class"`; the shapes keep their `ShapeKind` names, so older
/// pages keep working.
enum TaughtClass: Sendable, Equatable {
    case shape(ShapeKind)
    /// A stray mark.
    case nothing
    /// More of the element drawn before it: an arrow's head, a final state's second ring.
    case partOfLastElement
    /// Handwriting (a label), which the shape model should call none of its shapes.
    case writing

    static let allCases: [TaughtClass] = ShapeKind.allCases.map(TaughtClass.shape) + [.nothing, .partOfLastElement, .writing]

    init?(rawValue: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = match
    }

    var rawValue: String {
        switch self {
        case .shape(let kind): kind.rawValue
        case .nothing: "nothing"
        case .partOfLastElement: "part"
        case .writing: "writing"
        }
    }

    /// What a student calls it (the shape model's names are for developers).
    var title: String {
        switch self {
        case .shape(.circle): "state"
        case .shape(.arrow): "transition"
        case .shape(.cycle): "self-loop"
        case .nothing: "nothing"
        case .partOfLastElement: "part of the last element"
        case .writing: "writing"
        }
    }

    /// The shape model's class folder the stroke is saved under, or nil for none.
    var trainingClass: String? {
        switch self {
        case .shape(let kind): kind.rawValue
        case .nothing, .writing: RejectionRule.otherLabel
        // A head alone is rightly `other`, but a second ring is rightly a circle: from the
        // stroke alone we cannot tell which, and either folder would teach half of them wrong.
        case .partOfLastElement: nil
        }
    }
}
