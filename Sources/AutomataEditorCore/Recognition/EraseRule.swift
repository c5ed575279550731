import Foundation

extension RecognitionRules {
    /// An eraser path removes every element it touches: a state when the path enters its
    /// circle (a final state's ring alone when the path rubs the ring without crossing into
    /// the middle, inside the inner ring by more than `eraserReach`); a transition when the path comes within `eraserReach` of its line (a curve as
    /// drawn; a self-loop's line is the circle through its ends) *outside* the states it joins, so rubbing out a
    /// state does not also take the arrows ending on it — those keep their other end. Waiting
    /// ink and handwritten words it crosses go too.
    public func erase(along path: [CanvasPoint], in document: AutomatonDocument) -> Interpretation {
        guard !path.isEmpty else { return .nothing("erase: an empty path") }
        let touched = document.states.filter { StrokeGeometry.distance(from: $0.center, toPath: path) <= $0.radius }
        // Rubbing out a final state's ring without crossing its middle takes the ring alone.
        let unfinalised = touched.filter { s in
            s.isFinal && StrokeGeometry.distance(from: s.center, toPath: path) >= SVGExport.innerRingRadius(of: s.radius) - eraserReach
        }
        let states = touched.filter { s in !unfinalised.contains { $0.id == s.id } }
        let transitions = document.transitions.filter { t in
            shaft(of: t, in: document).contains { StrokeGeometry.distance(from: $0, toPath: path) <= eraserReach }
        }
        // Waiting ink goes too: text within a letter's height of the path, heads it crosses.
        var pending = document.pending
        pending.texts.removeAll { StrokeGeometry.distance(from: $0.at, toPath: path) <= eraserReach + 8 }
        pending.heads.removeAll { StrokeGeometry.distance(from: $0.apex, toPath: path) <= eraserReach + $0.size / 2 }
        let waiting = document.pending.texts.count - pending.texts.count + document.pending.heads.count - pending.heads.count
        // Transitions first, while the states they name still exist for the message.
        var removed = transitions.map { document.describe(transition: $0) } + states.map { "state \($0.name)" }
            + unfinalised.map { "the final ring of \($0.name) (no longer final)" }
            + (waiting > 0 ? ["\(waiting) waiting mark(s)"] : [])
        var actions = transitions.map { EditAction.removeTransition(id: $0.id) } + states.map { .removeState(id: $0.id) }
            + unfinalised.map { .toggleFinal(id: $0.id) }
            + (waiting > 0 ? [.setPending(pending)] : [])
        let words = erasingWords(along: path, in: document.applying(actions))
        removed += words.erased
        actions += words.actions
        guard !removed.isEmpty else { return .nothing("erase: nothing under the eraser") }
        return Interpretation(actions: actions, message: "erase → removed " + removed.joined(separator: ", "))
    }

    /// Points along a transition's drawn line, without those inside the states it joins.
    private func shaft(of t: AutomatonDocument.Transition, in document: AutomatonDocument) -> [CanvasPoint] {
        let ends = [t.from, t.to].compactMap { $0.flatMap(document.state) }
        return t.linePoints().filter { p in !ends.contains { p.distance(to: $0.center) < $0.radius } }
    }
}
