import StrokeModel

/// Reads handwriting with the symbol model: a word's strokes grouped into characters (strokes
/// that overlap across, in any order: "b" as two strokes, the dot of an i put on last; or one
/// begun on the stem just drawn: the shoulder of an r),
/// each character classified from its strokes together, and the characters joined left to
/// right, with a comma where a comma, a semicolon or a space was written; an l or an o that
/// stands alone, or after a name's letter, reads as the digit it looks like (`prefersDigitLookalikes`).
public struct WordReader: Sendable {
    public let classifier: StrokeClassifier
    /// A character whose top probability is under this is unsure, and so is its word.
    public var sureness: Float
    /// Whether a letter that looks like a digit (l and 1, o and 0) is read as the digit when
    /// the model gives the digit at least `lookalikeShare` (2%) and the symbol is one character or
    /// a name's second (`q0`): automata are labelled 0 and 1 far more often than l and o; and
    /// such a digit among the letters of a word of three or more as the letter (`odd`).
    public var prefersDigitLookalikes: Bool

    public init(classifier: StrokeClassifier, sureness: Float = 0.5, prefersDigitLookalikes: Bool = true) {
        self.classifier = classifier
        self.sureness = sureness
        self.prefersDigitLookalikes = prefersDigitLookalikes
    }

    /// Letters → the digit they are taken for in automata texts, and back.
    static let digitLookalikes: [String: String] = ["l": "1", "o": "0"]
    static let letterLookalikes: [String: String] = ["1": "l", "0": "o"]
    static let lookalikeShare: Float = 0.02
    /// A character less than this many points across is a tap, not a symbol.
    static let tapSize = 4.0
    /// A word of one stroke less than this many points across is a dot, not a character.
    static let loneDotSize = 6.0

    /// One character as read.
    public struct Character: Hashable, Sendable {
        /// The symbol model's class (`a`, `0`, `ε`), or `other` for ink that is no symbol.
        public var label: String
        public var confidence: Float
        /// The strokes it was read from, as indices into the word's strokes.
        public var strokes: [Int]
    }

    /// What a word's ink says.
    public struct Reading: Hashable, Sendable {
        public var characters: [Character]
        /// The characters as text, separators as commas, λ written as ε: `0,1`, `q0`, `ε`.
        public var text: String
        /// Every character is a symbol the model is sure of.
        public var isSure: Bool
        /// Not one character is a symbol: the ink is a scribble or a mark, not writing.
        public var isNoWriting: Bool { characters.allSatisfy { $0.label == RejectionRule.otherLabel } }
    }

