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
    /// Which strokes make each character, left to right, as indices into `strokes` (commas
    /// and other separators are in none): a correction saves each character's strokes as a
    /// training image of the class typed for it.
    public var characters: [[Int]]

    public init(strokes: [[CanvasPoint]], text: String, isSure: Bool, effect: Effect, characters: [[Int]] = []) {
        self.strokes = strokes
        self.text = text
        self.isSure = isSure
        self.effect = effect
        self.characters = characters
    }

    private enum CodingKeys: String, CodingKey { case strokes, text, isSure, effect, characters }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(strokes: try values.decode([[CanvasPoint]].self, forKey: .strokes),
                  text: try values.decode(String.self, forKey: .text),
                  isSure: try values.decode(Bool.self, forKey: .isSure),
                  effect: try values.decode(Effect.self, forKey: .effect),
                  characters: try values.decodeIfPresent([[Int]].self, forKey: .characters) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(strokes, forKey: .strokes)
        try values.encode(text, forKey: .text)
        try values.encode(isSure, forKey: .isSure)
        try values.encode(effect, forKey: .effect)
        try values.encode(characters, forKey: .characters)
    }

    /// Not one character was read as a symbol: a scribble or a mark, not writing.
    public var isNoWriting: Bool { text.allSatisfy { $0 == "?" || $0 == "," } }

    /// The middle of its ink: where its text is placed, and where a correction is applied.
    public var center: CanvasPoint {
        let box = box
        return CanvasPoint(x: (box.min.x + box.max.x) / 2, y: (box.min.y + box.max.y) / 2)
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
