/// A box: a closed stroke (or one going round, open at a corner, away from the states) of four
/// straight sides meeting at corners. States are circles; a rectangle drawn densely enough to
/// show its straight sides is none (a ring sampled sparsely also has straight pieces between
/// its few points, but not the points along them).
extension RecognitionRules {
    func isBox(_ stroke: [CanvasPoint], in document: AutomatonDocument = AutomatonDocument()) -> Bool {
        let size = StrokeGeometry.extent(of: stroke)
        // Closed, or going round as a ring does (people leave a gap at the corner they began),
        // away from the states: open at a state, it is a self-loop or a bent line.
        guard stroke.count >= 16, size > 0, let first = stroke.first, let last = stroke.last,
              first.distance(to: last) <= 0.25 * size
                || (StrokeGeometry.turns(of: stroke, around: StrokeGeometry.centre(of: stroke)) >= closedTurns
                    && state(touchedBy: stroke, in: document) == nil) else { return false }
        let corners = HeadShape.corners(of: stroke, tolerance: 0.08 * size)
        // Four sides, the pen perhaps overshooting its start by a short fifth.
        guard (5...6).contains(corners.count) else { return false }
        let sides = zip(corners, corners.dropFirst()).filter { stroke[$0].distance(to: stroke[$1]) > 0.25 * size }
        guard sides.count == 4 else { return false }
        // A side drawn by hand bows by up to 7 % of the box's size, 9 % away from the states (at
        // one a self-loop drawn as a pentagon bows 8 %); a quarter of a ring by 15 %.
        let bow = state(touchedBy: stroke, in: document) == nil ? 0.09 : 0.07
        return sides.allSatisfy { i, j in
            j - i >= 4 && stroke[i...j].allSatisfy { StrokeGeometry.distance(from: $0, toSegment: stroke[i], stroke[j]) <= bow * size }
        }
    }
}
