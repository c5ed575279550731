/// Ink the symbol model reads surely inside a state that is no name for it all the same. In
/// FC_A a head's barb or the last leg of a connector, left alone as writing, read as "1", "n"
/// or "v" and renamed the state. People write a name at a size they can read, clear of the
/// rim: a word under a fifth of the state's radius across is a mark, and one straight stroke
/// out to the rim is a line.
extension StrokeInterpreter {
    /// The share of the state's radius a name is at least across (the generator's names are
    /// 0.45–0.7 of it tall, shrunk to fit the circle: 0.3 for "start").
    static let smallestNameShare = 0.2
    /// How far out, as a share of the radius, a one-stroke name stays clear of the rim (a
    /// centred "1" of the generator's reaches 0.75).
    static let nameRimShare = 0.95

    /// Why `strokes`, read as a word in `state`, are not its name; nil when they may be.
    static func notAName(_ strokes: [[CanvasPoint]], in state: AutomatonDocument.State) -> String? {
        let points = strokes.flatMap { $0 }
        guard !points.isEmpty else { return nil }
        if InkBox(around: points).extent < smallestNameShare * state.radius { return "a mark under a fifth of its radius across" }
        if strokes.count == 1, isLine(points), points.contains(where: { $0.distance(to: state.center) >= nameRimShare * state.radius }) {
            return "a line out to its rim"
        }
        return nil
    }

    /// Whether the ink lies along the chord between its ends, within a fifth of the chord's
    /// length of it (a leg the pen went back over is still one; a word written in one stroke
    /// strays as far from its chord as the chord is long).
    private static func isLine(_ points: [CanvasPoint]) -> Bool {
        guard let first = points.first, let last = points.last, first.distance(to: last) > 0 else { return false }
        let chord = first.distance(to: last)
        let along = CanvasPoint(x: (last.x - first.x) / chord, y: (last.y - first.y) / chord)
        return points.allSatisfy { abs(($0.x - first.x) * along.y - ($0.y - first.y) * along.x) <= 0.2 * chord }
    }
}
