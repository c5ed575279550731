/// A straight stroke running straight out to a state's edge from inside it is the first piece
/// of a line leaving that state (flowchart connectors are drawn leg by leg), not writing,
/// though a symbol model reads such a short line as a 1 (FC_A: it named the state "1"). A
/// name is written round the state's middle; a label outside the states.
extension RecognitionRules {
    /// Whether `stroke` is straight, one end on a state's edge (within a fifth of its radius)
    /// and the other inside, nearer the centre by almost the stroke's whole length.
    func isLinePiece(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Bool {
        guard isStraight(stroke), let first = stroke.first, let last = stroke.last else { return false }
        let length = first.distance(to: last)
        return document.states.contains { s in
            [(first, last), (last, first)].contains { outer, inner in
                // Out along the radius (within about 25°), not along the rim as a letter's stem there may run.
                abs(outer.distance(to: s.center) - s.radius) <= 0.2 * s.radius
                    && inner.distance(to: s.center) <= outer.distance(to: s.center) - 0.9 * length
            }
        }
    }
}
