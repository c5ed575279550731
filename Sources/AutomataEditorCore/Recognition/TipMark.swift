/// A small mark inside a state, touching the tip of the arrow drawn last there, is more of
/// that arrow (its head, or the second barb or outline of a head already drawn), not writing:
/// with a symbol model such a head read as a letter and renamed the state (FC_A arrows with
/// handwriting read: 81.7%, against 87.7% with it left as ink). A name is written round a
/// state's middle, clear of the rim where arrows arrive; a label, outside the states.
extension RecognitionRules {
    /// The end of the newest transition `stroke` marks: the end its head points at, or either
    /// end while it still awaits its head, where the transition meets a state that holds the
    /// mark's middle, within the mark's size of the tip (or, for a mark in the state's outer
    /// half, of the line's way on inside, half the radius deep). Nil for a stroke that touches no such
    /// tip or is bigger than a head there, and while a handwritten word is being written.
    func tipMark(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> HeadPlace? {
        // A word being written goes on: its next stroke is more of it, wherever it falls (a
        // tap of the pen that read as nothing is no word).
        let writing = document.pending.word.map { !$0.isNoWriting } ?? false
        guard !writing, let t = document.transitions.last, !t.isSelfLoop, !isStraightPiece(stroke, of: t, in: document) else { return nil }
        let size = StrokeGeometry.extent(of: stroke)
        guard size >= 3 else { return nil }
        // A tentative head (`PendingInk.tentativeHead`) may still be turned by a mark at the start.
        let settled = t.head == .drawn && t.id != document.pending.tentativeHead
        let ends: [(EditAction.End, CanvasPoint, Int?)] = settled ? [(.end, t.end, t.to)] : [(.end, t.end, t.to), (.start, t.start, t.from)]
        var best: (end: EditAction.End, near: Double)?
        let middle = StrokeGeometry.centre(of: stroke)
        for (end, tip, id) in ends {
            guard let state = id.flatMap(document.state), middle.distance(to: state.center) <= state.radius - 0.2 * size,
                  size <= min(50, 0.5 * state.radius) else { continue }
            // The line is cut at the state's edge, but its ink may run on inside (a head drawn
            // again where the ink stopped): in the state's outer half, the tip reaches inwards.
            let inward = Self.unit(state.center, from: tip)
            let reach = middle.distance(to: state.center) >= 0.45 * state.radius ? 0.5 * state.radius : 0
            let deep = CanvasPoint(x: tip.x + inward.x * reach, y: tip.y + inward.y * reach)
            let near = stroke.map { StrokeGeometry.distance(from: $0, toSegment: tip, deep) }.min() ?? .infinity
            if near <= max(6, 0.7 * size), near < best?.near ?? .infinity { best = (end, near) }
        }
        return best.map { .transition(id: t.id, end: $0.end) }
    }
}
