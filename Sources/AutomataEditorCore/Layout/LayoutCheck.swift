/// How readable a document's drawing is, counted on the picture the editor shows (the same
/// curves, label places and state circles as its SVG): what makes a laid-out automaton
/// misread.
public struct LayoutCheck: Hashable, Sendable, CustomStringConvertible {
    /// Points where two arrows (transitions, loops, initial arrows) cross, away from a state
    /// they both meet at.
    public var crossings: Int
    /// Arrows that pass through a state that is neither of their ends.
    public var edgesThroughStates: Int
    /// Labels lying on another label or on a state.
    public var overlappingLabels: Int

    /// Samples per arrow: fine enough that a crossing near an end is not missed.
    static let samples = 48

    public init(_ document: AutomatonDocument) {
        let placed = SVGExport.drawing(of: document).placed
        let ends = Dictionary(document.transitions.map { ($0.id, [$0.from, $0.to].compactMap(\.self)) },
                              uniquingKeysWith: { first, _ in first })
        let arrows = placed.arrows.map { arrow in
            let states: Set<Int> = switch arrow.element {
            case .state(let id): [id]
            case .transitions(let ids): Set(ids.flatMap { ends[$0] ?? [] })
            case .waiting: []
            }
            return (points: arrow.curve.points(count: Self.samples), ends: states)
        }
        let circles = Dictionary(placed.states.map { ($0.id, $0.circle) }, uniquingKeysWith: { first, _ in first })

        var crossings = 0
        for (i, first) in arrows.enumerated() {
            for second in arrows[(i + 1)...] {
                let shared = first.ends.intersection(second.ends).compactMap { circles[$0] }
                crossings += Self.crossingCount(first.points, second.points) { point in
                    // Two arrows meeting at a state they share do not cross.
                    shared.contains { ($0.center - point).length < $0.radius + 8 }
                }
            }
        }
        self.crossings = crossings

        edgesThroughStates = arrows.reduce(0) { count, arrow in
            count + placed.states.count { state in
                !arrow.ends.contains(state.id)
                    && arrow.points.contains { ($0 - state.circle.center).length < state.circle.radius - 1 }
            }
        }

        let labels = placed.texts.filter { $0.role == "label" }
        var overlaps = 0
        for (i, label) in labels.enumerated() {
            overlaps += labels[(i + 1)...].count { Self.boxesOverlap(label, $0) }
            overlaps += placed.states.count { Self.box(label, touches: $0.circle) }
        }
        overlappingLabels = overlaps
    }

    public var description: String {
        "\(crossings) crossings, \(edgesThroughStates) edges through states, \(overlappingLabels) overlapping labels"
    }

    /// The places where two polylines cross, neighbouring hits counted once; hits where
    /// `ignored` holds are not counted.
    static func crossingCount(_ a: [SVGVector], _ b: [SVGVector], ignoring ignored: (SVGVector) -> Bool) -> Int {
        var hits: [Int] = [] // the segment of `a` each hit is on
        for i in 0..<(a.count - 1) {
            for j in 0..<(b.count - 1) {
                guard let point = intersection(a[i], a[i + 1], b[j], b[j + 1]), !ignored(point) else { continue }
                hits.append(i)
            }
        }
        hits.sort()
        return zip(hits, [-10] + hits).count { $0 - $1 > 1 }
    }

    /// Where segments pq and rs cross, if they do.
    static func intersection(_ p: SVGVector, _ q: SVGVector, _ r: SVGVector, _ s: SVGVector) -> SVGVector? {
        let d1 = q - p, d2 = s - r
        let denominator = d1.x * d2.y - d1.y * d2.x
        guard abs(denominator) > 1e-9 else { return nil }
        let w = r - p
        let t = (w.x * d2.y - w.y * d2.x) / denominator, u = (w.x * d1.y - w.y * d1.x) / denominator
        guard (0...1).contains(t), (0...1).contains(u) else { return nil }
        return p + d1 * t
    }

    typealias TextBox = (center: SVGVector, size: SVGVector, role: String)

    /// Whether two text boxes overlap by more than a point (the white halo round letters
    /// lets them touch).
    static func boxesOverlap(_ a: TextBox, _ b: TextBox) -> Bool {
        abs(a.center.x - b.center.x) < (a.size.x + b.size.x) / 2 - 1
            && abs(a.center.y - b.center.y) < (a.size.y + b.size.y) / 2 - 1
    }

    /// Whether a text box reaches into a circle by more than a point.
    static func box(_ box: TextBox, touches circle: SVGCircle) -> Bool {
        let nearest = SVGVector(x: min(max(circle.center.x, box.center.x - box.size.x / 2), box.center.x + box.size.x / 2),
                                y: min(max(circle.center.y, box.center.y - box.size.y / 2), box.center.y + box.size.y / 2))
        return (nearest - circle.center).length < circle.radius - 1
    }
}