    /// - Parameter alphabet: the one-character symbols the automaton's labels already use; a
    ///   one-character symbol read as another is taken for one of them when the model gives it
    ///   at least `alphabetShare` (but not a c for the a, d, g or q its bowl begins), and one
    ///   read as a symbol of the alphabet is sure from `alphabetSureness`. Empty for a name.
    public func read(_ strokes: [[CanvasPoint]], alphabet: Set<String> = []) -> Reading {
        let boxes = strokes.map { InkBox(around: $0) }
        let height = Self.lineHeight(boxes)
        let tallest = boxes.map { $0.max.y - $0.min.y }.max() ?? 0
        var characters: [[Int]] = []
        var separators: Set<Int> = []
        for (index, box) in boxes.enumerated() {
            if Self.isComma(box, height: height, among: boxes) {
                separators.insert(index)
                continue
            }
            let overlaps = characters.map { Self.overlap(box, union($0, boxes), height: height) }
            if let best = overlaps.indices.max(by: { overlaps[$0] < overlaps[$1] }), overlaps[best] >= 0.3 {
                characters[best].append(index)
            } else if index > 0, Self.isStem(boxes[index - 1], height: height, tallest: tallest),
                      Self.starts(strokes[index], on: strokes[index - 1], height: height),
                      let stem = characters.firstIndex(where: { $0.contains(index - 1) }) {
                characters[stem].append(index)
            } else {
                characters.append([index])
            }
        }
        var classified = characters.sorted { union($0, boxes).min.x < union($1, boxes).min.x }.map { members in
            (members, classifier.classify(strokes: members.map { strokes[$0] }))
        }
        classified = joiningStems(classified, strokes: strokes, boxes: boxes, height: height, tallest: tallest)
        var read = classified.map { members, classification in
            // A tap of the pen, magnified to the model's 28×28, looks like anything: no symbol;
            // nor is a dot alone (a dot, a comma, a landing tap), however it reads.
            union(members, boxes).extent < (strokes.count == 1 ? Self.loneDotSize : Self.tapSize)
                ? Character(label: RejectionRule.otherLabel, confidence: 1, strokes: members)
                : Character(label: classification.topLabel, confidence: classification.confidence, strokes: members)
        }
        // Where each symbol starts: a comma written, or a wide gap.
        let starts = read.indices.map { position in
            guard position > 0 else { return true }
            let previous = union(read[position - 1].strokes, boxes), box = union(read[position].strokes, boxes)
            let commaBetween = separators.contains { boxes[$0].min.x >= previous.max.x - 0.2 * height && boxes[$0].max.x <= box.min.x + 0.2 * height }
            return commaBetween || box.min.x - previous.max.x > 0.7 * height
        }
        if prefersDigitLookalikes {
            for position in read.indices {
                let symbolStart = starts[...position].lastIndex(of: true)!
                let symbolEnd = starts[(position + 1)...].firstIndex(of: true) ?? read.count
                let length = symbolEnd - symbolStart
                let others = (symbolStart..<symbolEnd).filter { $0 != position }.map { read[$0].label }
                let lookalike: String?
                if let digit = Self.digitLookalikes[read[position].label] {
                    // Alone (a label 0 or 1), or after a name's letter (q0).
                    let nameDigit = length == 2 && position == symbolStart + 1 && read[symbolStart].label.first?.isLetter == true
                    lookalike = length == 1 || nameDigit ? digit : nil
                } else if read[position].label.first?.isNumber == true {
                    // Among letters only, in a word of three or more (odd, all, a start read
                    // star7): the letter it looks like, or most like.
                    let amongLetters = length >= 3 && others.allSatisfy { $0.first?.isLetter == true }
                    lookalike = amongLetters ? Self.letterLookalikes[read[position].label] ?? Self.likeliestLetter(classified[position].1) : nil
                } else {
                    lookalike = nil
                }
                guard let lookalike, let share = classified[position].1.probability(of: lookalike), share >= Self.lookalikeShare else { continue }
                // The two readings are one symbol here: sure when together they are.
                read[position].label = lookalike
                read[position].confidence += share
            }
        }
        if !alphabet.isEmpty {
            for position in read.indices where Self.isAlone(position, starts: starts) && !alphabet.contains(read[position].label)
                && read[position].label != RejectionRule.otherLabel {
                let classification = classified[position].1
                let candidates = alphabet.subtracting(Self.completions[read[position].label] ?? [])
                guard let (symbol, share) = candidates.compactMap({ s in classification.probability(of: s).map { (s, $0) } })
                    .max(by: { $0.1 < $1.1 }) else { continue }
                guard share >= Self.alphabetShare else { continue }
                read[position].label = symbol
                read[position].confidence += share
            }
        }
        var text = ""
        for (position, character) in read.enumerated() {
            if position > 0, starts[position] { text += "," }
            text += character.label == "λ" ? "ε" : character.label == RejectionRule.otherLabel ? "?" : character.label
        }
        // A label's symbol the automaton already uses is expected: sure at less.
        let sure = !read.isEmpty && read.indices.allSatisfy { position in
            let character = read[position]
            let expected = Self.isAlone(position, starts: starts) && alphabet.contains(character.label)
            return character.label != RejectionRule.otherLabel && character.confidence >= (expected ? Self.alphabetSureness : sureness)
        }
        return Reading(characters: read, text: text, isSure: sure)
    }

    /// The lower-case letter the model gives the most probability.
    private static func likeliestLetter(_ classification: Classification) -> String? {
        classification.labels.indices.filter { index in
            let label = classification.labels[index]
            return label.count == 1 && ("a"..."z").contains(label)
        }.max { classification.probability(at: $0) < classification.probability(at: $1) }.map { classification.labels[$0] }
    }

    /// Whether the character at `position` is a symbol on its own (a comma or a wide gap on
    /// each side).
    private static func isAlone(_ position: Int, starts: [Bool]) -> Bool {
        starts[position] && (position + 1 == starts.count || starts[position + 1])
    }

    static let alphabetShare: Float = 0.1
    /// How sure the model must be of a one-character label that the automaton's labels use
    /// already (`sureness` for any other character).
    static let alphabetSureness: Float = 0.3
    /// A c is the bowl that a stem makes an a, d, g or q: the share the model gives those on
    /// a c is no sign of them, and a new symbol c is not taken for the a already in use.
    static let completions: [String: Set<String>] = ["c": ["a", "d", "g", "q"]]

