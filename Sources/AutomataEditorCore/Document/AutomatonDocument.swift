/// What the editor shows and saves: states and transitions as drawn, with their positions.
/// A value type: every edit makes a new document, so undo is keeping the old one.
public struct AutomatonDocument: Hashable, Codable, Sendable {
    public struct State: Hashable, Codable, Sendable, Identifiable {
        public var id: Int
        public var name: String
        public var center: CanvasPoint
        public var radius: Double
        public var isInitial: Bool
        public var isFinal: Bool
        /// Where the initial arrow drawn into this state started (nil: not drawn, or not initial);
        /// the export draws it from there, and text beside it is its caption.
        public var initialArrowStart: CanvasPoint?

        public init(id: Int, name: String, center: CanvasPoint, radius: Double, isInitial: Bool = false, isFinal: Bool = false,
                    initialArrowStart: CanvasPoint? = nil) {
            self.id = id
            self.name = name
            self.center = center
            self.radius = radius
            self.isInitial = isInitial
            self.isFinal = isFinal
            self.initialArrowStart = initialArrowStart
        }
    }

    /// A transition as drawn: either end may be free (not yet on a state), when the arrow was
    /// drawn from or to empty canvas. `from == to` (not nil) is a self-loop.
    public struct Transition: Hashable, Sendable, Identifiable {
        public var id: Int
        public var from: Int?
        public var to: Int?
        /// Where the drawn arrow starts and where its tip is (for a self-loop: the loop's
        /// outermost point, where its label goes).
        public var start: CanvasPoint
        public var end: CanvasPoint
        /// The line as drawn from `start` to `end`: the two inner control points of a cubic
        /// Bézier for a curved one (an arc, an S, a return edge), none for a straight one.
        /// Self-loops have none: they are drawn round their state.
        public var controls: [CanvasPoint]
        public var symbols: [Symbol]
        /// Whether its direction comes from a drawn head, or waits for one.
        public var head: Head

        public init(id: Int, from: Int?, to: Int?, start: CanvasPoint, end: CanvasPoint, controls: [CanvasPoint] = [],
                    symbols: [Symbol] = [], head: Head = .drawn) {
            self.id = id
            self.from = from
            self.to = to
            self.start = start
            self.end = end
            self.controls = controls
            self.symbols = symbols
            self.head = head
        }

        public var isSelfLoop: Bool { from != nil && from == to }
        /// Both ends on states: part of the automaton.
        public var isConnected: Bool { from != nil && to != nil }
        /// Drawn as a curve rather than a straight line.
        public var isCurved: Bool { controls.count == 2 }
    }

    public var states: [State]
    public var transitions: [Transition]
    /// Symbols the user declared beyond those on transitions (an alphabet can have unused symbols).
    public var extraSymbols: [String]
    /// The next id for a new state or transition: ids are never reused, so undo and messages stay unambiguous.
    public var nextID: Int
    /// Ink that waits for the stroke that completes its symbol: a name written before its
    /// ring, a head drawn before its shaft. Not part of the automaton.
    public var pending: PendingInk
    /// Handwritten words read and finished, in the order written: their ink stays (the page
    /// shows it faded, under what it read) so that a misreading can be corrected later. The
    /// word still being written is `pending.word`.
    public var words: [WrittenWord]
    /// The test words kept with the drawing: a word a line with its expected verdict, as
    /// `WordTestSet` reads them (a student's set goes with the exercise it tests). Not part
    /// of the automaton, and no undo step: undo and redo leave it as it is.
    public var testSet: String
    /// The document and operation an algorithm made this one from (nil: drawn, or opened from a
    /// file). Set once, when the result is made, and never edited: every state in the undo
    /// history has the same one.
    public var origin: Origin?

    public init(states: [State] = [], transitions: [Transition] = [], extraSymbols: [String] = [], nextID: Int? = nil,
                pending: PendingInk = PendingInk(), words: [WrittenWord] = [], testSet: String = "", origin: Origin? = nil) {
        self.states = states
        self.transitions = transitions
        self.extraSymbols = extraSymbols
        self.nextID = nextID ?? ((states.map(\.id) + transitions.map(\.id)).max().map { $0 + 1 } ?? 0)
        self.pending = pending
        self.words = words
        self.testSet = testSet
        self.origin = origin
    }

    /// Where an algorithm's result came from: the source document by name, the operation (as
    /// `AutomatonOperation` names it) and, for one on two documents, the other's name. Names
    /// only, so a source renamed or deleted later leaves the result as it is.
    public struct Origin: Hashable, Codable, Sendable {
        public var source: String
        public var operation: String
        public var other: String?

