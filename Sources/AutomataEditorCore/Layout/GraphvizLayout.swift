import Foundation

/// An automaton laid out by Graphviz's `dot`, left to right from the initial states, as a
/// document with the editor's own shapes: `dot` places the states (sized to their names),
/// routes each edge round the states and beside the others with room for its label, and
/// each route becomes one cubic curve fitted to it.
enum GraphvizLayout {
    /// Beyond this many states a drawing cannot be read whatever the layout, and `dot` would
    /// take seconds: such automata go in columns.
    static let largest = 150
    /// Space round the drawing, in canvas points.
    static let margin = 60.0
    /// The state radius of a short name, and the largest a long name may make it.
    static let radius = 30.0, largestRadius = 48.0

    /// The document, or nil when `dot` is not installed, fails, or the automaton is too large.
    static func document(for automaton: Automaton) -> AutomatonDocument? {
        guard automaton.stateCount > 0, automaton.stateCount <= largest, let dot = DotProgram.installed else { return nil }
        let radii = automaton.names.map(radius(for:))
        guard let json = dot.layout(of: graph(of: automaton, radii: radii)),
              let placed = try? JSONDecoder().decode(DotLayout.self, from: json),
              let frame = placed.frame else { return nil }

        // dot's points are ours (1/72 inch), with y upwards: flip, and leave a margin.
        func canvas(_ point: DotLayout.Point) -> CanvasPoint {
            CanvasPoint(x: point.x - frame.minX + margin, y: frame.maxY - point.y + margin)
        }
        let nodes = placed.nodesByName
        var centres: [CanvasPoint] = []
        for index in 0..<automaton.stateCount {
            guard let centre = nodes[node(index)]?.centre else { return nil }
            centres.append(canvas(centre))
        }
        var states = AutomatonLayout.states(of: automaton, centres: centres, radii: radii)
        for index in automaton.initial {
            states[index].initialArrowStart = nodes[start(index)]?.centre.map(canvas)
        }

        let routes = placed.routesByEnds(names: placed.namesByID), labels = placed.labelsByEnds(names: placed.namesByID)
        var lines: [StatePair: AutomatonLayout.Line] = [:]
        for pair in AutomatonLayout.symbolsByPair(automaton).keys {
            guard let route = routes[Ends(tail: node(pair.from), head: node(pair.to))] else { return nil }
            let points = route.map(canvas)
            let ends = Ends(tail: node(pair.from), head: node(pair.to))
            lines[pair] = pair.from == pair.to ? loop(points, on: states[pair.from])
                : curve(points, labelledAt: labels[ends].map(canvas))
        }
        return AutomatonLayout.document(for: automaton, states: states) { lines[$0]! }
    }

    /// A name's state: the usual size, larger (up to a limit) for a long name so that it
    /// stays readable; longer names are shortened when drawn.
    static func radius(for name: String) -> Double {
        // The name at 13 points must fit across the inner ring of a final state.
        let width = SVGDrawing.estimatedSize(of: name, fontSize: 13).x
        return min(largestRadius, max(radius, (width / 1.4).rounded(.up)))
    }

