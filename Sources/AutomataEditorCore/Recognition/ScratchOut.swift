import Foundation

/// Crossing out: a zigzag drawn over an element deletes it, as on paper and in pen apps. A
/// zigzag goes back and forth in long legs with sharp turns: a ring turns smoothly, and a
/// cursive word's turns come in legs short beside its width.
extension RecognitionRules {
    /// Sharp turns a zigzag has at least (three back-and-forths).
    static let scratchTurns = 4
    /// A turn sharper than this, in degrees, is a reversal.
    static let scratchTurnAngle = 130.0
    /// Its legs are on average at least this share of its extent.
    static let scratchLegShare = 0.6
    /// Over a state it is at least its radius across (a name written in one cursive stroke is smaller).
    static let scratchStateShare = 1.0

    /// The removal a zigzag drawn over a state (its middle inside the state) or across a
    /// transition's line makes; nil when the stroke is no zigzag or is over nothing.
    func scratchingOut(_ stroke: [CanvasPoint], in document: AutomatonDocument) -> Interpretation? {
        guard Self.isZigzag(stroke) else { return nil }
        let box = InkBox(around: stroke), extent = StrokeGeometry.extent(of: stroke)
        let centre = CanvasPoint(x: (box.min.x + box.max.x) / 2, y: (box.min.y + box.max.y) / 2)
        if let state = state(containing: centre, in: document) {
            guard extent >= Self.scratchStateShare * state.radius else { return nil }
            return Interpretation(actions: [.removeState(id: state.id)], message: "a zigzag over \(state.name), crossed out: removed state \(state.name)")
        }
        // A transition whose line the zigzag crosses at least three times, beside its middle
        // (a head scribbled at its end is its head), at least half a state's radius across.
        guard extent >= Self.scratchStateShare / 2 * (document.typicalStateRadius ?? 0) else { return nil }
        let crossed = document.transitions.filter { t in
            let line = t.linePoints()
            return isBesideMiddle(centre, of: line)
                && zip(stroke, stroke.dropFirst()).filter { a, b in Self.crosses(a, b, line) }.count >= 3
        }
        guard let t = crossed.min(by: {
            StrokeGeometry.distance(from: centre, toPath: $0.linePoints()) < StrokeGeometry.distance(from: centre, toPath: $1.linePoints())
        }) else { return nil }
        return Interpretation(actions: [.removeTransition(id: t.id)],
                              message: "a zigzag across \(document.describe(transition: t)), crossed out: removed it")
    }

    /// Back and forth in long legs, turning sharply at least `scratchTurns` times.
    package static func isZigzag(_ stroke: [CanvasPoint]) -> Bool {
        let extent = StrokeGeometry.extent(of: stroke)
        guard stroke.count >= 8, extent > 0 else { return false }
        let path = StrokeGeometry.resampled(stroke, count: 64)
        var corners: [Int] = []
        for i in 2..<(path.count - 2) {
            let (a, b) = (unit(path[i], from: path[i - 2]), unit(path[i + 2], from: path[i]))
            let cosine = max(-1, min(1, a.x * b.x + a.y * b.y))
            guard acos(cosine) * 180 / .pi > scratchTurnAngle else { continue }
            // One corner spreads over neighbouring samples: keep the first.
            if let last = corners.last, i - last <= 3 { continue }
            corners.append(i)
        }
        guard corners.count >= scratchTurns else { return false }
        let legs = zip([0] + corners, corners + [path.count - 1]).map { path[$0].distance(to: path[$1]) }
        return legs.reduce(0, +) / Double(legs.count) >= scratchLegShare * extent
    }

    /// Whether the segment from `a` to `b` crosses the polyline `line`.
    private static func crosses(_ a: CanvasPoint, _ b: CanvasPoint, _ line: [CanvasPoint]) -> Bool {
        zip(line, line.dropFirst()).contains { c, d in
            let side = { (p: CanvasPoint, q: CanvasPoint, r: CanvasPoint) in (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x) }
            return side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0
        }
    }
}