        public init(source: String, operation: String, other: String? = nil) {
            self.source = source
            self.operation = operation
            self.other = other
        }
    }

    /// Every handwritten word on the canvas: the finished ones, then the one being written.
    /// A word's place in this list is how the page and the server name it.
    public var writtenWords: [WrittenWord] { words + (pending.word.map { [$0] } ?? []) }

    public func state(_ id: Int) -> State? { states.first { $0.id == id } }
    public func transition(_ id: Int) -> Transition? { transitions.first { $0.id == id } }

    /// The automaton the drawing means: every state (in document order), connected
    /// transitions with their symbols (one without symbols reads nothing yet and is left
    /// out), initial and final states as marked.
    public var automaton: Automaton {
        let index = Dictionary(uniqueKeysWithValues: states.enumerated().map { ($1.id, $0) })
        var moves = Set<Automaton.Transition>()
        for t in transitions {
            guard let from = t.from.flatMap({ index[$0] }), let to = t.to.flatMap({ index[$0] }) else { continue }
            for symbol in t.symbols { moves.insert(.init(from: from, symbol: symbol, to: to)) }
        }
        return Automaton(
            stateCount: states.count,
            initial: Set(states.indices.filter { states[$0].isInitial }),
            accepting: Set(states.indices.filter { states[$0].isFinal }),
            transitions: moves, alphabet: Set(extraSymbols), names: states.map(\.name))
    }
}

extension AutomatonDocument.Transition: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, from, to, start, end, controls, symbols, head
    }

    // `controls` is left out for a straight transition, so documents written before curves
    // were kept read as they did and are written byte for byte as before.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try values.decode(Int.self, forKey: .id),
                  from: try values.decodeIfPresent(Int.self, forKey: .from),
                  to: try values.decodeIfPresent(Int.self, forKey: .to),
                  start: try values.decode(CanvasPoint.self, forKey: .start),
                  end: try values.decode(CanvasPoint.self, forKey: .end),
                  controls: try values.decodeIfPresent([CanvasPoint].self, forKey: .controls) ?? [],
                  symbols: try values.decode([Symbol].self, forKey: .symbols),
                  head: try values.decodeIfPresent(Head.self, forKey: .head) ?? .drawn)
    }

    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(id, forKey: .id)
        try values.encodeIfPresent(from, forKey: .from)
        try values.encodeIfPresent(to, forKey: .to)
        try values.encode(start, forKey: .start)
        try values.encode(end, forKey: .end)
        if !controls.isEmpty { try values.encode(controls, forKey: .controls) }
        try values.encode(symbols, forKey: .symbols)
        if head != .drawn { try values.encode(head, forKey: .head) }
    }
}

extension AutomatonDocument.Transition {
    /// What gives a transition its direction.
    public enum Head: String, Hashable, Codable, Sendable {
        /// A head was drawn (in the same stroke or apart): it points at `to`.
        case drawn
        /// A shaft without a head yet, the last thing drawn: a head drawn next may turn it.
        case awaited
        /// No head was drawn; the next stroke settled it the way it was drawn. A head drawn
        /// later at either end still directs it.
        case missing
    }
}

extension AutomatonDocument {
    private enum CodingKeys: String, CodingKey {
        case states, transitions, extraSymbols, nextID, pending, words, testSet, origin
    }

    // `pending`, `words`, `testSet` and `origin` are left out when empty, so documents without waiting
    // ink or handwriting are written byte for byte as before, and older files read as they did.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(states: try values.decode([State].self, forKey: .states),
                  transitions: try values.decode([Transition].self, forKey: .transitions),
                  extraSymbols: try values.decode([String].self, forKey: .extraSymbols),
                  nextID: try values.decode(Int.self, forKey: .nextID),
                  pending: try values.decodeIfPresent(PendingInk.self, forKey: .pending) ?? PendingInk(),
                  words: try values.decodeIfPresent([WrittenWord].self, forKey: .words) ?? [],
                  testSet: try values.decodeIfPresent(String.self, forKey: .testSet) ?? "",
                  origin: try values.decodeIfPresent(Origin.self, forKey: .origin))
    }

    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(states, forKey: .states)
        try values.encode(transitions, forKey: .transitions)
        try values.encode(extraSymbols, forKey: .extraSymbols)
        try values.encode(nextID, forKey: .nextID)
        if !pending.isEmpty { try values.encode(pending, forKey: .pending) }
        if !words.isEmpty { try values.encode(words, forKey: .words) }
        if !testSet.isEmpty { try values.encode(testSet, forKey: .testSet) }
        try values.encodeIfPresent(origin, forKey: .origin)
    }
}
