/// A stroke a person says was part of an element already drawn (Teach's "part of the last
/// element"): an arrowhead drawn apart, or a final state's second ring.
extension RecognitionRules {
    /// What the stroke adds to the element it belongs to: a ring round a state makes it
    /// final; a head at a transition's end directs it that way (as a head drawn apart does);
    /// anything else changes nothing and says so.
    public func completingElement(with stroke: [CanvasPoint], in document: AutomatonDocument) -> Interpretation {
        if isRing(stroke), let state = state(ringedBy: stroke, in: document) {
            guard !state.isFinal else {
                return Interpretation(actions: [], message: "a second ring round \(state.name), which is already final: nothing changed")
            }
            return Interpretation(actions: [.toggleFinal(id: state.id)], message: "a second ring round \(state.name): \(state.name) final")
        }
        if let head = HeadShape(stroke: stroke), let place = place(of: head, in: document) {
            return heading(place, in: document)
        }
        return .nothing("not a head at a transition's end nor a ring round a state: nothing changed")
    }

    /// The state a ring goes round: centred within half its radius, about its size.
    private func state(ringedBy stroke: [CanvasPoint], in document: AutomatonDocument) -> AutomatonDocument.State? {
        let centre = StrokeGeometry.centre(of: stroke)
        let radius = StrokeGeometry.meanDistance(of: stroke, from: centre)
        return document.states
            .filter { centre.distance(to: $0.center) < 0.5 * $0.radius && (0.6 * $0.radius...1.7 * $0.radius).contains(radius) }
            .min { centre.distance(to: $0.center) < centre.distance(to: $1.center) }
    }
}
