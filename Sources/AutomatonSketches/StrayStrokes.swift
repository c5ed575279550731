import AutomataEditorCore
import Foundation
import StrokeModel
import StrokeTraining

/// Strokes that are none of the shapes, put on a finished drawing where people write,
/// scribble or cross out: on empty canvas, beside a state, across a state. The editor should
/// leave every one alone; the place rules that rescue shapes the model is unsure of must not
/// rescue these. They are one-stroke drawings from the training generator's `other`
/// families, 30–150 points across, sampled as the drawing's pen samples.
package enum StrayStrokes {
    package enum Place: String, CaseIterable, Sendable {
        case emptyCanvas = "empty canvas"
        case besideState = "beside a state"
        case acrossState = "across a state"
    }

    /// One stray stroke for each place (none for the state places when there is no state).
    package static func strokes(on document: AutomatonDocument, sparseSpacing: Double?, rules: RecognitionRules = RecognitionRules(),
                               random: inout SeededGenerator) -> [(place: Place, stroke: [CanvasPoint])] {
        Place.allCases.compactMap { place in
            let size = place == .acrossState ? 0 : random.between(30, 150)
            guard let stroke = placed(oneStroke(random: &random), size: size, at: place, on: document, rules: rules, random: &random)
            else { return nil }
            return (place, sparseSpacing.map { SyntheticStrokes.sparse(stroke, spacing: $0) } ?? stroke)
        }
    }

    /// A generated `other` drawing of one stroke (hatching and crossing-out come in several,
    /// and each of their strokes alone is a plain line). Not a zigzag: drawn over an element,
    /// a zigzag crosses it out (`RecognitionRules.scratchingOut`), which is no stray stroke.
    private static func oneStroke(random: inout SeededGenerator) -> [CanvasPoint] {
        while true {
            let drawing = SyntheticStrokes.other(random: &random)
            if drawing.count == 1, drawing[0].count >= 2, !RecognitionRules.isZigzag(drawing[0]) { return drawing[0] }
        }
    }

    /// `stroke` scaled to `size` across and moved to a point of `place`: on empty canvas near
    /// the states, touching none of them; beside a state, just off its edge; across a state,
    /// over its middle and 1.5–2.5 of its radii across.
    private static func placed(_ stroke: [CanvasPoint], size: Double, at place: Place, on document: AutomatonDocument,
                               rules: RecognitionRules, random: inout SeededGenerator) -> [CanvasPoint]? {
        let states = document.states
        guard !states.isEmpty else { return place == .emptyCanvas ? moved(stroke, size: size, to: CanvasPoint(x: 0, y: 0)) : nil }
        switch place {
        case .emptyCanvas:
            let xs = states.map(\.center.x), ys = states.map(\.center.y)
            for _ in 0..<100 {
                let centre = CanvasPoint(x: random.between(xs.min()! - 200, xs.max()! + 200), y: random.between(ys.min()! - 200, ys.max()! + 200))
                let candidate = moved(stroke, size: size, to: centre)
                let touches = states.contains { state in
                    candidate.contains { $0.distance(to: state.center) <= state.radius + rules.slack(of: state) }
                }
                if !touches { return candidate }
            }
            return nil
        case .besideState:
            let state = states[Int(random.next() % UInt64(states.count))]
            let angle = random.between(0, 2 * .pi), reach = state.radius + size / 2 + random.between(0, 20)
            return moved(stroke, size: size, to: CanvasPoint(x: state.center.x + reach * cos(angle), y: state.center.y + reach * sin(angle)))
        case .acrossState:
            let state = states[Int(random.next() % UInt64(states.count))]
            let angle = random.between(0, 2 * .pi), offset = random.between(0, 0.3) * state.radius
            return moved(stroke, size: state.radius * random.between(1.5, 2.5),
                         to: CanvasPoint(x: state.center.x + offset * cos(angle), y: state.center.y + offset * sin(angle)))
        }
    }

    /// The stroke scaled so its bounding box's longer side is `size`, centred on `centre`.
    private static func moved(_ stroke: [CanvasPoint], size: Double, to centre: CanvasPoint) -> [CanvasPoint] {
        let xs = stroke.map(\.x), ys = stroke.map(\.y)
        let scale = size / max(xs.max()! - xs.min()!, ys.max()! - ys.min()!, 1e-9)
        let (midX, midY) = ((xs.min()! + xs.max()!) / 2, (ys.min()! + ys.max()!) / 2)
        return stroke.map { CanvasPoint(x: centre.x + ($0.x - midX) * scale, y: centre.y + ($0.y - midY) * scale) }
    }
}
