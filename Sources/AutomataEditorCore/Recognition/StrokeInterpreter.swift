import StrokeModel

/// Turns pen input into edits: each stroke is classified by the model, then the
/// `RecognitionRules` say what a circle, arrow or cycle there means for the document.
public struct StrokeInterpreter: Sendable {
    public let classifier: StrokeClassifier
    /// Reads handwriting with the symbol model; without one, writing is left alone as ink.
    public var words: WordReader?
    public var rules: RecognitionRules

    public init(classifier: StrokeClassifier, symbols: StrokeClassifier? = nil, rules: RecognitionRules = RecognitionRules()) {
        self.classifier = classifier
        self.words = symbols.map { WordReader(classifier: $0) }
        self.rules = rules
    }

    /// What one pen stroke means. A stroke the classifier rejects (none of the shapes: its top
    /// class is `other`, or its shape confidence is under the threshold) or labels with a class
    /// the rules do not know changes nothing, with four exceptions where the place or the
    /// form says more than the ink: a stroke that runs from one state to another is a
    /// transition, one that leaves a state and comes back to it, outside it, is a self-loop,
    /// one that points into a state from afar in a line is its initial arrow, and a closed,
    /// round ring is a circle (a state, or a final ring round one; as for the classes, see
    /// `RecognitionRules.interpret`). A scribble does not start on one state's edge and end on
    /// another's, hang off one, or go round at one radius, but a shape drawn sparsely or in a
    /// way the model has not seen does.
    ///
    /// Symbols of several strokes are read as people draw them: a head drawn apart (a "V" at a
    /// transition's end, before or after its shaft) directs that transition and is never an
    /// element; a shaft without a head waits for one until the next stroke; a ring drawn round
    /// waiting text takes it as its name (see `RecognitionRules.completing` and `settling`);
    /// a small stroke beside writing just left alone is more of it (`continuesWriting`).
    public func interpret(stroke: [CanvasPoint], in document: AutomatonDocument) -> Interpretation {
        guard stroke.count >= 2 else { return .nothing("a stroke of \(stroke.count) point(s)") }
        // A stuck pen or a generator may send a million points; the rules need no more than
        // a pen gives in half a minute.
        let stroke = stroke.count > Self.mostPoints ? StrokeGeometry.resampled(stroke, count: Self.mostPoints) : stroke
        if let revised = takingWordAsHead(stroke, in: document) { return revised }
        let alone = rules.completingLine(stroke, after: reading(stroke, in: document), in: document)
        // A head's first barb keeps the shaft open to a head for its second (`BarbPair`).
        // ... and a shaft gone over again still waits for its head.
        let settled = rules.mayBeFirstBarb(stroke, after: alone, in: document)
            ? alone.changingPending(in: document) { $0.barb = stroke }
            : rules.goesOverAwaitedShaft(stroke, in: document) ? alone : rules.settling(alone, in: document)
        let read = rules.aiming(settled, stroke: stroke, in: document)
        // Ink no shape rule took that the symbol model reads surely is writing up to the
        // states' size (people write some labels large).
        let isWriting = !isHeadOnAMark(stroke, in: document) && rules.tipMark(stroke, in: document) == nil && !rules.isLinePiece(stroke, in: document)
            && !rules.headsLineLeftAlone(stroke, in: document)
            && (!rules.marksNewestArrow(stroke, in: document) || goesOnTheNewestLabel(stroke, in: document)) && (rules.isWriting(stroke, after: read, in: document)
            || (rules.leavesAlone(read, in: document) && (read.isLetterRing || letter(stroke, upTo: Self.writingStrokeShare, in: document) != nil
                || goesOnTheWord(stroke, in: document))))
        let remembered = rules.rememberingLine(stroke, after: rules.rememberingWriting(stroke, after: read, in: document), in: document)
        let result = rules.movingInitialMark(writingWord(stroke, after: remembered, isWriting: isWriting, in: document), in: document)
        return Self.rememberingMarkEnd(stroke, after: isWriting ? result : promotingRingWord(stroke, after: result, in: document) ?? result, in: document)
    }