    /// An a or a d written as a bowl, then its stem put on a little to its right: the stem
    /// overlaps the bowl too little to be grouped with it, and the two read "c1" (or "a1", the
    /// bowl alone already an a). A bowl (c, o, e, a) followed within a quarter of the line's
    /// height by a stem (an upright stroke) is one character when the model reads the two
    /// together as a, d, g or q it is sure of (an a, for a bowl read as an a).
    private func joiningStems(_ classified: [([Int], Classification)], strokes: [[CanvasPoint]], boxes: [InkBox],
                              height: Double, tallest: Double) -> [([Int], Classification)] {
        var joined = classified
        var position = 0
        while position + 1 < joined.count {
            let (bowl, bowlReading) = joined[position], (stem, _) = joined[position + 1]
            let bowlBox = union(bowl, boxes), stemBox = union(stem, boxes)
            if "coe0au".contains(bowlReading.topLabel), Self.isStem(stemBox, height: height, tallest: tallest, widthShare: Self.joinedStemWidth),
               stemBox.min.x - bowlBox.max.x <= 0.25 * height {
                let members = bowl + stem
                let together = classifier.classify(strokes: members.map { strokes[$0] })
                // A bowl already read as an a or a u takes the stem only as more of that letter
                // (an a then an l is no d).
                let readings = "au".contains(bowlReading.topLabel) ? bowlReading.topLabel : "adgq"
                if readings.contains(together.topLabel), together.confidence >= sureness {
                    joined[position] = (members, together)
                    joined.remove(at: position + 1)
                }
            }
            position += 1
        }
        return joined
    }

    private func union(_ members: [Int], _ boxes: [InkBox]) -> InkBox {
        members.dropFirst().reduce(boxes[members[0]]) { box, index in
            InkBox(min: CanvasPoint(x: min(box.min.x, boxes[index].min.x), y: min(box.min.y, boxes[index].min.y)),
                   max: CanvasPoint(x: max(box.max.x, boxes[index].max.x), y: max(box.max.y, boxes[index].max.y)))
        }
    }

    /// The height of the writing: the tallest stroke's, at least `WordReader.floor` (a word of
    /// dots and commas is no measure).
    static func lineHeight(_ boxes: [InkBox]) -> Double {
        max(boxes.map { $0.max.y - $0.min.y }.max() ?? 0, floor)
    }

    /// A comma (or the tail of a semicolon): a small mark, under 0.4 of the line's height
    /// (under `baselineCommaShare` of it when it hangs from the foot of the other strokes, where
    /// no letter but a comma starts), whose top is in the line's lower half and which stands
    /// apart from the strokes around it.
    static func isComma(_ box: InkBox, height: Double, among boxes: [InkBox]) -> Bool {
        guard boxes.count > 1 else { return false }
        let others = boxes.filter { $0 != box }
        let foot = others.map(\.max.y).max() ?? box.max.y
        let hangs = box.min.y >= foot - 0.1 * height
        guard box.extent < (hangs ? baselineCommaShare : 0.4) * height else { return false }
        let top = boxes.map(\.min.y).min()!, bottom = boxes.map(\.max.y).max()!
        guard box.min.y >= top + 0.5 * (bottom - top) - 0.05 * height else { return false }
        return !boxes.contains { $0 != box && $0.extent >= 0.4 * height && overlap(box, $0, height: height) >= 0.5 }
    }

    static let baselineCommaShare = 0.6

    /// How much of the narrower box's width the two share across, with a little slack (0.08 of
    /// the line's height: a pen lifted and put down again lands a little off); a box narrower
    /// than 0.15 of the height (an upright stroke, a dot) counts as that wide.
    static func overlap(_ a: InkBox, _ b: InkBox, height: Double) -> Double {
        let shared = min(a.max.x, b.max.x) - max(a.min.x, b.min.x) + 0.08 * height
        return max(0, shared) / max(min(a.max.x - a.min.x, b.max.x - b.min.x), 0.15 * height)
    }

    /// Whether `stroke` begins on `other`'s ink (within `touchShare` of the line's height): the
    /// shoulder of an r, the arch of an h or n, the bowl of a b or p, begun on the stem just
    /// drawn and going on beside it, so the two hardly overlap across.
    static func starts(_ stroke: [CanvasPoint], on other: [CanvasPoint], height: Double) -> Bool {
        guard let first = stroke.first else { return false }
        return other.contains { $0.distance(to: first) <= touchShare * height }
    }

    static let touchShare = 0.2

    /// An upright stroke: under `widthShare` (a quarter) of the line's height wide, and over
    /// 0.6 of the tallest stroke's height high (not of the line's height, which is at least
    /// `floor`: a name written small in a small state has stems too).
    static func isStem(_ box: InkBox, height: Double, tallest: Double, widthShare: Double = 0.25) -> Bool {
        box.max.x - box.min.x < widthShare * height && box.max.y - box.min.y > 0.6 * tallest
    }

    /// The widest a stem joined to the bowl before it may be (a slanted one): the model's
    /// reading of the two together decides, so it may be wider than a stem found by place alone.
    static let joinedStemWidth = 0.35

    /// The least height writing counts as, in canvas points.
    static let floor = 6.0
}
