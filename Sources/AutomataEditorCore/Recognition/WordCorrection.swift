/// Handwritten words after they were read: corrected by the user, followed to the element
/// that took them when they waited, and rubbed out with their ink.
extension StrokeInterpreter {
    /// The user's text for handwritten word `index` (of `writtenWords`): what its reading did
    /// is taken back, and the text does what it would have done had it been read right where
    /// it was written. The word keeps its ink, is sure from now on, and ends if it was being
    /// written. Nil when the document has no such word.
    public func correcting(word index: Int, to text: String, in document: AutomatonDocument) -> Interpretation? {
        let all = document.writtenWords
        guard all.indices.contains(index) else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var word = all[index]
        var actions = Self.takingBack(word.effect, in: document)
        let before = document.applying(actions)
        let taken = rules.text(trimmed, at: Self.place(of: word.strokes, in: before), in: before)
        actions += taken.actions
        let message = "corrected \"\(word.text)\" to \"\(trimmed)\": " + taken.message
        word.effect = Self.effect(of: taken, before: before)
        word.text = trimmed
        word.isSure = true

        let after = document.applying(actions)
        var words = after.words, pending = after.pending
        if index < words.count {
            words[index] = word
        } else {
            words.append(word)
            pending.word = nil
            pending.writing = nil
            pending.writingRun = nil
        }
        return Interpretation(actions: actions + [.setPending(pending), .setWords(words)], message: message)
    }

    /// `read` with the words that waited (a name written before its ring, a label before its
    /// arrow) and were taken by it pointing at what took them, so that correcting or erasing
    /// them later changes that state or transition.
    static func followingTakenWords(_ read: Interpretation, in document: AutomatonDocument) -> Interpretation {
        let after = document.applying(read.actions)
        let follow = { (word: WrittenWord) -> WrittenWord in
            guard case .waiting(let text) = word.effect, !after.pending.texts.contains(text) else { return word }
            var word = word
            word.effect = Self.taker(of: text, before: document, after: after)
            return word
        }
        let words = after.words.map(follow), open = after.pending.word.map(follow)
        guard words != after.words || open != after.pending.word else { return read }
        var pending = after.pending
        pending.word = open
        var result = read
        result.actions += [.setWords(words), .setPending(pending)]
        return result
    }

    /// What took a waiting text: the state now named by it, or the transition whose symbols
    /// it became; nothing when it was rubbed out.
    private static func taker(of text: WrittenText, before: AutomatonDocument, after: AutomatonDocument) -> WrittenWord.Effect {
        if let state = after.states.first(where: { $0.name == text.text && before.state($0.id)?.name != text.text }) {
            return .named(state: state.id, previous: before.state(state.id)?.name ?? before.nextStateName)
        }
        if let transition = after.transitions.first(where: { !$0.symbols.isEmpty && before.transition($0.id)?.symbols != $0.symbols }) {
            return .labelled(transition: transition.id, previous: before.transition(transition.id)?.symbols ?? [])
        }
        return .none
    }
}

extension RecognitionRules {
    /// Handwritten words whose ink the eraser path comes within `eraserReach` of go, and what
    /// they did is taken back (a name written by hand goes with its ink).
    func erasingWords(along path: [CanvasPoint], in document: AutomatonDocument) -> (actions: [EditAction], erased: [String]) {
        let touched = { (word: WrittenWord) in
            word.strokes.contains { stroke in stroke.contains { StrokeGeometry.distance(from: $0, toPath: path) <= eraserReach } }
        }
        let gone = document.writtenWords.filter(touched)
        guard !gone.isEmpty else { return ([], []) }
        var actions = gone.flatMap { StrokeInterpreter.takingBack($0.effect, in: document) }
        var pending = document.applying(actions).pending
        if let open = pending.word, touched(open) { pending.word = nil }
        actions += [.setPending(pending), .setWords(document.words.filter { !touched($0) })]
        return (actions, gone.map { "the word \"\($0.text)\"" })
    }
}
