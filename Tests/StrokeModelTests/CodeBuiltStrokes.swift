import Foundation
import StrokeModel

/// Pen strokes built in code (not from the training package's synthetic generator), and the
/// shipped model, for the classifier suites of this target. Coordinates are an editor's: y grows
/// downwards, so a positive angle turns clockwise on screen.
enum CodeBuiltStrokes {
    /// The package root: three folders up from this file (Tests/StrokeModelTests/File.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let shippedModelURL = packageRoot.appendingPathComponent("models/automata-classifier.safetensors")

    /// The shipped classifier, loaded once for every suite of this target.
    static let shipped: StrokeClassifier = {
        // Threshold 0: these tests are about the classes; rejection has its own tests.
        do { return try StrokeClassifier(contentsOf: shippedModelURL, rejectionThreshold: 0) } catch {
            fatalError("cannot load the shipped model \(shippedModelURL.path): \(error)")
        }
    }()

    private static func point(_ x: Double, _ y: Double) -> StrokePoint { StrokePoint(x: x, y: y) }

    /// An ellipse around (cx, cy) with radii rx, ry, drawn from angle `start` over `turns` turns,
    /// clockwise on screen when `clockwise`, with `count` evenly spaced points.
    static func ellipse(cx: Double = 0, cy: Double = 0, rx: Double, ry: Double, start: Double = -Double.pi / 2,
                        turns: Double = 1.05, clockwise: Bool = true, count: Int = 60) -> [StrokePoint] {
        let sign: Double = clockwise ? 1 : -1
        return (0..<count).map { i in
            let theta = start + sign * 2 * .pi * turns * Double(i) / Double(count - 1)
            return point(cx + rx * cos(theta), cy + ry * sin(theta))
        }
    }

    /// A circle `size` across (diameter) centred at (cx, cy): 1.05 turns.
    static func circle(size: Double, cx: Double = 0, cy: Double = 0, start: Double = -Double.pi / 2,
                       clockwise: Bool = true, count: Int = 60) -> [StrokePoint] {
        ellipse(cx: cx, cy: cy, rx: size / 2, ry: size / 2, start: start, clockwise: clockwise, count: count)
    }

    /// Evenly spaced points from a to b, both included.
    static func segment(from a: (x: Double, y: Double), to b: (x: Double, y: Double), count: Int) -> [StrokePoint] {
        (0..<count).map { i in
            let t = Double(i) / Double(max(count - 1, 1))
            return point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
        }
    }

    /// Tip → first barb → back to the tip → second barb (as one pen move, the tip excluded):
    /// the barbs point back against `heading` (radians), `spread` either side, `length` long.
    static func arrowhead(tip: (x: Double, y: Double), heading: Double, length: Double, spread: Double = 0.5) -> [StrokePoint] {
        let back1 = heading + .pi - spread, back2 = heading + .pi + spread
        let barb1 = (x: tip.x + length * cos(back1), y: tip.y + length * sin(back1))
        let barb2 = (x: tip.x + length * cos(back2), y: tip.y + length * sin(back2))
        return Array(segment(from: tip, to: barb1, count: 5).dropFirst())
            + Array(segment(from: barb1, to: tip, count: 5).dropFirst())
            + Array(segment(from: tip, to: barb2, count: 5).dropFirst())
    }

    /// A straight line `length` long from (x, y) at `angle` (radians, screen coordinates), with a
    /// two-barb arrowhead at its end when `head`.
    static func arrow(length: Double, angle: Double, x: Double = 0, y: Double = 0, head: Bool = true,
                      count: Int = 40) -> [StrokePoint] {
        let end = (x: x + length * cos(angle), y: y + length * sin(angle))
        let shaft = segment(from: (x, y), to: end, count: count)
        return head ? shaft + arrowhead(tip: end, heading: angle, length: length * 0.18) : shaft
    }

    /// A self-loop: an open loop of `turns` turns of a circle `size` across, with an arrowhead at
    /// its end. The gap between its ends is centred on angle `gap` (radians, screen coordinates:
    /// π/2 is the bottom, where a loop drawn on top of a state opens).
    static func cycle(size: Double, cx: Double = 0, cy: Double = 0, gap: Double = .pi / 2, turns: Double = 0.75,
                      clockwise: Bool = true, count: Int = 60, headLength: Double = 0.3) -> [StrokePoint] {
        let r = size / 2
        let sign: Double = clockwise ? 1 : -1
        let open = 2 * .pi * (1 - turns)  // the gap's angular width
        // Start at one edge of the gap and run away from it, round to its other edge.
        let start = gap + sign * open / 2
        let loop = (0..<count).map { i in
            let theta = start + sign * 2 * .pi * turns * Double(i) / Double(count - 1)
            return point(cx + r * cos(theta), cy + r * sin(theta))
        }
        let endAngle = start + sign * 2 * .pi * turns
        let tip = (x: cx + r * cos(endAngle), y: cy + r * sin(endAngle))
        let heading = endAngle + sign * .pi / 2  // the tangent in the drawing direction
        return loop + arrowhead(tip: tip, heading: heading, length: r * headLength * 2)
    }

    /// A stroke's points with at most one every `spacing` units along the path (the last kept).
    static func thinned(_ stroke: [StrokePoint], spacing: Double) -> [StrokePoint] {
        guard var last = stroke.first else { return [] }
        var result = [last]
        for p in stroke.dropFirst() where hypot(p.x - last.x, p.y - last.y) >= spacing {
            result.append(p)
            last = p
        }
        if let end = stroke.last, result.last != end { result.append(end) }
        return result
    }

    /// Points every `spacing` units (or closer) along the stroke's polyline.
    static func densified(_ stroke: [StrokePoint], spacing: Double) -> [StrokePoint] {
        guard let first = stroke.first else { return [] }
        var result = [first]
        for (a, b) in zip(stroke, stroke.dropFirst()) {
            let steps = max(1, Int((hypot(b.x - a.x, b.y - a.y) / spacing).rounded(.up)))
            for s in 1...steps {
                let t = Double(s) / Double(steps)
                result.append(point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t))
            }
        }
        return result
    }
}
