/// A head drawn inside its state in strokes that read as a letter (a "v", a "7"), or a short
/// shaft there that reads as a "1", names the state or waits as text; so does a "V" drawn
/// first just off the state it points into (a "z", a "v"). When the next stroke makes an
/// arrow of that ink (a line drawn out of it or into it, or a head at the far end of the
/// line it was), the word was part of the arrow: what it read is taken back, and the stroke
/// is read as if the ink had been left alone (then `startsAtMarks` directs a line drawn out
/// of it) or, for a V, as a head waiting for its shaft. A self-loop's head drawn first at the
/// state's rim reads as a letter too (a "v", an "r"): a loop drawn next with an end at it
/// takes it back the same way. One step, as the stroke is.
extension StrokeInterpreter {
    func takingWordAsHead(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Interpretation? {
        guard let word = document.pending.word, !word.isNoWriting else { return nil }
        var undo = Self.takingBack(word.effect, in: document)
        var pending = document.applying(undo).pending
        pending.word = nil
        undo.append(.setPending(pending))
        let without = document.applying(undo)
        let revised = asSecondBarb(word, then: stroke, without: without) ?? asWaitingHead(word, then: stroke, without: without) ?? asMarks(word, then: stroke, without: without)
            ?? asLoopHead(word, then: stroke, without: without)
        return revised.map { reading in
            Interpretation(actions: undo + reading.actions, message: "\"\(word.text)\" was part of this arrow, not writing: " + reading.message)
        }
    }

    /// The stroke read without the word, when the word's one stroke was a head's first barb
    /// and the stroke its second.
    private func asSecondBarb(_ word: WrittenWord, then stroke: [CanvasPoint], without: AutomatonDocument) -> Interpretation? {
        guard word.strokes.count == 1, rules.secondBarb(stroke, in: without) != nil else { return nil }
        return interpret(stroke: stroke, in: without)
    }

    /// The stroke read with the word's one stroke waiting as a head, when the head changes
    /// what the stroke makes.
    private func asWaitingHead(_ word: WrittenWord, then stroke: [CanvasPoint], without: AutomatonDocument) -> Interpretation? {
        guard word.strokes.count == 1, let head = rules.head(drawnAs: word.strokes[0], in: without) else { return nil }
        var withHead = without
        withHead.pending.heads.append(head.drawn)
        let reading = interpret(stroke: stroke, in: withHead)
        let arrows = { (document: AutomatonDocument) in document.transitions.filter { !$0.isSelfLoop } }
        let made = arrows(withHead.applying(reading.actions))
        guard made.count > arrows(without).count, made != arrows(without.applying(interpret(stroke: stroke, in: without).actions)) else { return nil }
        return reading
    }

    /// The stroke read with the word's ink left alone, when it makes an arrow with an end in
    /// that ink, at a state's rim.
    private func asMarks(_ word: WrittenWord, then stroke: [CanvasPoint], without: AutomatonDocument) -> Interpretation? {
        // The marks just left alone with the word (a head's first stroke may have read as nothing).
        let box = without.pending.writingRun.map { $0.gap(to: word.box) == 0 ? $0.union(word.box) : word.box } ?? word.box
        let rims = without.states.filter { rules.lieAtRim(box, of: $0) }
        guard !rims.isEmpty else { return nil }
        let reading = interpret(stroke: stroke, in: without)
        let after = without.applying(reading.actions)
        // A new arrow, or one the stroke gave its head or its ends (not just a label).
        let partOfArrow = after.transitions.contains { t in
            let was = without.transition(t.id)
            return (was == nil || (was!.from, was!.to, was!.head) != (t.from, t.to, t.head)) && !t.isSelfLoop && rims.contains { s in
                (t.from == s.id && rules.couldBeHead(box, onWayFrom: t.start, into: s)) || (t.to == s.id && rules.couldBeHead(box, onWayFrom: t.end, into: s))
            }
        }
        return partOfArrow ? reading : nil
    }

    /// The stroke read without the word, when it hangs a new self-loop on a state at whose rim
    /// the word's one stroke lies, a head's size, with an end of the loop at that stroke.
    private func asLoopHead(_ word: WrittenWord, then stroke: [CanvasPoint], without: AutomatonDocument) -> Interpretation? {
        guard word.strokes.count == 1, let first = stroke.first, let last = stroke.last else { return nil }
        let box = word.box
        guard Self.endsAt(box, stroke: stroke) else { return nil }
        // The word's ink was the head: the loop does not go on it as writing.
        var headless = without
        headless.pending.writing = nil
        headless.pending.writingRun = nil
        let reading = interpret(stroke: stroke, in: headless)
        let after = headless.applying(reading.actions)
        let hangsALoop = after.transitions.contains { t in
            t.isSelfLoop && without.transition(t.id) == nil && t.from.flatMap(after.state).map { Self.hangsOnRim(box, of: $0, rules: rules) } == true
        }
        return hangsALoop ? Interpretation(actions: [.setPending(headless.pending)] + reading.actions, message: reading.message) : nil
    }

    /// Whether a stroke the model does not read, drawn beside the writing just left, is a
    /// self-loop whose head that writing was (drawn first at the rim, it read as a letter or
    /// as ink inside the state): the stroke hangs on the state as a loop, with an end at it,
    /// and is a loop's size (a letter written at a state's rim after another is smaller).
    func hangsOnItsHead(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Bool {
        // One stroke of writing, not a word's last letter.
        guard let head = document.pending.writing, document.pending.writingRun.map({ $0 == head }) ?? true, Self.endsAt(head, stroke: stroke),
              let state = rules.state(loopedOnBy: stroke, in: document),
              !document.transitions.contains(where: { $0.isSelfLoop && $0.from == state.id }),
              InkBox(around: stroke).extent >= Self.headedLoopLeast * state.radius else { return false }
        return Self.hangsOnRim(head, of: state, rules: rules)
    }

    /// The least extent of a loop drawn from its head (`hangsOnItsHead`), in its state's radii.
    static let headedLoopLeast = 0.65

    /// Whether an end of the stroke lies at the ink in `box` (a head drawn there).
    private static func endsAt(_ box: InkBox, stroke: [CanvasPoint]) -> Bool {
        [stroke[0], stroke[stroke.count - 1]].contains { InkBox(around: [$0]).gap(to: box) <= max(5, 0.5 * box.extent) }
    }

    /// Whether a loop's head lies at a state's rim: as `lieAtRim`, but with its middle up to its
    /// whole size beyond the edge (a head drawn round the loop's end, which is on the rim).
    private static func hangsOnRim(_ box: InkBox, of state: AutomatonDocument.State, rules: RecognitionRules) -> Bool {
        let middle = CanvasPoint(x: (box.min.x + box.max.x) / 2, y: (box.min.y + box.max.y) / 2)
        let offCentre = middle.distance(to: state.center)
        return rules.lieAtRim(box, of: state)
            || (box.extent >= max(RecognitionRules.markedStartLeast, RecognitionRules.markedStartLeastShare * state.radius)
                && box.extent <= state.radius && offCentre > state.radius && offCentre <= state.radius + box.extent)
    }
}
