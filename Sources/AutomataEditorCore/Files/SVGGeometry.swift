import Foundation

/// A 2D vector in canvas coordinates (y down), for the SVG drawing's geometry.
struct SVGVector: Hashable {
    var x: Double
    var y: Double

    init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    init(_ point: CanvasPoint) {
        self.init(x: point.x, y: point.y)
    }

    static func + (a: SVGVector, b: SVGVector) -> SVGVector { SVGVector(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: SVGVector, b: SVGVector) -> SVGVector { SVGVector(x: a.x - b.x, y: a.y - b.y) }
    static func * (a: SVGVector, k: Double) -> SVGVector { SVGVector(x: a.x * k, y: a.y * k) }

    var length: Double { (x * x + y * y).squareRoot() }

    /// The unit vector in this direction; `fallback` for a (near) zero vector, so that
    /// coinciding points never produce NaN.
    func unit(or fallback: SVGVector = SVGVector(x: 1, y: 0)) -> SVGVector {
        let length = length
        return length > 1e-9 && length.isFinite ? self * (1 / length) : fallback
    }

    /// Turned a quarter to the left of travel as seen on screen (y down): right → up.
    var leftNormal: SVGVector { SVGVector(x: y, y: -x) }

    /// Turned by `angle` radians, clockwise on screen.
    func rotated(by angle: Double) -> SVGVector {
        SVGVector(x: x * cos(angle) - y * sin(angle), y: x * sin(angle) + y * cos(angle))
    }
}

/// A circle on the drawing: a state's outline.
struct SVGCircle {
    var center: SVGVector
    var radius: Double

    /// The point on the outline in the direction of `point`.
    func boundary(toward point: SVGVector) -> SVGVector {
        center + (point - center).unit() * radius
    }
}

/// A drawn curve: a straight or quadratic/cubic Bézier path, with where its label goes.
struct SVGCurve {
    var start: SVGVector
    var controls: [SVGVector]
    var end: SVGVector
    /// Where the label is anchored, and the direction from the curve towards the label.
    var labelAnchor: SVGVector
    var labelSide: SVGVector

    /// All defining points: the curve lies within their convex hull, so they bound it.
    var hull: [SVGVector] { [start] + controls + [end] }

    /// The length of its control polygon: never shorter than the curve.
    var reach: Double { zip(hull, hull.dropFirst()).reduce(0) { $0 + ($1.1 - $1.0).length } }

    /// `count` + 1 points along it, evenly in its parameter (a straight line, a quadratic or
    /// a cubic Bézier, by its number of controls).
    func points(count: Int) -> [SVGVector] {
        let defining = hull
        return (0...count).map { step in
            // de Casteljau: blend neighbours until one point is left.
            var level = defining
            let t = Double(step) / Double(count)
            while level.count > 1 {
                level = zip(level, level.dropFirst()).map { $0 * (1 - t) + $1 * t }
            }
            return level[0]
        }
    }
}

/// The shapes of a textbook automaton drawing.
enum SVGShapes {
    /// How far the label sits from its curve.
    static let labelGap = 5.0

    /// An edge between two different states: a quadratic Bézier bending to the left of
    /// travel by `bend` times the distance (so opposite edges bend apart), from outline to
    /// outline.
    static func edge(from source: SVGCircle, to target: SVGCircle, bend: Double) -> SVGCurve {
        let chord = target.center - source.center
        let direction = chord.unit()
        let side = direction.leftNormal
        // A quadratic curve passes halfway between the chord and its control point.
        let control = (source.center + target.center) * 0.5 + side * (2 * bend * chord.length)
        let start = source.boundary(toward: control)
        let end = target.boundary(toward: control)
        let middle = start * 0.25 + control * 0.5 + end * 0.25
        return SVGCurve(start: start, controls: [control], end: end,
                        labelAnchor: middle + side * labelGap, labelSide: side)
    }

    /// A self-loop on the outside of the state in `direction` (unit): a cubic Bézier leaving
    /// and re-entering the outline either side of that direction.
    static func loop(on state: SVGCircle, direction: SVGVector) -> SVGCurve {
        let spread = 0.5 // radians either side of `direction` where the loop meets the outline
        let reach = max(30, state.radius * 0.8) // about how far it stands out
        let start = state.center + direction.rotated(by: -spread) * state.radius
        let end = state.center + direction.rotated(by: spread) * state.radius
        let controlDistance = state.radius + reach * 1.8
        let first = state.center + direction.rotated(by: -0.6) * controlDistance
        let second = state.center + direction.rotated(by: 0.6) * controlDistance
        let top = (start + first * 3 + second * 3 + end) * 0.125
        return SVGCurve(start: start, controls: [first, second], end: end,
                        labelAnchor: top + direction * labelGap, labelSide: direction)
    }

    /// A transition kept as the curve it was drawn as, trimmed where it runs inside either
    /// state, so it goes from outline to outline with its head at the drawn tip (or where
    /// the curve reached the target's outline). The label sits beside its middle, on the
    /// side it bulges to.
    static func drawn(_ curve: CubicCurve, from source: SVGCircle, to target: SVGCircle) -> SVGCurve {
        func inside(_ circle: SVGCircle) -> (Double) -> Bool {
            { (SVGVector(curve.point(at: $0)) - circle.center).length < circle.radius }
        }
        let leaves = crossing(from: 0, towards: 1, while: inside(source))
        let enters = crossing(from: 1, towards: 0, while: inside(target))
        let section = leaves < enters ? curve.section(from: leaves, to: enters) : curve
        let start = SVGVector(section.start), end = SVGVector(section.end)
        let middle = SVGVector(section.point(at: 0.5))
        let side = (middle - (start + end) * 0.5).unit(or: (end - start).unit().leftNormal)
        return SVGCurve(start: start, controls: [SVGVector(section.control1), SVGVector(section.control2)], end: end,
                        labelAnchor: middle + side * labelGap, labelSide: side)
    }

    /// The parameter where `isInside` stops holding, going from `from` towards `towards`
    /// (found on 64 steps, then halved down); `from` when it does not hold there.
    private static func crossing(from: Double, towards: Double, while isInside: (Double) -> Bool) -> Double {
        guard isInside(from) else { return from }
        var (inner, outer) = (from, towards)
        for step in 1...64 {
            let t = from + (towards - from) * Double(step) / 64
            if !isInside(t) { outer = t; break }
            inner = t
        }
        for _ in 0..<30 {
            let middle = (inner + outer) / 2
            if isInside(middle) { inner = middle } else { outer = middle }
        }
        return outer
    }

    /// A straight arrow between two points (ends already on outlines or free).
    static func straight(from start: SVGVector, to end: SVGVector) -> SVGCurve {
        let side = (end - start).unit().leftNormal
        return SVGCurve(start: start, controls: [], end: end,
                        labelAnchor: (start + end) * 0.5 + side * labelGap, labelSide: side)
    }
}