    /// Keeps where the pen left a self-loop or an initial arrow the stroke drew
    /// (`PendingInk.markEnd`); any other stroke forgets it.
    private static func rememberingMarkEnd(_ stroke: [CanvasPoint], after reading: Interpretation, in document: AutomatonDocument) -> Interpretation {
        let loops = Set(document.transitions.filter(\.isSelfLoop).map(\.id))
        let drewLoop = document.applying(reading.actions).transitions.contains { $0.isSelfLoop && !loops.contains($0.id) }
        let drewInitialArrow = reading.actions.contains { if case .drawInitialArrow = $0 { true } else { false } }
        return reading.changingPending(in: document) { $0.markEnd = drewLoop || drewInitialArrow ? stroke.last : nil }
    }

    /// What a stroke means, before the next one can settle anything.
    private func reading(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Interpretation {
        if let crossedOut = rules.scratchingOut(stroke, in: document) { return crossedOut }
        if let head = rules.secondBarb(stroke, in: document) { return head }
        if let joined = rules.carryingOnFromFreeEnd(stroke, in: document) { return joined }
        if let arrow = rules.neckArrow(headedBy: stroke, in: document) { return arrow }
        if let head = rules.head(drawnAs: stroke, in: document), !isLetterOfTheNewestLabel(stroke, at: rules.place(of: head, in: document), in: document) {
            if let place = rules.place(of: head, in: document) { return rules.heading(place, in: document) }
            // A V that fits no end as a head should, but lies at the end of the shaft just drawn,
            // or inside a state at the tip of the arrow drawn last there (a connector's last leg
            // smoothed into a curve), is its head all the same (as any small mark there is, below).
            if let place = rules.markedHead(stroke, in: document) ?? rules.tipMark(stroke, in: document) { return rules.heading(place, in: document) }
            if let line = document.pending.line, var arrow = rules.arrow(from: line, headedBy: head.drawn, in: document) {
                arrow.message = "a head at the end of the line drawn just before it, read as an arrow: " + arrow.message
                return arrow
            }
            // At no line's end, beside writing and no bigger than it: a comma or a letter's stroke.
            if rules.continuesWriting(stroke, growth: 1, in: document) {
                return .nothing("a V beside the writing just before it, at no line's end: more of the writing")
            }
            // A head drawn before its shaft sits on the edge of the state it points into; away
            // from every edge, a V that reads as a symbol up to the states' size is writing (a
            // tall 1 with its flag), unless it heads the line left alone just before.
            if let letter = letter(stroke, upTo: Self.writingStrokeShare, in: document), !rules.isNearAStateEdge(head.apex, in: document),
               !rules.headsLineLeftAlone(stroke, in: document) {
                return .nothing("a V away from every state's edge, read as \"\(letter)\": writing, not a head")
            }
            // Legs a state's size long, bent round a corner from one state to the next: a connector.
            if let (from, to, corners) = rules.states(joinedByConnector: stroke, in: document) {
                var result = rules.connector(stroke, from: from, to: to, corners: corners)
                result.message = "a V fitting no end, but " + result.message
                return result
            }
            if let leg = rules.carryingOnAsLeg(stroke, apex: head.apex, in: document) { return leg }
            var pending = document.pending
            pending.heads.append(head.drawn)
            return Interpretation(actions: [.setPending(pending)], message: "a head on its own at \(head.apex.roundedText): it waits for its shaft")
        }
        if isVeeAtMarkEnd(stroke, in: document) {
            return .nothing("a V where the pen left the self-loop or initial arrow just drawn: its head, however it opens")
        }
        // A mark joining two states is a transition, unless it sits at the end of the shaft
        // between those two still awaiting its head (close states both reach into a head), or
        // nothing else reads it (a head at a shaft's end where two states nearly touch).
        if let place = rules.markedHead(stroke, in: document), !isLetterOfTheNewestLabel(stroke, at: place, in: document) {
            guard let joined = rules.states(joinedBy: stroke, in: document),
                  !rules.isShaft(at: place, between: joined.from, joined.to, in: document) else { return rules.heading(place, in: document) }
            let shape = shapeOrWriting(stroke, in: document)
            return shape.actions.isEmpty ? rules.heading(place, in: document) : shape
        }
        return shapeOrWriting(stroke, in: document)
    }

    /// What a stroke that is no head means: a mark on a line, a retrace, a shaft, writing or one
    /// of the classifier's shapes.
    private func shapeOrWriting(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Interpretation {
        if let extended = rules.extendingTip(stroke, in: document) { return extended }
        if let place = rules.tipMark(stroke, in: document) ?? rules.rimMark(stroke, in: document), !isLetterOfTheNewestLabel(stroke, at: place, in: document) {
            return rules.heading(place, in: document)
        }
        if let retrace = rules.retracing(stroke, in: document) { return retrace }
        if let arrow = rules.arrow(fromLineMarkedBy: stroke, in: document) { return arrow }
        // A straight line leaving one state and pointing at the next is a shaft, however
        // short, unless it goes on the writing just before it.
        if rules.joining(stroke, in: document) == nil, !rules.continuesWriting(stroke, growth: RecognitionRules.shapeGrowth, in: document),
           let (from, to) = rules.neighbourShaft(stroke, in: document) {
            return rules.completing(rules.shaft(stroke, from: from, to: to), in: document)
        }
        if let letter = letter(stroke, in: document) {
            return .nothing("a stroke the size of a letter, read as \"\(letter)\": writing, not a shape")
        }
        if let joined = rules.joining(stroke, in: document) { return rules.completing(joined, in: document) }
        if rules.isBox(stroke, in: document) { return .nothing("a box of four straight sides: states are circles") }
        if let state = rules.state(holdingWriting: stroke, in: document) {
            return .nothing("a small stroke inside \(state.name): writing, not a shape")
        }
        // Drawn head first: the pen started at the tip, so the shaft runs the other way (or
        // the pen landed in a hook: a head drawn next at that end says so).
        guard StrokeGeometry.headEnd(of: stroke) == .start else {
            // A head read from the stroke's own tip may be a hook where the pen lifted: a
            // head drawn next at its start is the clearer sign.
            return rules.markingTentativeHead(rules.completing(shapeReading(stroke, in: document), in: document), in: document)
        }
        let reversed = rules.completing(shapeReading(Array(stroke.reversed()), in: document), in: document)
        return rules.markingTentativeHead(reversed, in: document)
    }

    /// What the stroke means as one of the classifier's shapes, read by its place among the states.
    private func shapeReading(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Interpretation {
        let classification = classifier.classify(stroke: stroke)
        guard let label = classification.label else {
            let verdict = classification.isOther
                ? "none of the shapes (\(classification.topLabel) \(Self.format(classification.confidence)))"
                : "unsure (\(classification.topLabel)?, shape confidence \(Self.format(classification.shapeConfidence)) < \(Self.format(classifier.rejectionThreshold)))"
            if rules.continuesWriting(stroke, in: document), !hangsOnItsHead(stroke, in: document) {
                return .nothing("rejected as \(verdict), beside the writing just before it: more of it")
            }
            // Under half a state's radius across, it is a letter's stroke written between
            // close states, not a line joining them.
            if let (from, to) = rules.states(joinedBy: stroke, in: document),
               InkBox(around: stroke).extent >= Self.anySymbolShare * (document.typicalStateRadius ?? 0) {
                var result = rules.arrow(stroke, in: document)
                result.message = "rejected as \(verdict), but it runs from \(from.name) to \(to.name), read as an arrow: " + result.message
                return result
            }
            if let state = rules.state(pointedIntoBy: stroke, in: document) {
                var result = rules.arrow(stroke, in: document)
                result.message = "rejected as \(verdict), but it points into \(state.name) from empty canvas, read as an arrow: " + result.message
                return result
            }
            if let state = rules.state(leftWithHeadBy: stroke, in: document) {
                var result = rules.arrow(stroke, in: document)
                result.message = "rejected as \(verdict), but it leaves \(state.name) in a line ending in a head, read as an arrow: " + result.message
                return result
            }
            if let (from, to, corners) = rules.states(joinedByConnector: stroke, in: document) {
                var result = rules.connector(stroke, from: from, to: to, corners: corners)
                result.message = "rejected as \(verdict), but " + result.message
                return result
            }
            if rules.isRing(stroke), rules.state(touchedBy: stroke, in: document) == nil, readsAsLetter(stroke, in: document) {
                return .writing("rejected as \(verdict), a ring the size of a letter, read as one: writing")
            }
            // Before the loop rule: a ring round a state is its final mark, not a loop on it.
            if rules.isRing(stroke) {
                var result = rules.circle(stroke, in: document)
                result.message = "rejected as \(verdict), but it is a closed ring, read as a circle: " + result.message
                return result
            }
            // Not on a state that has its self-loop already: a second loop there, which the
            // model does not see as one, is writing by the first (the e of an "eps" label).
            if let state = rules.state(loopedOnBy: stroke, in: document),
               !document.transitions.contains(where: { $0.isSelfLoop && $0.from == state.id }) {
                var result = rules.cycle(stroke, on: state)
                result.message = "rejected as \(verdict), but it hangs on \(state.name), read as a self-loop: " + result.message
                return result
            }
            return .nothing("rejected as \(verdict)")
        }
        guard let kind = ShapeKind(rawValue: label) else { return .nothing("\(label): not a shape the editor knows") }
        if kind != .circle, rules.continuesWriting(stroke, growth: RecognitionRules.shapeGrowth, in: document) {
            return .nothing("\(label), but beside the writing just before it and no bigger: more of it")
        }
        // The bowl of a b, d or p: a ring no bigger than the writing beside it and not round it
        // (a ring drawn round a name written first is bigger, and has the name inside).
        if kind == .circle, rules.continuesWriting(stroke, growth: 1, in: document), !rules.enclosesWriting(stroke, in: document) {
            return .nothing("circle, but beside the writing just before it, no bigger and not round it: more of it")
        }
        // A closed cycle touching no state is a circle too (`RecognitionRules.cycle`).
        if kind == .circle || kind == .cycle, rules.state(touchedBy: stroke, in: document) == nil, readsAsLetter(stroke, in: document) {
            return .writing("\(label) the size of a letter, touching no state, read as one: writing, not a state")
        }
        return rules.interpret(kind, stroke: stroke, in: document)
    }

    /// How far round a loop leaving a state by one end goes (`isLoopCurledOffAState`).
    static let curledLoopTurns = 0.55

    /// With a symbol model: what a stroke well under the states' size (its extent at most
    /// `letterStrokeShare` of their typical radius: smaller than the arrows people draw
    /// between them) says, when the model reads it as a symbol it is sure of, it does not
    /// hang on a state by both ends as a self-loop does, and it is no straight shaft between
    /// close states.
    private func letter(_ stroke: [CanvasPoint], upTo share: Double = letterStrokeShare, in document: AutomatonDocument) -> String? {
        let typical = document.typicalStateRadius ?? RecognitionRules.emptyCanvasStateRadius
        guard let words, InkBox(around: stroke).extent <= share * typical else { return nil }
        // Both ends on one state's edge: a small self-loop hanging on it.
        let ends = [stroke[0], stroke[stroke.count - 1]]
        if document.states.contains(where: { s in ends.allSatisfy { abs($0.distance(to: s.center) - s.radius) <= 0.3 * s.radius } }) {
            return nil
        }
        if isLoopCurledOffAState(stroke, in: document) || isLoopLiftedShortOfAState(stroke, in: document) { return nil }
        // A straight line from one state into the next, or pointing at it: a short shaft.
        if rules.isStraight(stroke), rules.states(joinedBy: stroke, in: document) != nil || rules.neighbourShaft(stroke, in: document) != nil {
            return nil
        }
        // From inside one state to another's edge, whatever its shape: a line between close
        // states (a letter between them stays in the gap).
        if rules.runsIntoTheNextState(stroke, in: document) { return nil }
        // Pointing into a state from empty canvas while no state is initial: the initial arrow
        // the automaton still lacks (drawn short, or its head to come), not a 1 or an l.
        if !document.states.contains(where: \.isInitial), rules.state(pointedIntoBy: stroke, in: document) != nil { return nil }
        let reading = words.classifier.classify(strokes: [stroke])
        // Half the states' radius across or less, any symbol will do (a letter's first stroke
        // is often no letter of its own: the c of an a).
        let floor = InkBox(around: stroke).extent <= Self.anySymbolShare * typical ? 0 : words.sureness
        return reading.topLabel != RejectionRule.otherLabel && reading.confidence >= floor ? reading.topLabel : nil
    }

    /// Whether the stroke has an end on a state's edge (or just inside it) and goes most of a
    /// turn round a centre outside the state, never near its middle: a self-loop whose other
    /// end curls in (the head drawn inside the loop), however small. A letter written by a
    /// state keeps off its edge.
    private func isLoopCurledOffAState(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Bool {
        let centre = StrokeGeometry.centre(of: stroke)
        guard StrokeGeometry.turns(of: stroke, around: centre) >= Self.curledLoopTurns else { return false }
        return document.states.contains { s in
            [stroke[0], stroke[stroke.count - 1]].contains { $0.distance(to: s.center) <= s.radius }
                && centre.distance(to: s.center) > s.radius && stroke.allSatisfy { $0.distance(to: s.center) >= 0.6 * s.radius }
        }
    }

    /// Whether the stroke leaves one state's edge, goes round a centre outside it and stops
    /// short of the edge again: a self-loop lifted off before it came back (its head drawn
    /// apart). A letter written by a state does not start on its edge.
    private func isLoopLiftedShortOfAState(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Bool {
        let centre = StrokeGeometry.centre(of: stroke)
        // Short of its edge again, a loop goes round less than once; an e curls on.
        guard (Self.curledLoopTurns...1).contains(StrokeGeometry.turns(of: stroke, around: centre)) else { return false }
        // A thin stroke goes half a turn round its own middle: a loop is about as wide as high.
        let box = InkBox(around: stroke)
        guard min(box.max.x - box.min.x, box.max.y - box.min.y) >= Self.liftedLoopRoundness * box.extent else { return false }
        // Ends reaching another state: a line between the two, or a letter in the gap.
        let ends = [stroke[0], stroke[stroke.count - 1]]
        let near = document.states.filter { s in ends.contains { $0.distance(to: s.center) <= Self.liftedLoopEndReach * s.radius } }
        guard near.count == 1, let s = near.first else { return false }
        let reach = ends.map { $0.distance(to: s.center) / s.radius }
        return abs(reach.min()! - 1) <= Self.liftedLoopRimSlack && reach.max()! <= Self.liftedLoopEndReach
            && centre.distance(to: s.center) > s.radius && stroke.allSatisfy { $0.distance(to: s.center) >= 0.6 * s.radius }
            && stroke.contains { $0.distance(to: s.center) >= Self.liftedLoopLeast * s.radius }
    }

    /// See `isLoopLiftedShortOfAState`, in the state's radii: how far from its edge the
    /// loop starts, how far out its other end may be, and how far out it must reach.
    static let liftedLoopRimSlack = 0.08
    static let liftedLoopEndReach = 1.5
    static let liftedLoopLeast = 1.45
    /// Its box's narrower side, as a share of its wider one.
    static let liftedLoopRoundness = 0.4

    /// Whether ink no shape rule took goes on the word being written (`goesOn`), no bigger
    /// than the states.
    private func goesOnTheWord(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Bool {
        guard words != nil, let word = document.pending.word, !word.isNoWriting, Self.goesOn(word, with: stroke) else { return false }
        let typical = document.typicalStateRadius ?? RecognitionRules.emptyCanvasStateRadius
        return InkBox(around: stroke).extent <= Self.writingStrokeShare * typical
    }

    /// Whether the stroke is a head on a self-loop or an initial arrow (where it changes
    /// nothing) that the symbol model does not read surely, or one drawn right after its
    /// self-loop or initial arrow where the pen left it (`PendingInk.markEnd`), whatever it
    /// reads as: the head drawn after its loop or arrow, not a word's first stroke (it would
    /// read as "?", "v" or "4" with the label written next, or a "7" caption).
    private func isHeadOnAMark(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Bool {
        if isVeeAtMarkEnd(stroke, in: document) { return true }
        guard let words, let head = rules.head(drawnAs: stroke, in: document), let place = rules.place(of: head, in: document) else { return false }
        switch place {
        case .selfLoop, .initialArrow:
            if let end = document.pending.markEnd, head.apex.distance(to: end) <= Self.markEndReach * head.size { return true }
        case .transition, .initialArrowStart: return false
        }
        let reading = words.classifier.classify(strokes: [stroke])
        return reading.topLabel == RejectionRule.otherLabel || reading.confidence < words.sureness
    }

    /// Whether the stroke goes on the word being written as the label of the newest
    /// transition, whose head is drawn already: a letter of that label (the s of "eps" by the
    /// arrow's point), not its head drawn again.
    private func goesOnTheNewestLabel(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Bool {
        guard let word = document.pending.word, !word.isNoWriting, case let .labelled(id, _) = word.effect,
              let t = document.transitions.last, t.id == id, t.head == .drawn else { return false }
        return Self.goesOn(word, with: stroke)
    }

    /// Whether a mark at `place`, the newest transition's point, is a letter of its label
    /// (`goesOnTheNewestLabel`) rather than its head drawn again.
    private func isLetterOfTheNewestLabel(_ stroke: [CanvasPoint], at place: RecognitionRules.HeadPlace?, in document: AutomatonDocument) -> Bool {
        guard case let .transition(id, .end)? = place, id == document.transitions.last?.id else { return false }
        return goesOnTheNewestLabel(stroke, in: document)
    }

    /// Whether the stroke is a V with its point where the pen left the self-loop or initial
    /// arrow just drawn (`PendingInk.markEnd`): that mark's head, however it opens (a sparse
    /// pen may keep three points of a small loop, so that the head fits no direction of it).
    private func isVeeAtMarkEnd(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Bool {
        guard let end = document.pending.markEnd, let vee = HeadShape(stroke: stroke) else { return false }
        return vee.apex.distance(to: end) <= Self.markEndReach * vee.size
    }

    /// The most points of a stroke the rules read; a longer one is resampled along its length.
    static let mostPoints = 4096
    static let letterStrokeShare = 0.75
    static let anySymbolShare = 0.5
    static let writingStrokeShare = 1.0
    /// How near a self-loop's or initial arrow's head drawn next puts its point to where the
    /// pen left the mark, as a share of the head's size.
    static let markEndReach = 0.5

    /// With a symbol model: a letter-sized ring (`RecognitionRules.isLetterSized(ring:in:)`)
    /// that the model reads as a symbol it is sure of, an o, a 0 or a c begun before the rest of its word.
    private func readsAsLetter(_ ring: [CanvasPoint], in document: AutomatonDocument) -> Bool {
        guard let words, rules.isLetterSized(ring: ring, in: document) else { return false }
        let reading = words.classifier.classify(strokes: [ring])
        let typical = document.typicalStateRadius ?? RecognitionRules.emptyCanvasStateRadius
        let floor = InkBox(around: ring).extent <= Self.anySymbolShare * typical ? 0 : words.sureness
        return reading.topLabel != RejectionRule.otherLabel && reading.confidence >= floor
    }

    /// What one drawing event means: a stroke as above, a text by `RecognitionRules.text` (it
    /// ends any writing drawn before it), an eraser path by `RecognitionRules.erase`.
    public func interpret(_ event: DrawingEvent, in document: AutomatonDocument) -> Interpretation {
        let read = switch event {
        case .stroke(let points): interpret(stroke: points, in: document)
        case let .text(text, at): Self.settlingTentativeHead(rules.endingWriting(after: rules.text(text, at: at, in: document), in: document),
                                                             in: document)
        case .erase(let path): Self.settlingTentativeHead(rules.erase(along: path, in: document), in: document)
        }
        return Self.followingTakenWords(read, in: document)
    }

    /// A text or an eraser path comes between an arrow and its head: a tentative direction is
    /// settled by it, as by a stroke (`RecognitionRules.settling`), and a self-loop's end forgotten.
    private static func settlingTentativeHead(_ reading: Interpretation, in document: AutomatonDocument) -> Interpretation {
        reading.changingPending(in: document) {
            $0.tentativeHead = nil
            $0.markEnd = nil
        }
    }

    /// `0.42`: two decimals.
    private static func format(_ value: Float) -> String { DecimalText.fixed(Double(value), digits: 2) }
}
