/// A head drawn inside its state in strokes that read as a letter (a "v", a "7"), or a short
/// shaft there that reads as a "1", names the state or waits as text. When the next stroke
/// makes an arrow with an end in that very ink (a line drawn out of it or into it, or a head
/// at the far end of the line it was), the word was part of the arrow: what it read is taken
/// back, and the stroke is read as if the ink had been left alone (then `startsAtMarks`
/// directs a line drawn out of it). One step, as the stroke is.
extension StrokeInterpreter {
    func takingWordAsHead(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Interpretation? {
        guard let word = document.pending.word, !word.isNoWriting else { return nil }
        let box = word.box
        let rims = document.states.filter { rules.lieAtRim(box, of: $0) }
        guard !rims.isEmpty else { return nil }
        var undo = Self.takingBack(word.effect, in: document)
        var pending = document.applying(undo).pending
        pending.word = nil
        undo.append(.setPending(pending))
        let without = document.applying(undo)
        let reading = interpret(stroke: stroke, in: without)
        let after = without.applying(reading.actions)
        // A new arrow, or one the stroke gave its head or its ends (not just a label).
        let partOfArrow = after.transitions.contains { t in
            let was = without.transition(t.id)
            return (was == nil || (was!.from, was!.to, was!.head) != (t.from, t.to, t.head)) && !t.isSelfLoop && rims.contains { s in
                (t.from == s.id && rules.couldBeHead(box, at: t.start, of: s)) || (t.to == s.id && rules.couldBeHead(box, at: t.end, of: s))
            }
        }
        guard partOfArrow else { return nil }
        return Interpretation(actions: undo + reading.actions,
                              message: "\"\(word.text)\" was part of this arrow, not writing: " + reading.message)
    }
}
