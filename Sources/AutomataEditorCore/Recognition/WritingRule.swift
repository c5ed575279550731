/// Writing goes on where it was. A small stroke left alone (none of the shapes, or writing
/// inside a state) is remembered, and the next stroke beside it that is not much bigger is
/// more of the same word, whether the model rejects it (no rule of place reads it as a
/// shape) or calls it an arrow or a loop (no more than `shapeGrowth` times the writing).
/// Without this, the one letter of a word that happens to touch a state's edge, or to run
/// from one state to the next across a narrow gap, became a self-loop or a transition.
extension RecognitionRules {
    /// Whether `stroke` goes on the writing left just before it: within the writing's size of
    /// it, at most `wordGrowth` times as big (a letter beside a letter, not an arrow drawn
    /// after its label), and smaller than `letterShare` of the states' typical radius (a
    /// self-loop drawn beside a label is bigger).
    func continuesWriting(_ stroke: [CanvasPoint], growth: Double = wordGrowth, in document: AutomatonDocument) -> Bool {
        guard let writing = document.pending.writing else { return false }
        let box = InkBox(around: stroke)
        // A line of writing is as tall as its letters: a dot or a comma is no measure of the next.
        let lineHeight = document.pending.writingRun.map { $0.max.y - $0.min.y } ?? 0
        let size = max(writing.extent, lineHeight, Self.letterFloor)
        // A head is remembered whatever its size: its next piece need be no smaller than it.
        let limit = Swift.max(letterLimit(in: document), writing.extent)
        let gap = Swift.min(box.gap(to: writing), document.pending.writingRun.map(box.gap(to:)) ?? .infinity)
        return gap <= size && box.extent <= growth * size && box.extent <= limit
    }

    /// Whether a ring drawn round `stroke`'s middle has the writing just before it inside:
    /// the writing's middle within 0.6 of the ring's mean radius of its centre.
    func enclosesWriting(_ ring: [CanvasPoint], in document: AutomatonDocument) -> Bool {
        guard let writing = document.pending.writing else { return false }
        let centre = CanvasPoint(x: ring.map(\.x).reduce(0, +) / Double(ring.count), y: ring.map(\.y).reduce(0, +) / Double(ring.count))
        let radius = ring.map { $0.distance(to: centre) }.reduce(0, +) / Double(ring.count)
        let middle = CanvasPoint(x: (writing.min.x + writing.max.x) / 2, y: (writing.min.y + writing.max.y) / 2)
        return middle.distance(to: centre) <= 0.6 * radius
    }

    /// The size writing stays under: `letterShare` of the states' typical radius, or
    /// `letterFloor` times four on an empty canvas.
    private func letterLimit(in document: AutomatonDocument) -> Double {
        document.typicalStateRadius.map { Self.letterShare * $0 } ?? 4 * Self.letterFloor
    }

    /// Whether `point` lies within half the states' typical radius of some state's edge.
    func isNearAStateEdge(_ point: CanvasPoint, in document: AutomatonDocument) -> Bool {
        let reach = 0.5 * (document.typicalStateRadius ?? 0)
        return document.states.contains { abs(point.distance(to: $0.center) - $0.radius) <= reach }
    }

    /// The size writing at `box` stays under: inside a state, a name may be as large as that
    /// state allows (people draw some states bigger than others, and fill them).
    private func letterLimit(around box: InkBox, in document: AutomatonDocument) -> Double {
        let middle = CanvasPoint(x: (box.min.x + box.max.x) / 2, y: (box.min.y + box.max.y) / 2)
        let holder = state(containing: middle, in: document).map { Self.letterShare * $0.radius } ?? 0
        return Swift.max(letterLimit(in: document), holder)
    }

    /// Whether `ring` is letter-sized (an o, a 0, a c written before the rest of its word):
    /// its mean radius under `letterRingShare` of the states' typical radius, its centre in
    /// no state, and no waiting text or writing inside it (a ring drawn round a name is its state).
    func isLetterSized(ring: [CanvasPoint], in document: AutomatonDocument) -> Bool {
        let typical = document.typicalStateRadius ?? Self.emptyCanvasStateRadius
        let centre = StrokeGeometry.centre(of: ring)
        let radius = StrokeGeometry.meanDistance(of: ring, from: centre)
        return radius < Self.letterRingShare * typical && state(containing: centre, in: document) == nil
            && !enclosesWriting(ring, in: document)
            && !document.pending.texts.contains { $0.at.distance(to: centre) <= radius }
    }

