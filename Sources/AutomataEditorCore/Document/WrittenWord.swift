/// A word being written by hand: its strokes so far, what they read, and what that reading did
/// to the document, so that the next stroke of the word can revise it (an "a" that becomes
/// "a,b", a "q" that becomes "q0"). Kept in `PendingInk` until a stroke that is no writing ends it.
public struct WrittenWord: Hashable, Codable, Sendable {
    public var strokes: [[CanvasPoint]]
    /// What the strokes read: `a,b`, `q0`; a character the model is unsure of is its best guess.
    public var text: String
    /// Whether the symbol model is sure of every character; an unsure word changes nothing
    /// (the page shows it with a "?") until someone confirms or corrects it.
    public var isSure: Bool
    public var effect: Effect

    public init(strokes: [[CanvasPoint]], text: String, isSure: Bool, effect: Effect) {
        self.strokes = strokes
        self.text = text
        self.isSure = isSure
        self.effect = effect
    }

    /// What the reading did, with what was there before.
    public enum Effect: Hashable, Codable, Sendable {
        /// Nothing: unsure, a caption, or nothing could take it.
        case none
        /// A state took it as its name.
        case named(state: Int, previous: String)
        /// A transition took it as its symbols.
        case labelled(transition: Int, previous: [Symbol])
        /// It waits for a state drawn round it or a transition drawn beside it.
        case waiting(WrittenText)
    }

    /// The box round all its ink.
    public var box: InkBox { InkBox(around: strokes.flatMap { $0 }) }
}
