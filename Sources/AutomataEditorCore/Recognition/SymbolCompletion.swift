/// Symbols drawn in several strokes: what a new element takes from the ink that waited for it
/// (a head drawn before its shaft, a name written before its ring, a label before its arrow),
/// and what the next stroke settles (a shaft whose head did not come).
extension RecognitionRules {
    /// `reading` (what a stroke means on its own) completed by the waiting ink it finishes.
    func completing(_ reading: Interpretation, in document: AutomatonDocument) -> Interpretation {
        var result = reading
        var pending = document.pending
        var notes: [String] = []
        var tookHeadDrawnBefore = false
        for (index, action) in reading.actions.enumerated() {
            switch action {
            case let .addTransition(from, to, start, end, controls, symbols, head):
                var directed = (from: from, to: to, start: start, end: end, controls: controls)
                var newHead = head
                let headDrawnBefore = pendingHead(onLineFrom: start, to: end, controls: controls, in: document).map { ($0.end, "the head") }
                    ?? (startsAtMarks(from: from, start: start, to: to, in: document) ? (.start, "the marks") : nil)
                if head != .drawn, let (headEnd, what) = headDrawnBefore {
                    newHead = .drawn
                    if headEnd == .start {
                        directed = (to, from, end, start, controls.reversed())
                        if directed.from == nil, let state = directed.to {
                            // Turned round it points from empty canvas into its state.
                            result.actions[index] = .drawInitialArrow(state: state, from: directed.start)
                            notes.append("the head drawn before it makes it the initial arrow of \(document.name(ofState: state))")
                            continue
                        }
                    }
                    notes.append("directed by \(what) drawn before it at \(document.name(ofState: directed.to ?? -1))")
                    tookHeadDrawnBefore = true
                }
                var taken = symbols
                if taken.isEmpty, let waiting = waitingLabel(beside: directed.start, directed.end, directed.controls, selfLoop: false,
                                                             in: pending, reach: labelReach(in: document)) {
                    taken = waiting.symbols
                    pending.texts.remove(at: waiting.index)
                    notes.append("labelled \(taken.map(\.description).joined(separator: ",")) by the text written before it")
                }
                result.actions[index] = .addTransition(from: directed.from, to: directed.to, start: directed.start, end: directed.end,
                                                       controls: directed.controls, symbols: taken, head: newHead)
            case let .addSelfLoop(state, labelPoint, symbols) where symbols.isEmpty:
                guard let s = document.state(state), let outer = labelPoint else { continue }
                let loop = AutomatonDocument.Transition(id: -1, from: state, to: state, start: s.edgePoint(towards: outer), end: outer)
                if let waiting = waitingLabel(beside: loop.start, loop.end, [], selfLoop: true, in: pending, reach: labelReach(in: document)) {
                    result.actions[index] = .addSelfLoop(state: state, labelPoint: labelPoint, symbols: waiting.symbols)
                    pending.texts.remove(at: waiting.index)
                    notes.append("labelled \(waiting.symbols.map(\.description).joined(separator: ",")) by the text written before it")
                }
            case let .drawInitialArrow(state, from):
                guard let s = document.state(state) else { continue }
                let tip = s.edgePoint(towards: from)
                if let caption = pending.texts.firstIndex(where: {
                    StrokeGeometry.distance(from: $0.at, toSegment: from, tip) <= labelReach(in: document) / 2
                        && (Self.isCaption($0.text) || $0.at.distance(to: tip) <= Self.captionTipShare * labelReach(in: document))
                }) {
                    notes.append("\"\(pending.texts[caption].text)\" beside it is its caption")
                    pending.texts.remove(at: caption)
                }
            case let .addState(center, radius, name, isFinal) where name == nil:
                if let written = pending.texts.indices.filter({ pending.texts[$0].at.distance(to: center) <= radius })
                    .min(by: { pending.texts[$0].at.distance(to: center) < pending.texts[$1].at.distance(to: center) }),
                   !document.states.contains(where: { $0.name == pending.texts[written].text }) {
                    let text = pending.texts.remove(at: written).text
                    result.actions[index] = .addState(center: center, radius: radius, name: text, isFinal: isFinal)
                    notes.append("named \(text) by the text it was drawn round")
                } else if let label = pending.lastLabel, label.text.at.distance(to: center) <= radius,
                          !document.states.contains(where: { $0.name == label.text.text }) {
                    // The text just taken as a label was a name written before its ring.
                    result.actions[index] = .addState(center: center, radius: radius, name: label.text.text, isFinal: isFinal)
                    result.actions.append(.setSymbols(transition: label.transition, symbols: label.previous))
                    pending.lastLabel = nil
                    notes.append("named \(label.text.text) by the text it was drawn round, which no longer labels \(document.transition(label.transition).map(document.describe(transition:)) ?? "a transition")")
                }
            default:
                continue
            }
        }
        if pending != document.pending { result.actions.append(.setPending(pending)) }
        if !notes.isEmpty { result.message += ", " + notes.joined(separator: ", ") }
        return tookHeadDrawnBefore ? markingTentativeHead(result, in: document) : result
    }