    /// After a stroke: it is the writing to go on from when it changed no element and is no
    /// head waiting for its shaft, and is under the size writing stays under; or when it gave
    /// a transition its head, at any size (its second barb or closing side, drawn next, is
    /// more of it). Any other stroke ends the writing.
    func rememberingWriting(_ stroke: [CanvasPoint], after reading: Interpretation, in document: AutomatonDocument) -> Interpretation {
        let after = document.applying(reading.actions)
        let leftAlone = !reading.changesElements && after.pending.heads.count <= document.pending.heads.count
            && !goesOverAwaitedShaft(stroke, in: document)
        let headed = reading.actions.contains { if case .setHead = $0 { true } else { false } }
        let box = InkBox(around: stroke)
        var pending = after.pending
        // A dot on its own (the pen tapped down) starts no writing: the stroke after it is read
        // for itself (an i's dot, a comma, goes on writing already begun).
        let startsWithDot = box.extent < Self.leastEndMark && document.pending.writing == nil && document.pending.writingRun == nil
        pending.writing = leftAlone && !startsWithDot && (headed || box.extent <= letterLimit(around: box, in: document)) ? box : nil
        pending.writingRun = pending.writing.map { box in
            guard let run = document.pending.writingRun ?? document.pending.writing,
                  box.gap(to: run) <= Swift.max(box.extent, Self.letterFloor) else { return box }
            return run.union(box)
        }
        guard pending != after.pending else { return reading }
        var result = reading
        result.actions.append(.setPending(pending))
        return result
    }

    /// Whether `stroke` was left alone as writing: it changed no element, is no head (waiting
    /// or given to a shaft) and is under the size writing stays under.
    func isWriting(_ stroke: [CanvasPoint], after reading: Interpretation, in document: AutomatonDocument) -> Bool {
        leavesAlone(reading, in: document) && InkBox(around: stroke).extent <= letterLimit(around: InkBox(around: stroke), in: document)
    }

    /// Whether a reading made nothing of its stroke: no element changed, no head given or waiting.
    func leavesAlone(_ reading: Interpretation, in document: AutomatonDocument) -> Bool {
        let after = document.applying(reading.actions)
        // Settling a shaft left without its head (a label written after it) is no head.
        let headed = reading.actions.contains { if case .setHead(_, .drawn) = $0 { true } else { false } }
        return !reading.changesElements && !headed && after.pending.heads.count <= document.pending.heads.count
    }

    /// After a typed text: the writing and the handwritten word end (what is drawn next is no more of what was drawn
    /// before the text; a self-loop drawn after a label typed beside a head is not the head's
    /// second barb).
    func endingWriting(after reading: Interpretation, in document: AutomatonDocument) -> Interpretation {
        let after = document.applying(reading.actions)
        guard after.pending.writing != nil || after.pending.line != nil || after.pending.word != nil else { return reading }
        var result = reading
        result.actions += StrokeInterpreter.finishingWord(in: after)
        var pending = document.applying(result.actions).pending
        pending.writing = nil
        pending.writingRun = nil
        pending.line = nil
        result.actions.append(.setPending(pending))
        return result
    }

    /// See `continuesWriting(_:in:)`; a stroke the model takes for an arrow or a loop must be
    /// no more than `shapeGrowth` times the writing's size to count as more of it.
    static let wordGrowth = 2.0
    static let shapeGrowth = 1.5
    static let letterShare = 0.8
    static let letterRingShare = 0.4
    /// The states' size assumed before the first is drawn, for telling a name written first
    /// from a state: a ring under 13 points in radius is no state anyone draws.
    static let emptyCanvasStateRadius = 32.0
    /// The least size a piece of writing counts as (a dot on an i is no measure of its word).
    static let letterFloor = 12.0
}

extension AutomatonDocument {
    /// The states' median radius (of an even count, the mean of the middle two): the size
    /// people draw their states, which one small misread ring does not move. Nil without states.
    var typicalStateRadius: Double? {
        let radii = states.map(\.radius).sorted()
        guard !radii.isEmpty else { return nil }
        return radii.count % 2 == 1 ? radii[radii.count / 2] : (radii[radii.count / 2 - 1] + radii[radii.count / 2]) / 2
    }
}
