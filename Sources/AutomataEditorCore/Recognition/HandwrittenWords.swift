/// Handwriting read as text. With a `WordReader`, a stroke the rules leave alone as writing
/// joins the word being written beside it (or starts one), the whole word is read again, and
/// what its last reading did is taken back and replaced by what it reads now, as one undoable
/// step with the word's earlier strokes: "a" then "," then "b" ends as one label "a,b".
/// The text does what typed text does there (`RecognitionRules.text`): a name inside a state,
/// the symbols of the transition beside it, or writing that waits for its ring or its arrow.
/// A word the model is unsure of changes nothing until it is confirmed. A word written outside
/// every state is read with the automaton's alphabet (`WordReader.read(_:alphabet:)`).
extension StrokeInterpreter {
    func writingWord(_ stroke: [CanvasPoint], after read: Interpretation, isWriting: Bool, in document: AutomatonDocument) -> Interpretation {
        guard let words else { return read }
        var actions = read.actions
        func current() -> AutomatonDocument { document.applying(actions) }
        guard isWriting else {
            // Any other stroke ends the word; what it read stays, and so does its ink.
            return Interpretation(actions: actions + Self.finishingWord(in: current()), message: read.message)
        }
        let previous = document.pending.word.flatMap { Self.goesOn($0, with: stroke) ? $0 : nil }
        let strokes = (previous?.strokes ?? []) + [stroke]
        if previous != nil {
            actions += Self.takingBack(document.pending.word!.effect, in: current())
        } else {
            actions += Self.finishingWord(in: current())
        }

        let before = current()
        // Labels use the automaton's alphabet: what this word read before is taken back first.
        let reading = words.read(strokes, alphabet: expectedSymbols(of: strokes, in: before))
        var effect = WrittenWord.Effect.none
        // Ink that is no symbol yet (a scribble, or a letter's first stroke) keeps its own message.
        var message = reading.isNoWriting ? read.message : "read \"\(reading.text)\"? unsure of it: nothing changed until it is confirmed"
        let at = Self.place(of: strokes, in: before)
        let naming = !Self.hasWrittenName(at, in: before)
        if reading.isSure, naming, let holder = rules.state(containing: at, in: before), let why = Self.notAName(strokes, in: holder) {
            message = "read \"\(reading.text)\" in \(holder.name), but \(why): not its name, nothing changed"
        } else if reading.isSure {
            let taken = rules.text(reading.text, at: at, in: before, naming: naming)
            actions += taken.actions
            effect = Self.effect(of: taken, before: before)
            // Typed text says `text "a" → …`; this was written, and read.
            let typed = "text \"\(reading.text)\""
            message = taken.message.hasPrefix(typed) ? "read" + taken.message.dropFirst(4) : "read \"\(reading.text)\": " + taken.message
        }
        var pending = current().pending
        pending.word = WrittenWord(strokes: strokes, text: reading.text, isSure: reading.isSure, effect: effect,
                                   characters: reading.characters.map(\.strokes))
        var result = Interpretation(actions: actions + [.setPending(pending)], message: message)
        result.revisesLastStep = previous != nil
        return result
    }

    /// Whether a word is written outside every state: a label, or text that waits for its
    /// arrow (not a name).
    static func isLabel(_ strokes: [[CanvasPoint]], in document: AutomatonDocument) -> Bool {
        let at = place(of: strokes, in: document)
        return !document.states.contains { at.distance(to: $0.center) <= $0.radius }
    }

    /// The one-character symbols a word written outside every state is expected to use: the
    /// automaton's alphabet, with the rest of the textbook alphabet it is part of ({0} so far
    /// expects a 1 too); or before its first label, beside a transition, the symbols of nearly
    /// every course's exercises (not for writing that waits: it may be a name written first).
    func expectedSymbols(of strokes: [[CanvasPoint]], in document: AutomatonDocument) -> Set<String> {
        guard Self.isLabel(strokes, in: document) else { return [] }
        let used = Self.alphabet(of: document)
        guard used.isEmpty else {
            return Self.courseAlphabets.first { used.isSubset(of: $0) }.map { used.union($0) } ?? used
        }
        let at = Self.place(of: strokes, in: document)
        return rules.labelsTransition(rules.transitions(labelledAt: at, in: document), at: at, in: document) ? Self.courseSymbols : []
    }