    /// The reading with the transition it draws marked as directed tentatively: by a mark
    /// where its shaft began, which a clear head drawn next at its start overrules.
    func markingTentativeHead(_ reading: Interpretation, in document: AutomatonDocument) -> Interpretation {
        let after = document.applying(reading.actions)
        guard let new = after.transitions.first(where: { document.transition($0.id) == nil && !$0.isSelfLoop && $0.head == .drawn })
        else { return reading }
        return reading.changingPending(in: document) { $0.tentativeHead = new.id }
    }

    /// After a stroke: shafts still waiting for a head keep the direction they were drawn in,
    /// heads drawn on their own that no shaft took are dropped, the last label can no
    /// longer turn into a name, and a tentative direction is settled.
    func settling(_ reading: Interpretation, in document: AutomatonDocument) -> Interpretation {
        var result = reading
        let after = document.applying(reading.actions)
        var kept: [String] = []
        for t in document.transitions where t.head == .awaited {
            guard let now = after.transition(t.id), now.head == .awaited else { continue }
            result.actions.append(.setHead(transition: t.id, head: .missing))
            kept.append(Self.directed(now, in: after))
        }
        let addsHead = reading.actions.contains { if case .setPending(let ink) = $0 { ink.heads.count > document.pending.heads.count } else { false } }
        var pending = after.pending
        pending.barb = nil
        if !addsHead {
            pending.heads = []
            pending.lastLabel = nil
        }
        // A tentative direction is open to the one stroke after its arrow.
        if pending.tentativeHead == document.pending.tentativeHead { pending.tentativeHead = nil }
        if pending != after.pending { result.actions.append(.setPending(pending)) }
        if !kept.isEmpty { result.message += "; no head came for \(kept.joined(separator: ", ")): kept as drawn" }
        return result
    }

    /// A waiting text beside a new transition's line (not off its ends, where a name waits for
    /// its state), with the symbols it reads.
    private func waitingLabel(beside start: CanvasPoint, _ end: CanvasPoint, _ controls: [CanvasPoint], selfLoop: Bool,
                              in pending: PendingInk, reach: Double) -> (index: Int, symbols: [Symbol])? {
        let line = AutomatonDocument.Transition(id: -1, from: selfLoop ? 0 : nil, to: selfLoop ? 0 : nil, start: start, end: end,
                                                controls: controls).linePoints()
        let candidates = pending.texts.indices.compactMap { index -> (Int, Double)? in
            let at = pending.texts[index].at
            let distance = StrokeGeometry.distance(from: at, toPath: line)
            guard distance <= reach / 2, selfLoop || isBesideMiddle(at, of: line) else { return nil }
            return (index, distance)
        }
        guard let (index, _) = candidates.min(by: { $0.1 < $1.1 }) else { return nil }
        let symbols = Self.symbols(in: pending.texts[index].text)
        return symbols.isEmpty ? nil : (index, symbols)
    }

    /// Whether `point` is nearest to the line somewhere between its first and last fifth:
    /// beside it, not beyond an end.
    func isBesideMiddle(_ point: CanvasPoint, of line: [CanvasPoint]) -> Bool {
        let lengths = StrokeGeometry.lengths(along: line)
        guard let total = lengths.last, total > 0,
              let nearest = line.indices.min(by: { line[$0].distance(to: point) < line[$1].distance(to: point) }) else { return false }
        return lengths[nearest] >= total / 5 && lengths[nearest] <= total * 4 / 5
    }

    /// The symbols a label's text reads, each once: separated by commas, semicolons or spaces
    /// (people write "a b" and "a; b" for two symbols as often as "a,b"); ε or eps for ε.
    static func symbols(in text: String) -> [Symbol] {
        var unique: [Symbol] = []
        for symbol in text.split(whereSeparator: { $0 == "," || $0 == ";" || $0.isWhitespace }).compactMap({ Symbol(parsing: String($0)) })
        where !unique.contains(symbol) { unique.append(symbol) }
        return unique
    }

    /// Whether a label's text separates symbols by spaces, which the message then says
    /// (a student who meant one symbol "a b" learns why it became two).
    static func splitsAtSpaces(_ text: String) -> Bool {
        text.split(whereSeparator: { $0 == "," || $0 == ";" }).contains { part in
            part.trimmingCharacters(in: .whitespaces).contains(where: \.isWhitespace)
        }
    }
}
