/// What a stroke, text or eraser path means for the document: the edits (applied together as
/// one undoable step; none when nothing changes) and a message saying what happened.
public struct Interpretation: Hashable, Sendable, CustomStringConvertible {
    public var actions: [EditAction]
    /// One line for the user: `circle → state q2 at (340, 120)`, `rejected (…): nothing changed`.
    public var message: String
    /// The edits revise the step just before (the next stroke of a handwritten word): an
    /// editor makes them one undoable step with it.
    public var revisesLastStep = false
    /// The stroke is a ring the size of a letter that the symbol model reads: writing, whatever
    /// its width (a wide 0 is wider than the ink a letter's size allows, its ring no bigger).
    var isLetterRing = false

    public init(actions: [EditAction], message: String) {
        self.actions = actions
        self.message = message
    }

    /// No edit, and why.
    public static func nothing(_ reason: String) -> Interpretation {
        Interpretation(actions: [], message: reason + ": nothing changed")
    }

    /// No edit: the stroke is a ring read as a letter (`isLetterRing`).
    static func writing(_ reason: String) -> Interpretation {
        var result = nothing(reason)
        result.isLetterRing = true
        return result
    }

    public var changesNothing: Bool { actions.isEmpty }

    /// Whether the edits add, remove or change a state or transition (waiting ink, and
    /// whether a direction came from a drawn head, are not elements).
    public var changesElements: Bool {
        actions.contains { action in
            switch action {
            case .setPending, .setHead, .setWords: false
            default: true
            }
        }
    }
    public var description: String { message }

    /// The reading with the document's waiting ink, as its edits leave it, changed by `change`
    /// (one more edit, when that changes anything).
    func changingPending(in document: AutomatonDocument, _ change: (inout PendingInk) -> Void) -> Interpretation {
        let after = document.applying(actions).pending
        var pending = after
        change(&pending)
        guard pending != after else { return self }
        var result = self
        result.actions.append(.setPending(pending))
        return result
    }
}

extension CanvasPoint {
    /// `(340, 120)`: rounded to whole points, for messages. A coordinate no `Int` holds (files
    /// may hold any finite number, and sums of huge ones overflow) is written as a `Double`
    /// instead of stopping the program.
    var roundedText: String { "(\(Self.whole(x)), \(Self.whole(y)))" }

    private static func whole(_ value: Double) -> String {
        let rounded = value.rounded()
        return abs(rounded) < 1e15 ? String(Int(rounded)) : "\(rounded)"
    }
}