    /// The alphabets of textbook exercises, with ε: {0, 1}, and {a, b} or {a, b, c}.
    static let courseAlphabets: [Set<String>] = [["0", "1", "ε"], ["a", "b", "c", "ε"]]
    static let courseSymbols: Set<String> = courseAlphabets.reduce(into: []) { $0.formUnion($1) }

    /// The one-character symbols the automaton's transitions read.
    static func alphabet(of document: AutomatonDocument) -> Set<String> {
        Set(document.transitions.flatMap(\.symbols).compactMap { symbol in
            if case let .text(text) = symbol, text.count == 1 { text } else { nil }
        })
    }

    /// Where a word's text goes: the middle of its ink, unless that is in a state that holds
    /// less than 60% of the ink (a label written across its edge, not its name): then the ink's
    /// point farthest out of it.
    static func place(of strokes: [[CanvasPoint]], in document: AutomatonDocument) -> CanvasPoint {
        let points = strokes.flatMap { $0 }
        let box = InkBox(around: points)
        let middle = CanvasPoint(x: (box.min.x + box.max.x) / 2, y: (box.min.y + box.max.y) / 2)
        guard let state = document.states.first(where: { middle.distance(to: $0.center) <= $0.radius }) else { return middle }
        let inside = points.count { $0.distance(to: state.center) <= state.radius }
        guard Double(inside) < 0.6 * Double(points.count) else { return middle }
        return points.max { $0.distance(to: state.center) < $1.distance(to: state.center) } ?? middle
    }

    /// Whether `point` is in a state whose name a finished handwritten word wrote: another
    /// word there is a label written close to it (a self-loop's), not a second name.
    static func hasWrittenName(_ point: CanvasPoint, in document: AutomatonDocument) -> Bool {
        guard let state = document.states.first(where: { point.distance(to: $0.center) <= $0.radius }) else { return false }
        return document.words.contains { if case .named(state.id, _) = $0.effect { true } else { false } }
    }

    /// The edits that finish the word being written: it joins the document's words, its ink
    /// kept for correcting later (ink that reads no symbol at all is no word, and goes).
    static func finishingWord(in document: AutomatonDocument) -> [EditAction] {
        guard let word = document.pending.word else { return [] }
        var pending = document.pending
        pending.word = nil
        return [.setPending(pending)] + (word.isNoWriting ? [] : [.setWords(document.words + [word])])
    }

    /// Whether `stroke` is more of `word`: on its line (its middle within the word's height of
    /// the word's), and no farther from its ink than one and a half times that height.
    static func goesOn(_ word: WrittenWord, with stroke: [CanvasPoint]) -> Bool {
        let box = word.box, next = InkBox(around: stroke)
        let height = WordReader.lineHeight(word.strokes.map { InkBox(around: $0) })
        let middle = (box.min.y + box.max.y) / 2, nextMiddle = (next.min.y + next.max.y) / 2
        return abs(nextMiddle - middle) <= height && next.gap(to: box) <= 1.5 * height && next.extent <= 2.5 * height
    }

    /// The edits that undo what a reading did, as far as its element is still there.
    static func takingBack(_ effect: WrittenWord.Effect, in document: AutomatonDocument) -> [EditAction] {
        switch effect {
        case .none:
            return []
        case let .named(id, previous):
            return document.states.contains { $0.id == id } ? [.renameState(id: id, name: previous)] : []
        case let .labelled(id, previous):
            return document.transitions.contains { $0.id == id } ? [.setSymbols(transition: id, symbols: previous)] : []
        case let .waiting(text):
            var pending = document.pending
            guard let index = pending.texts.lastIndex(of: text) else { return [] }
            pending.texts.remove(at: index)
            return [.setPending(pending)]
        }
    }

    /// What a text's edits did, with what was there before them.
    static func effect(of taken: Interpretation, before document: AutomatonDocument) -> WrittenWord.Effect {
        for action in taken.actions {
            switch action {
            case let .renameState(id, _):
                if let state = document.states.first(where: { $0.id == id }) { return .named(state: id, previous: state.name) }
            case let .setSymbols(id, _):
                if let transition = document.transitions.first(where: { $0.id == id }) { return .labelled(transition: id, previous: transition.symbols) }
            default:
                continue
            }
        }
        let after = document.applying(taken.actions)
        if after.pending.texts.count > document.pending.texts.count, let text = after.pending.texts.last { return .waiting(text) }
        return .none
    }
}
