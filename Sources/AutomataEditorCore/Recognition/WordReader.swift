import StrokeModel

/// Reads handwriting with the symbol model: a word's strokes grouped into characters (strokes
/// that overlap across, in any order: "b" as two strokes, the dot of an i put on last),
/// each character classified from its strokes together, and the characters joined left to
/// right, with a comma where a comma, a semicolon or a space was written.
public struct WordReader: Sendable {
    public let classifier: StrokeClassifier
    /// A character whose top probability is under this is unsure, and so is its word.
    public var sureness: Float

    public init(classifier: StrokeClassifier, sureness: Float = 0.5) {
        self.classifier = classifier
        self.sureness = sureness
    }

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

    public func read(_ strokes: [[CanvasPoint]]) -> Reading {
        let boxes = strokes.map { InkBox(around: $0) }
        let height = Self.lineHeight(boxes)
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
            } else {
                characters.append([index])
            }
        }
        let read = characters.sorted { union($0, boxes).min.x < union($1, boxes).min.x }.map { members in
            let classification = classifier.classify(strokes: members.map { strokes[$0] })
            return Character(label: classification.topLabel, confidence: classification.confidence, strokes: members)
        }
        var text = ""
        for (position, character) in read.enumerated() {
            if position > 0 {
                let previous = union(read[position - 1].strokes, boxes), box = union(character.strokes, boxes)
                let commaBetween = separators.contains { boxes[$0].min.x >= previous.max.x - 0.2 * height && boxes[$0].max.x <= box.min.x + 0.2 * height }
                if commaBetween || box.min.x - previous.max.x > 0.7 * height { text += "," }
            }
            text += character.label == "λ" ? "ε" : character.label == RejectionRule.otherLabel ? "?" : character.label
        }
        let sure = !read.isEmpty && read.allSatisfy { $0.label != RejectionRule.otherLabel && $0.confidence >= sureness }
        return Reading(characters: read, text: text, isSure: sure)
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

    /// A comma (or the tail of a semicolon): a small mark, under 0.4 of the line's height,
    /// whose top is in the line's lower half and which stands apart from the strokes around it.
    static func isComma(_ box: InkBox, height: Double, among boxes: [InkBox]) -> Bool {
        guard box.extent < 0.4 * height, boxes.count > 1 else { return false }
        let top = boxes.map(\.min.y).min()!, bottom = boxes.map(\.max.y).max()!
        guard box.min.y >= top + 0.5 * (bottom - top) - 0.05 * height else { return false }
        return !boxes.contains { $0 != box && $0.extent >= 0.4 * height && overlap(box, $0, height: height) >= 0.5 }
    }

    /// How much of the narrower box's width the two share across, with a little slack (0.08 of
    /// the line's height: a pen lifted and put down again lands a little off); a box narrower
    /// than 0.15 of the height (an upright stroke, a dot) counts as that wide.
    static func overlap(_ a: InkBox, _ b: InkBox, height: Double) -> Double {
        let shared = min(a.max.x, b.max.x) - max(a.min.x, b.min.x) + 0.08 * height
        return max(0, shared) / max(min(a.max.x - a.min.x, b.max.x - b.min.x), 0.15 * height)
    }

    /// The least height writing counts as, in canvas points.
    static let floor = 12.0
}