    /// The DOT graph: states as fixed-size circles, an invisible point where each initial
    /// arrow starts, one edge per pair of states labelled as the editor labels it.
    static func graph(of automaton: Automaton, radii: [Double]) -> String {
        var lines = ["digraph automaton {",
                     "    rankdir=LR; nodesep=0.4; ranksep=0.5;",
                     "    node [shape=circle, fixedsize=true, label=\"\"];",
                     "    edge [fontname=\"Helvetica\", fontsize=16, arrowsize=0.8];"]
        for index in 0..<automaton.stateCount {
            lines.append("    \(DOTExport.quoted(node(index))) [width=\(inches(2 * radii[index]))];")
        }
        for index in automaton.initial.sorted() {
            lines.append("    \(DOTExport.quoted(start(index))) [shape=point, width=0.05, style=invis];")
            lines.append("    \(DOTExport.quoted(start(index))) -> \(DOTExport.quoted(node(index))) [minlen=1];")
        }
        for (pair, symbols) in AutomatonLayout.symbolsByPair(automaton).sorted(by: { $0.key < $1.key }) {
            // A little room either side of the label keeps neighbouring labels apart.
            let label = " " + symbols.map(\.description).joined(separator: ", ") + " "
            lines.append("    \(DOTExport.quoted(node(pair.from))) -> \(DOTExport.quoted(node(pair.to))) [label=\(DOTExport.quoted(label))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func node(_ index: Int) -> String { "s\(index)" }
    private static func start(_ index: Int) -> String { "start\(index)" }
    private static func inches(_ points: Double) -> String { String(format: "%.4f", points / 72) }

    /// One cubic from the route's start to its tip, fitted to the whole route. The editor
    /// puts a curve's label on the side it bulges to: a curve that is nearly straight is bent
    /// a little towards the side where dot left room for the label.
    private static func curve(_ route: [CanvasPoint], labelledAt label: CanvasPoint?) -> AutomatonLayout.Line {
        let first = route[0], last = route[route.count - 1]
        guard var fitted = CubicCurve.fitted(to: route) else { return (first, last, []) }
        if let label {
            let middle = fitted.point(at: 0.5)
            let chordMiddle = CanvasPoint(x: (first.x + last.x) / 2, y: (first.y + last.y) / 2)
            let (dx, dy) = (last.x - first.x, last.y - first.y)
            let length = max(1e-9, (dx * dx + dy * dy).squareRoot())
            let (nx, ny) = (-dy / length, dx / length) // a unit normal of the chord
            let bulge = (middle.x - chordMiddle.x) * nx + (middle.y - chordMiddle.y) * ny
            let wanted: Double = (label.x - middle.x) * nx + (label.y - middle.y) * ny > 0 ? 1 : -1
            if abs(bulge) < minimumBulge, bulge * wanted < minimumBulge {
                // Moving both inner controls by d moves the middle by ¾ d.
                let shift = (wanted * minimumBulge - bulge) * 4 / 3
                fitted.control1 = CanvasPoint(x: fitted.control1.x + nx * shift, y: fitted.control1.y + ny * shift)
                fitted.control2 = CanvasPoint(x: fitted.control2.x + nx * shift, y: fitted.control2.y + ny * shift)
            }
        }
        return (first, last, [fitted.control1, fitted.control2])
    }

    /// How far (canvas points) a curve's middle stands off its chord, at least, on its label's side.
    static let minimumBulge = 4.0

    /// A self-loop is kept as the editor keeps one: from the state's edge to its outermost point.
    private static func loop(_ route: [CanvasPoint], on state: AutomatonDocument.State) -> AutomatonLayout.Line {
        let outermost = route.max { $0.distance(to: state.center) < $1.distance(to: state.center) } ?? state.center
        return (state.edgePoint(towards: outermost), outermost, [])
    }
}

/// A tail and a head, by node name.
private struct Ends: Hashable {
    var tail: String
    var head: String
}

/// What `dot -Tjson` says about a graph: its bounding box, nodes and edges.
private struct DotLayout: Decodable {
    struct Point { var x, y: Double }

    struct Node: Decodable {
        var _gvid: Int
        var name: String
        var pos: String?
        var centre: Point? { pos.flatMap(DotLayout.point) }
    }

    struct Edge: Decodable {
        var tail: Int
        var head: Int
        /// `e,x,y` (the arrow's tip), then the B-spline's 3n+1 points.
        var pos: String?
        /// Where dot put the label's centre.
        var lp: String?
    }

    var bb: String
    var objects: [Node]?
    var edges: [Edge]?

    /// The bounding box's lowest and highest coordinates.
    var frame: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        let numbers = bb.split(separator: ",").compactMap { Double($0) }
        guard numbers.count == 4 else { return nil }
        return (numbers[0], numbers[1], numbers[2], numbers[3])
    }

    var nodesByName: [String: Node] {
        Dictionary((objects ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    var namesByID: [Int: String] {
        Dictionary((objects ?? []).map { ($0._gvid, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// Each edge's route as points along it (its Bézier pieces sampled, ending at the tip).
    func labelsByEnds(names: [Int: String]) -> [Ends: Point] {
        var labels: [Ends: Point] = [:]
        for edge in edges ?? [] {
            guard let tail = names[edge.tail], let head = names[edge.head], let point = edge.lp.flatMap(Self.point) else { continue }
            labels[Ends(tail: tail, head: head)] = point
        }
        return labels
    }

    func routesByEnds(names: [Int: String]) -> [Ends: [Point]] {
        var routes: [Ends: [Point]] = [:]
        for edge in edges ?? [] {
            guard let tail = names[edge.tail], let head = names[edge.head], let pos = edge.pos else { continue }
            var tip: Point?
            var controls: [Point] = []
            for token in pos.split(separator: " ") {
                if token.hasPrefix("e,") { tip = Self.point(String(token.dropFirst(2))) }
                else if token.hasPrefix("s,") { continue }
                else if let point = Self.point(String(token)) { controls.append(point) }
            }
            guard controls.count >= 4 else { continue }
            var route: [Point] = [controls[0]]
            var piece = 0
            while piece + 3 < controls.count {
                let (a, b, c, d) = (controls[piece], controls[piece + 1], controls[piece + 2], controls[piece + 3])
                for step in 1...8 {
                    let t = Double(step) / 8, s = 1 - t
                    let (wa, wb, wc, wd) = (s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t)
                    route.append(Point(x: wa * a.x + wb * b.x + wc * c.x + wd * d.x, y: wa * a.y + wb * b.y + wc * c.y + wd * d.y))
                }
                piece += 3
            }
            if let tip { route.append(tip) }
            routes[Ends(tail: tail, head: head)] = route
        }
        return routes
    }

    static func point(_ text: String) -> Point? {
        let numbers = text.split(separator: ",").compactMap { Double($0) }
        return numbers.count >= 2 ? Point(x: numbers[0], y: numbers[1]) : nil
    }
}
