/// Ink that is not an element yet because the stroke that completes its symbol has not come:
/// people write a state's name before circling it, and some draw an arrow's head before its
/// shaft. Kept in the document, so the page shows it waiting and undo takes it back.
public struct PendingInk: Hashable, Codable, Sendable {
    /// Text written where nothing takes it (a name written before its ring, a label before
    /// its arrow): the first state drawn round it, or transition drawn beside it, takes it.
    public var texts: [WrittenText]
    /// Heads drawn on their own, waiting for the shaft drawn next.
    public var heads: [DrawnHead]
    /// The last text taken as a transition's label: a ring drawn round it next makes it the
    /// new state's name instead, and gives the transition back what it read before.
    public var lastLabel: TakenLabel?
    /// Where the stroke just before was left alone as writing, or gave a shaft its head: the
    /// next small stroke beside it is more of the same (a word's next letter, a head's second
    /// barb), not a shape.
    public var writing: InkBox?
    /// The box round the run of writing `writing` ends: the strokes left alone as writing one
    /// after the other, each beside the one before. A word's next letter may lie nearer its
    /// first letters than its last stroke (a dot, a comma).
    public var writingRun: InkBox?
    /// The stroke just before, when nothing was made of it (a line too unsure, too short or
    /// too far from the states to read on its own): a head drawn next at one of its ends
    /// makes the two an arrow. Small marks left alone at a state (a head drawn there before
    /// the line's next leg) keep it.
    public var line: [CanvasPoint]?
    /// The handwritten word being written, read by the symbol model (with one).
    public var word: WrittenWord?
    /// The transition just drawn, when its direction came from a mark where its shaft began
    /// (a hook where the pen landed, or a tick drawn before it) rather than a clear head: a
    /// head drawn next at its start is the clearer sign, and turns it.
    public var tentativeHead: Int?
    /// Where the pen left the self-loop or initial arrow just drawn: a head drawn next there
    /// is its head, whatever letter it looks like (a "v", a "4", a "7"), not the first letter
    /// of a label or a caption.
    public var markEnd: CanvasPoint?
    /// The stroke just before, when it may be a head's first barb (a short straight line left
    /// alone at a line's end): a second such line from the same point makes the two a head.
    public var barb: [CanvasPoint]?

    public init(texts: [WrittenText] = [], heads: [DrawnHead] = [], lastLabel: TakenLabel? = nil, writing: InkBox? = nil,
                writingRun: InkBox? = nil, line: [CanvasPoint]? = nil, word: WrittenWord? = nil, tentativeHead: Int? = nil,
                markEnd: CanvasPoint? = nil, barb: [CanvasPoint]? = nil) {
        self.texts = texts
        self.heads = heads
        self.lastLabel = lastLabel
        self.writing = writing
        self.writingRun = writingRun
        self.line = line
        self.word = word
        self.tentativeHead = tentativeHead
        self.markEnd = markEnd
        self.barb = barb
    }

    public var isEmpty: Bool {
        texts.isEmpty && heads.isEmpty && lastLabel == nil && writing == nil && writingRun == nil && line == nil && word == nil
            && tentativeHead == nil && markEnd == nil && barb == nil
    }

    private enum CodingKeys: String, CodingKey { case texts, heads, lastLabel, writing, writingRun, line, word, tentativeHead, markEnd, barb }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(texts: try values.decodeIfPresent([WrittenText].self, forKey: .texts) ?? [],
                  heads: try values.decodeIfPresent([DrawnHead].self, forKey: .heads) ?? [],
                  lastLabel: try values.decodeIfPresent(TakenLabel.self, forKey: .lastLabel),
                  writing: try values.decodeIfPresent(InkBox.self, forKey: .writing),
                  writingRun: try values.decodeIfPresent(InkBox.self, forKey: .writingRun),
                  line: try values.decodeIfPresent([CanvasPoint].self, forKey: .line),
                  word: try values.decodeIfPresent(WrittenWord.self, forKey: .word),
                  tentativeHead: try values.decodeIfPresent(Int.self, forKey: .tentativeHead),
                  markEnd: try values.decodeIfPresent(CanvasPoint.self, forKey: .markEnd),
                  barb: try values.decodeIfPresent([CanvasPoint].self, forKey: .barb))
    }

    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        if !texts.isEmpty { try values.encode(texts, forKey: .texts) }
        if !heads.isEmpty { try values.encode(heads, forKey: .heads) }
        try values.encodeIfPresent(lastLabel, forKey: .lastLabel)
        try values.encodeIfPresent(writing, forKey: .writing)
        try values.encodeIfPresent(writingRun, forKey: .writingRun)
        try values.encodeIfPresent(line, forKey: .line)
        try values.encodeIfPresent(word, forKey: .word)
        try values.encodeIfPresent(tentativeHead, forKey: .tentativeHead)
        try values.encodeIfPresent(markEnd, forKey: .markEnd)
        try values.encodeIfPresent(barb, forKey: .barb)
    }
}

/// Text as written on the canvas: what it says and where.
public struct WrittenText: Hashable, Codable, Sendable {
    public var text: String
    public var at: CanvasPoint

    public init(text: String, at: CanvasPoint) {
        self.text = text
        self.at = at
    }
}

/// An arrowhead drawn as a stroke of its own: where its point is, which way its barbs open
/// (a unit vector from the point back along the shaft it belongs to), and how big it is.
public struct DrawnHead: Hashable, Codable, Sendable {
    public var apex: CanvasPoint
    public var opening: CanvasPoint
    public var size: Double

    public init(apex: CanvasPoint, opening: CanvasPoint, size: Double) {
        self.apex = apex
        self.opening = opening
        self.size = size
    }
}

/// A text that became a transition's label, with what the transition read before.
public struct TakenLabel: Hashable, Codable, Sendable {
    public var transition: Int
    public var text: WrittenText
    public var previous: [Symbol]

    public init(transition: Int, text: WrittenText, previous: [Symbol]) {
        self.transition = transition
        self.text = text
        self.previous = previous
    }
}

/// The box round a stroke: its least and greatest x and y.
public struct InkBox: Hashable, Codable, Sendable {
    public var min: CanvasPoint
    public var max: CanvasPoint

    public init(min: CanvasPoint, max: CanvasPoint) {
        self.min = min
        self.max = max
    }

    /// The box round `points` (at least one).
    public init(around points: [CanvasPoint]) {
        let (xs, ys) = (points.map(\.x), points.map(\.y))
        self.init(min: CanvasPoint(x: xs.min()!, y: ys.min()!), max: CanvasPoint(x: xs.max()!, y: ys.max()!))
    }

    /// Its longer side.
    public var extent: Double { Swift.max(max.x - min.x, max.y - min.y) }

    /// How far apart two boxes are: the gaps between them across and down, added (0 when they overlap).
    public func gap(to other: InkBox) -> Double {
        Swift.max(0, Swift.max(min.x, other.min.x) - Swift.min(max.x, other.max.x))
            + Swift.max(0, Swift.max(min.y, other.min.y) - Swift.min(max.y, other.max.y))
    }

    /// The box round both.
    public func union(_ other: InkBox) -> InkBox {
        InkBox(min: CanvasPoint(x: Swift.min(min.x, other.min.x), y: Swift.min(min.y, other.min.y)),
               max: CanvasPoint(x: Swift.max(max.x, other.max.x), y: Swift.max(max.y, other.max.y)))
    }
}
