/// A state drawn much smaller than the others is the size of a letter, and reads as an "o" or a
/// "0" written on its own (it waits for a ring or an arrow; a sparse pen's ring half a state's
/// size may read as any letter). When the next arrow ends at it, or
/// starts from it, the ring was a state after all: the word is taken back, the ring becomes a
/// state of its own size, and the stroke is read again with it there (a transition into it or
/// out of it, not a free end or an initial arrow). One step, as the stroke is.
extension StrokeInterpreter {
    /// Words that may be a small state: one closed stroke, read as one of these.
    static let ringLetters: Set<String> = ["o", "0"]
    /// How far from the ring's centre, in its radii, an arrow's free end reaches it.
    static let ringWordReach = 1.5
    /// How big, as a share of the states' typical radius, a ring read as any other letter is.
    static let ringWordStateShare = 0.5

    func promotingRingWord(_ stroke: [CanvasPoint], after reading: Interpretation, in document: AutomatonDocument) -> Interpretation? {
        for point in Self.looseEnds(of: reading) {
            guard let word = ringWord(at: point, in: document) else { continue }
            let (center, radius) = Self.ring(word.strokes[0])
            let promoting = Self.takingBackWord(word, in: document) + [.addState(center: center, radius: radius)]
            let promoted = document.applying(promoting)
            guard let state = promoted.states.last else { continue }
            let again = interpret(stroke: stroke, in: promoted)
            let after = promoted.applying(again.actions)
            // Accepted only when the stroke joins the new state to another one.
            guard after.transitions.contains(where: { t in
                promoted.transition(t.id) == nil && !t.isSelfLoop && (t.from == state.id || t.to == state.id) && t.from != nil && t.to != nil
            }) else { continue }
            return Interpretation(actions: promoting + again.actions,
                                  message: "\"\(word.text)\" at its end was a small state: state \(state.name) at \(center.roundedText), " + again.message)
        }
        return nil
    }

    /// Where the reading leaves an arrow's end on empty canvas: a transition's free end, or
    /// the start of an initial arrow.
    private static func looseEnds(of reading: Interpretation) -> [CanvasPoint] {
        reading.actions.flatMap { action -> [CanvasPoint] in
            switch action {
            case let .addTransition(from, to, start, end, _, _, _):
                return (from == nil ? [start] : []) + (to == nil ? [end] : [])
            case let .drawInitialArrow(_, from):
                return [from]
            default:
                return []
            }
        }
    }

    /// A word of one closed stroke read as `ringLetters` (or anything, half a state's size), sure or not (unsure, it changed
    /// nothing), that neither names a state nor labels a transition, with `point` within
    /// `ringWordReach` radii of its centre.
    private func ringWord(at point: CanvasPoint, in document: AutomatonDocument) -> WrittenWord? {
        let candidates = document.words + (document.pending.word.map { [$0] } ?? [])
        return candidates.last { word in
            guard word.strokes.count == 1 else { return false }
            switch word.effect {
            case .named, .labelled: return false
            case .none, .waiting: break
            }
            let ring = word.strokes[0]
            let (center, radius) = Self.ring(ring)
            // Any letter will do for a ring half a state's size or more (a sparse pen's ring reads "a").
            let typical = document.typicalStateRadius ?? RecognitionRules.emptyCanvasStateRadius
            guard Self.ringLetters.contains(word.text) || radius >= Self.ringWordStateShare * typical else { return false }
            return radius >= rules.minimumRing && StrokeGeometry.turns(of: ring, around: center) >= rules.closedTurns
                && point.distance(to: center) <= Self.ringWordReach * radius
        }
    }

    private static func ring(_ stroke: [CanvasPoint]) -> (center: CanvasPoint, radius: Double) {
        let center = StrokeGeometry.centre(of: stroke)
        return (center, StrokeGeometry.meanDistance(of: stroke, from: center))
    }

    /// The edits that take a word away: what it did, and the word itself (its ink becomes the state's).
    private static func takingBackWord(_ word: WrittenWord, in document: AutomatonDocument) -> [EditAction] {
        var actions = takingBack(word.effect, in: document)
        var pending = document.applying(actions).pending
        if pending.word == word {
            pending.word = nil
            actions.append(.setPending(pending))
        }
        if let index = document.words.lastIndex(of: word) {
            var words = document.words
            words.remove(at: index)
            actions.append(.setWords(words))
        }
        return actions
    }
}
