extension AutomatonDocument {
    /// The document after `action`: pure, the receiver is unchanged. New states and
    /// transitions take `nextID`, which only grows, so ids are never reused.
    public func applying(_ action: EditAction) -> AutomatonDocument {
        var copy = self
        copy.apply(action)
        return copy
    }

    /// The document after each action in turn.
    public func applying(_ actions: [EditAction]) -> AutomatonDocument {
        actions.reduce(self) { $0.applying($1) }
    }

    private mutating func apply(_ action: EditAction) {
        switch action {
        case let .addState(center, radius, name, isFinal):
            states.append(State(id: takeID(), name: name ?? nextStateName, center: center, radius: radius, isFinal: isFinal))
        case let .renameState(id, name):
            updateState(id) { $0.name = name }
        case let .toggleFinal(id):
            updateState(id) { $0.isFinal.toggle() }
        case let .setInitial(id, isInitial):
            updateState(id) { s in
                s.isInitial = isInitial
                if !isInitial { s.initialArrowStart = nil }
            }
        case let .moveState(id, target):
            move(state: id, to: target)
        case let .addTransition(from, to, start, end, controls, symbols, head):
            // An end naming no state is free; a curve needs both its controls.
            let from = from.flatMap { state($0) == nil ? nil : $0 }
            let to = to.flatMap { state($0) == nil ? nil : $0 }
            transitions.append(Transition(id: takeID(), from: from, to: to, start: start, end: end,
                                          controls: controls.count == 2 ? controls : [], symbols: symbols, head: head))
        case let .reverseTransition(id):
            updateTransition(id) { t in
                (t.from, t.to) = (t.to, t.from)
                (t.start, t.end) = (t.end, t.start)
                t.controls.reverse()
            }
        case let .setHead(id, head):
            updateTransition(id) { $0.head = head }
        case let .drawInitialArrow(id, from):
            updateState(id) { s in
                s.isInitial = true
                s.initialArrowStart = from
            }
        case let .setPending(ink):
            pending = ink
        case let .setWords(finished):
            words = finished
        case let .connect(id, end, stateID):
            guard state(stateID) != nil else { return }
            updateTransition(id) { t in
                switch end {
                case .start: t.from = stateID
                case .end: t.to = stateID
                }
            }
        case let .addSelfLoop(stateID, labelPoint, symbols):
            guard let s = state(stateID) else { return }
            let outer = labelPoint ?? CanvasPoint(x: s.center.x, y: s.center.y - 2 * s.radius)
            let start = s.edgePoint(towards: outer)
            transitions.append(Transition(id: takeID(), from: stateID, to: stateID, start: start, end: outer, symbols: symbols))
        case let .setSymbols(id, symbols):
            updateTransition(id) { $0.symbols = symbols }
        case let .removeState(id):
            guard state(id) != nil else { return }
            states.removeAll { $0.id == id }
            transitions.removeAll { $0.from == id && $0.to == id }
            for index in transitions.indices {
                if transitions[index].from == id { transitions[index].from = nil }
                if transitions[index].to == id { transitions[index].to = nil }
            }
        case let .removeTransition(id):
            transitions.removeAll { $0.id == id }
        }
    }

    private mutating func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    private mutating func updateState(_ id: Int, _ change: (inout State) -> Void) {
        guard let index = states.firstIndex(where: { $0.id == id }) else { return }
        change(&states[index])
    }

    private mutating func updateTransition(_ id: Int, _ change: (inout Transition) -> Void) {
        guard let index = transitions.firstIndex(where: { $0.id == id }) else { return }
        change(&transitions[index])
    }

    /// Moves the state and, by the same offset, the ends of transitions attached to it
    /// (a self-loop moves whole), so arrows stay on the state they belong to; a curve is
    /// turned and stretched with its ends, so it keeps the shape it was drawn with.
    private mutating func move(state id: Int, to target: CanvasPoint) {
        guard let index = states.firstIndex(where: { $0.id == id }) else { return }
        let dx = target.x - states[index].center.x, dy = target.y - states[index].center.y
        states[index].center = target
        for t in transitions.indices {
            let old = transitions[t]
            if old.from == id { transitions[t].start = old.start.offset(dx, dy) }
            if old.to == id { transitions[t].end = old.end.offset(dx, dy) }
            let ends = (transitions[t].start, transitions[t].end)
            transitions[t].controls = old.controls.map { $0.carried(from: (old.start, old.end), to: ends) }
        }
        // The ink of its handwritten name goes with it, so the name stays where it is read.
        let moved = { (word: inout WrittenWord) in
            guard case .named(id, _) = word.effect else { return }
            word.strokes = word.strokes.map { $0.map { $0.offset(dx, dy) } }
        }
        for index in words.indices { moved(&words[index]) }
        if pending.word != nil { moved(&pending.word!) }
    }
}

extension AutomatonDocument.State {
    /// The point on the state's circle in the direction of `point` (the top when it is the centre).
    public func edgePoint(towards point: CanvasPoint) -> CanvasPoint {
        let distance = center.distance(to: point)
        guard distance > 0 else { return CanvasPoint(x: center.x, y: center.y - radius) }
        let scale = radius / distance
        return CanvasPoint(x: center.x + (point.x - center.x) * scale, y: center.y + (point.y - center.y) * scale)
    }
}

extension CanvasPoint {
    func offset(_ dx: Double, _ dy: Double) -> CanvasPoint { CanvasPoint(x: x + dx, y: y + dy) }
}
