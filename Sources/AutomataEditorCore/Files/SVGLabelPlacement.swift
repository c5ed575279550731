/// Where each edge's label goes: beside the middle of its curve, on the side it bulges to,
/// unless that covers a state, another label or another line; then the freest place along
/// the curve, either side. Labels placed earlier keep their places.
struct SVGLabelPlacement {
    /// Where along the curve a label may go, in the order tried (the middle first).
    static let stations = [0.5, 0.4, 0.6, 0.32, 0.68, 0.25, 0.75]

    let states: [SVGCircle]
    /// Every arrow's line, sampled densely enough that no box fits between two samples, by index.
    let lines: [[SVGVector]]
    private(set) var boxes: [(center: SVGVector, size: SVGVector)] = []

    init(states: [SVGCircle], lines: [[SVGVector]]) {
        self.states = states
        self.lines = lines
    }

    /// Takes the box of a label that stays where it is.
    mutating func keep(_ text: String, centeredAt center: SVGVector, fontSize: Double) {
        boxes.append((center, SVGDrawing.estimatedSize(of: text, fontSize: fontSize)))
    }

    /// The anchor and side for the label `text` of the curve whose sampled line is
    /// `lines[line]`; remembers the box it takes.
    mutating func place(_ text: String, on curve: SVGCurve, line: Int, fontSize: Double) -> (anchor: SVGVector, side: SVGVector) {
        let size = SVGDrawing.estimatedSize(of: text, fontSize: fontSize)
        var best: (anchor: SVGVector, side: SVGVector, cost: Double)?
        search: for station in Self.stations {
            for preferred in [true, false] {
                let spot = station == 0.5 && preferred ? (curve.labelAnchor, curve.labelSide) : Self.spot(on: curve, at: station, preferred: preferred)
                let cost = self.cost(of: Self.box(size, beside: spot.0, side: spot.1), size: size, own: line)
                if best == nil || cost < best!.cost { best = (spot.0, spot.1, cost) }
                if cost == 0 { break search }
            }
        }
        boxes.append((Self.box(size, beside: best!.anchor, side: best!.side), size))
        return (best!.anchor, best!.side)
    }

    /// A point beside the curve at parameter `t`, on its label's side or the other.
    private static func spot(on curve: SVGCurve, at t: Double, preferred: Bool) -> (SVGVector, SVGVector) {
        let near = curve.points(count: 200)
        let index = Int((t * 200).rounded())
        let tangent = near[min(200, index + 2)] - near[max(0, index - 2)]
        var side = tangent.unit().leftNormal
        if side.x * curve.labelSide.x + side.y * curve.labelSide.y < 0 { side = side * -1 }
        if !preferred { side = side * -1 }
        return (near[index] + side * SVGShapes.labelGap, side)
    }

    /// The centre of a text box of `size` beside `anchor`, as `SVGDrawing.addText(_:beside:…)` places it.
    static func box(_ size: SVGVector, beside anchor: SVGVector, side: SVGVector) -> SVGVector {
        anchor + side * (abs(side.x) * size.x / 2 + abs(side.y) * size.y / 2)
    }

    /// What a label there would cover: states and labels count most, other lines less.
    private func cost(of center: SVGVector, size: SVGVector, own: Int) -> Double {
        let box = (center: center, size: size, role: "label")
        var cost = 0.0
        cost += 10 * Double(states.count { LayoutCheck.box(box, touches: $0) })
        cost += 10 * Double(boxes.count { LayoutCheck.boxesOverlap(box, ($0.center, $0.size, "label")) })
        for (index, line) in lines.enumerated() where index != own {
            if line.contains(where: { abs($0.x - center.x) < size.x / 2 + 1 && abs($0.y - center.y) < size.y / 2 + 1 }) { cost += 1 }
        }
        // A label nearer another line than its own reads as that line's.
        func distance(to line: [SVGVector]) -> Double { line.map { ($0 - center).length }.min() ?? .infinity }
        let ownDistance = distance(to: lines[own])
        if lines.indices.contains(where: { $0 != own && distance(to: lines[$0]) < ownDistance }) { cost += 2 }
        return cost
    }
}
