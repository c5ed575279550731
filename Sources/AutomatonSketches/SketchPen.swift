import AutomataEditorCore
import Foundation
import StrokeModel
import StrokeTraining

/// Draws an automaton as a person would, one event at a time, with the synthetic generator's
/// human-like strokes fitted to a layout: rings for states, arrows from edge to edge (straight,
/// curved or arching over other states), loops, a second ring for a final state, texts for
/// names and labels. The same seed draws the same strokes.
package struct SketchPen {
    package let seed: UInt64
    /// When set, every stroke is sampled this sparsely (points about this many points apart,
    /// as a fast pen or a slow tablet gives).
    package var sparseSpacing: Double?
    /// How this person draws symbols of several strokes.
    package var habits: SketchHabits
    private var random: SeededGenerator
    /// Draws what the habits decide, so that a pen without them draws as it always did.
    private var habitRandom: SeededGenerator
    /// Names and labels written by hand as strokes (the symbol model reads them), instead of
    /// typed texts. Written with a random stream of their own, so the shapes stay the same.
    package var handwriting = false
    private var writingRandom: SeededGenerator
    package private(set) var events: [DrawingEvent] = []
    /// What is on the canvas so far, where a label must not go astray: states, and lines
    /// (arrows' shafts and loops).
    private var placedStates: [Placed] = []
    private var drawnLines: [[CanvasPoint]] = []

    package init(seed: UInt64, sparseSpacing: Double? = nil, habits: SketchHabits = .oneStroke) {
        self.seed = seed
        self.sparseSpacing = sparseSpacing
        self.habits = habits
        random = SeededGenerator(seed: seed)
        habitRandom = random.derived(0x4AB1)
        writingRandom = random.derived(0x7E47)
    }

    /// Draws the whole plan: each state (with its written name), then the initial arrow,
    /// the edges with their labels in order, and last the final rings.
    package mutating func draw(_ plan: SketchPlan) {
        var placed: [Placed] = []
        var ringed = Set<Int>()
        for (index, state) in plan.states.enumerated() {
            if habits.namesFirst, let name = state.writtenName {
                // The name first, then its ring round it, and a final state's second ring at once.
                text(name, at: CanvasPoint(x: state.centre.x + habitRandom.between(-0.2, 0.2) * state.radius,
                                           y: state.centre.y + habitRandom.between(-0.2, 0.2) * state.radius),
                     widest: 1.3 * state.radius)
                placed.append(self.state(at: state.centre, radius: state.radius))
                if state.isFinal {
                    ring(around: placed[index])
                    ringed.insert(index)
                }
                continue
            }
            placed.append(self.state(at: state.centre, radius: state.radius))
            if let name = state.writtenName { text(name, inside: placed[placed.count - 1]) }
        }
        for (index, state) in plan.states.enumerated() where state.isInitial {
            initialArrow(into: placed[index], from: plan.initialDirection)
        }
        for edge in plan.edges {
            switch edge.shape {
            case .selfLoop: selfLoop(on: placed[edge.from], towards: edge.bend, label: edge.label)
            case .straight: arrow(from: placed[edge.from], to: placed[edge.to], label: edge.label)
            case .curved, .returnEdge: arrow(from: placed[edge.from], to: placed[edge.to], label: edge.label, bulge: edge.bend)
            }
        }
        for (index, state) in plan.states.enumerated() where state.isFinal && !ringed.contains(index) { ring(around: placed[index]) }
    }

    /// A state as the editor shows it once its ring is recognised.
    package struct Placed: Sendable {
        package var centre: CanvasPoint
        package var radius: Double
    }

    /// A state near `centre` (within 15 points), `radius` in size, drawn as one ring; returns
    /// the circle the editor shows for it.
    package mutating func state(at centre: CanvasPoint, radius: Double) -> Placed {
        // Off by up to 15 points (less for small states: a name written first stays inside).
        let jitter = min(1, radius / 50)
        let ring = fitted(singleRing(), radius: radius,
                          at: CanvasPoint(x: centre.x + jitter * random.between(-15, 15), y: centre.y + jitter * random.between(-15, 15)))
        add(ring)
        let drawnCentre = StrokeGeometry.centre(of: ring)
        let placed = Placed(centre: drawnCentre, radius: StrokeGeometry.meanDistance(of: ring, from: drawnCentre))
        placedStates.append(placed)
        return placed
    }

    /// A second ring round a state, 1.15–1.35 times its size: makes it final.
    package mutating func ring(around state: Placed) {
        add(fitted(singleRing(), radius: state.radius * random.between(1.15, 1.35), at: state.centre))
    }

    /// An arrow from one state's edge to another's (each end 0.85–1.1 radii from the centre),
    /// labelled beside its middle. `bulge` (points, positive to the left of travel) makes it
    /// an arc whose middle stands that far off the straight line: it leaves and enters the
    /// states at up to 70° from that line, as people draw return edges.
    package mutating func arrow(from a: Placed, to b: Placed, label: String, bulge: Double = 0) {
        let distance = a.centre.distance(to: b.centre)
        let shaft = Self.shaft(bulge: bulge, length: distance, random: &random)
        let chord = atan2(b.centre.y - a.centre.y, b.centre.x - a.centre.x)
        // Screen y points down, so the left of travel is the shaft frame's −y: mirror the angles.
        let leave = chord - shaft.departure, arrive = chord - shaft.arrival
        let ra = a.radius * random.between(0.85, 1.1), rb = b.radius * random.between(0.85, 1.1)
        let start = CanvasPoint(x: a.centre.x + ra * cos(leave), y: a.centre.y + ra * sin(leave))
        let tip = CanvasPoint(x: b.centre.x - rb * cos(arrive), y: b.centre.y - rb * sin(arrive))
        let mirrored = ArrowShaft(departure: -shaft.departure, arrival: -shaft.arrival, handle: shaft.handle)
        // Heads 14–40 points long, whatever the arrow's length (big zigzags on straight ones: a
        // third to a half of it); a head drawn apart is left out of the stroke (its barbs, of no
        // length, all at the tip).
        let apart = habitRandom.chance(habits.headsApart)
        var headShare = min(0.3, random.between(14, 40) / max(start.distance(to: tip), 1))
        if habits.bigHeads && bulge == 0 { headShare = habitRandom.between(0.3, 0.5) }
        let stroke = arrowStroke(SyntheticStrokes.arrow(along: mirrored, headShare: apart ? 1e-9 : headShare, random: &random),
                                 from: start, to: tip)
        let line = addArrow(stroke, headApart: apart)
        text(label, at: labelPoint(beside: line, onTheLeft: bulge >= 0))
        drawnLines.append(line)
    }

    /// Where a person writes an edge's label: beside the middle of its line, on the side it
    /// bulges to, unless that is inside a state or nearer another line drawn so far; then a
    /// little along the line, farther out, or on the other side: the place that leaves the
    /// clearest margin. The editor gives a text to the nearest line, so a label written
    /// nearer another one would label that one, for a person too.
    private mutating func labelPoint(beside line: [CanvasPoint], onTheLeft: Bool) -> CanvasPoint {
        let lengths = StrokeGeometry.lengths(along: line)
        let total = max(lengths.last!, 1e-9)
        let offset = random.between(18, 28)
        var candidates: [CanvasPoint] = []
        for reach in [offset, offset + 12, offset + 24, offset + 40] {
            for share in [0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74, 0.18, 0.82] {
                let index = min(line.count - 2, max(0, (lengths.firstIndex { $0 >= share * total } ?? 1) - 1))
                let (a, b) = (line[index], line[index + 1])
                let length = max(a.distance(to: b), 1e-9)
                let (nx, ny) = ((b.y - a.y) / length, -(b.x - a.x) / length)  // left of travel, on screen
                let along = share * total - lengths[index]
                let base = CanvasPoint(x: a.x + (b.x - a.x) * along / length, y: a.y + (b.y - a.y) * along / length)
                for side in onTheLeft ? [1.0, -1.0] : [-1.0, 1.0] {
                    candidates.append(CanvasPoint(x: base.x + nx * side * reach, y: base.y + ny * side * reach))
                }
            }
        }
        // Judged as the editor may see each line: as drawn, or by its chord when it keeps it straight.
        func near(_ p: CanvasPoint, _ line: [CanvasPoint]) -> (least: Double, most: Double) {
            let drawn = StrokeGeometry.distance(from: p, toPath: line)
            let chord = StrokeGeometry.distance(from: p, toSegment: line[0], line[line.count - 1])
            return (min(drawn, chord), max(drawn, chord))
        }
        func margin(_ p: CanvasPoint) -> Double {
            let own = near(p, line).most
            let states = placedStates.map { p.distance(to: $0.centre) - $0.radius - 15 }.min() ?? .infinity
            let lines = drawnLines.map { near(p, $0).least - own - 15 }.min() ?? .infinity
            return min(states, lines)
        }
        return candidates.first { margin($0) > 0 } ?? candidates.max { margin($0) < margin($1) }!
    }

    /// The initial-state arrow: from empty canvas 70–110 points out at `angle` into the state's edge.
    package mutating func initialArrow(into state: Placed, from angle: Double) {
        let (dx, dy) = (cos(angle), sin(angle))
        // Shorter beside small states (drawn close together, the next state is not far).
        let far = state.radius + random.between(70, 110) * min(1, state.radius / 45), near = state.radius * random.between(0.85, 1.1)
        let apart = habitRandom.chance(habits.headsApart)
        let headShare = min(0.3, random.between(14, 40) / (far - near))
        let drawn = SyntheticStrokes.arrow(along: .straight, headShare: apart ? 1e-9 : headShare, random: &random)
        addArrow(arrowStroke(drawn, from: CanvasPoint(x: state.centre.x + dx * far, y: state.centre.y + dy * far),
                             to: CanvasPoint(x: state.centre.x + dx * near, y: state.centre.y + dy * near)), headApart: apart)
    }

    /// Draws an arrow stroke (its head in it) in one go, or its shaft and then a head apart
    /// (the head first, as the habits say). Returns the shaft as recorded.
    @discardableResult
    private mutating func addArrow(_ stroke: [CanvasPoint], headApart: Bool) -> [CanvasPoint] {
        let tipIndex = StrokeGeometry.arrowTipIndex(of: stroke)
        guard headApart, tipIndex >= 2 else {
            let recorded = add(stroke)
            return Array(recorded[...StrokeGeometry.arrowTipIndex(of: recorded)])
        }
        let shaft = Array(stroke[...tipIndex])
        let head = separateHead(at: shaft[shaft.count - 1], arrivingFrom: shaft[max(0, shaft.count - 4)],
                                size: min(habitRandom.between(12, 26), 0.4 * shaft[0].distance(to: shaft[shaft.count - 1])))
        if habitRandom.chance(habits.headFirst) {
            addHead(head)
            return add(shaft)
        }
        let recorded = add(shaft)
        addHead(head)
        return recorded
    }

    /// A head drawn on its own: a "V" whose point is (near) `tip`, its barbs `size` long
    /// opening back towards `from`, drawn barb → point → barb.
    private mutating func separateHead(at tip: CanvasPoint, arrivingFrom from: CanvasPoint, size: Double) -> [CanvasPoint] {
        let back = atan2(from.y - tip.y, from.x - tip.x)
        let spread = habitRandom.between(0.35, 0.6)
        let apex = CanvasPoint(x: tip.x + habitRandom.gaussian() * 2, y: tip.y + habitRandom.gaussian() * 2)
        func barb(_ angle: Double) -> CanvasPoint {
            let length = size * habitRandom.between(0.8, 1.2)
            return CanvasPoint(x: apex.x + length * cos(back + angle), y: apex.y + length * sin(back + angle))
        }
        let (first, last) = (barb(spread), barb(-spread))
        let steps = 6
        let down = (0...steps).map { i in CanvasPoint(x: first.x + (apex.x - first.x) * Double(i) / Double(steps),
                                                      y: first.y + (apex.y - first.y) * Double(i) / Double(steps)) }
        let up = (1...steps).map { i in CanvasPoint(x: apex.x + (last.x - apex.x) * Double(i) / Double(steps),
                                                    y: apex.y + (last.y - apex.y) * Double(i) / Double(steps)) }
        return (down + up).map { CanvasPoint(x: $0.x + habitRandom.gaussian() * 0.6, y: $0.y + habitRandom.gaussian() * 0.6) }
    }

    /// A self-loop on the state's side at `angle`, 0.8–1.2 of the state's radius across. As a
    /// pen draws one, it leaves the state and comes back to it: the generator's loop is turned
    /// so that its two ends face the state and slid so that they sit on the state's edge.
    /// Labelled beyond its outermost point.
    package mutating func selfLoop(on state: Placed, towards angle: Double, label: String) {
        let (dx, dy) = (cos(angle), sin(angle))
        let parts = SyntheticStrokes.cycleParts(random: &random)
        let (loop, head) = (parts.loop, parts.head)
        let ends = CanvasPoint(x: (loop[0].x + loop[loop.count - 1].x) / 2, y: (loop[0].y + loop[loop.count - 1].y) / 2)
        let middle = CanvasPoint(x: loop.map(\.x).reduce(0, +) / Double(loop.count), y: loop.map(\.y).reduce(0, +) / Double(loop.count))
        // Turn by the angle taking (ends − middle) to the direction back to the state, −(dx, dy).
        let turn = atan2(-dy, -dx) - atan2(ends.y - middle.y, ends.x - middle.x)
        let size = state.radius * random.between(0.8, 1.2)
        let (width, height) = Self.extent(loop)
        let scale = size / max(width, height)
        let edge = state.radius * random.between(0.9, 1.05)
        let placedLoop = (loop + head).map { p in
            let (x, y) = ((p.x - ends.x) * scale, (p.y - ends.y) * scale)
            return CanvasPoint(x: state.centre.x + dx * edge + x * cos(turn) - y * sin(turn),
                               y: state.centre.y + dy * edge + x * sin(turn) + y * cos(turn))
        }
        let stroke: [CanvasPoint]
        if habitRandom.chance(habits.headsApart) {
            // The loop, then a "V" at its end (or the V first).
            stroke = Array(placedLoop[..<loop.count])
            let head = separateHead(at: stroke[stroke.count - 1], arrivingFrom: stroke[max(0, stroke.count - 4)],
                                    size: min(habitRandom.between(10, 20), 0.5 * size))
            if habitRandom.chance(habits.headFirst) { addHead(head); add(stroke) } else { add(stroke); addHead(head) }
        } else {
            stroke = placedLoop
            add(stroke)
        }
        drawnLines.append(stroke)
        let outer = stroke.map { ($0.x - state.centre.x) * dx + ($0.y - state.centre.y) * dy }.max()! + random.between(15, 25)
        text(label, at: CanvasPoint(x: state.centre.x + dx * outer, y: state.centre.y + dy * outer))
    }

    /// Text written near the middle of a state.
    package mutating func text(_ text: String, inside state: Placed) {
        self.text(text, at: CanvasPoint(x: state.centre.x + random.between(-0.3, 0.3) * state.radius,
                                        y: state.centre.y + random.between(-0.3, 0.3) * state.radius),
                  widest: 1.3 * state.radius)
    }

    /// `widest`: how wide handwriting may be there (typed text has no size).
    package mutating func text(_ text: String, at point: CanvasPoint, widest: Double = .infinity) {
        guard handwriting else {
            events.append(.text(text, at: point))
            return
        }
        let radius = placedStates.isEmpty ? 40 : placedStates.map(\.radius).reduce(0, +) / Double(placedStates.count)
        events += HandWriting.strokes(of: text, centredAt: point, stateRadius: radius, widest: widest, random: &writingRandom)
            .map { .stroke($0) }
    }

    // MARK: strokes from the generator

    /// Records the stroke as the pen samples it; returns what was recorded.
    @discardableResult
    private mutating func add(_ stroke: [CanvasPoint]) -> [CanvasPoint] {
        let recorded = sparseSpacing.map { SyntheticStrokes.sparse(stroke, spacing: $0) } ?? stroke
        events.append(.stroke(recorded))
        return recorded
    }

    /// Records a head drawn apart: a pen slows down for a small "V", so even a sparse one
    /// gives it a few points.
    private mutating func addHead(_ head: [CanvasPoint]) {
        let spacing = sparseSpacing.map { min($0, max(3, StrokeGeometry.lengths(along: head).last! / 6)) }
        events.append(.stroke(spacing.map { SyntheticStrokes.sparse(head, spacing: $0) } ?? head))
    }

    /// The shaft of an arrow `length` long whose middle stands `bulge` off the straight line
    /// (in the shaft's frame, +y): straight-ish when 0; an arc leaving at 25–70° otherwise,
    /// with handles long enough to reach the height.
    static func shaft(bulge: Double, length: Double, random: inout SeededGenerator) -> ArrowShaft {
        let degree = Double.pi / 180
        guard bulge != 0, length > 0 else {
            return .arc((Double(random.nextFloat()) * 12 - 6) * degree, handle: 0.33)
        }
        let height = abs(bulge) / length
        // A symmetric cubic arc stands 0.75 · handle · sin(angle) off its chord.
        let angle = min(70, max(25, atan(4 * height) / degree + Double(random.nextFloat()) * 10 - 5)) * degree
        let handle = min(0.9, max(0.25, height / (0.75 * sin(angle))))
        return .arc((bulge > 0 ? 1 : -1) * angle, handle: handle)
    }

    /// The generator's arrow, turned and scaled so its tail is at `start` and its tip at `tip`.
    /// Its tip is where the shaft ends: the generator draws the head's barbs back from there,
    /// so it is the point farthest from the tail.
    private func arrowStroke(_ drawn: [CanvasPoint], from start: CanvasPoint, to tip: CanvasPoint) -> [CanvasPoint] {
        let tail = drawn[0]
        let head = drawn.max { $0.distance(to: tail) < $1.distance(to: tail) }!
        return drawn.map { $0.carried(from: (tail, head), to: (start, tip)) }
    }

    /// One ring from the generator: its circles that are not two rings (two strokes, or one
    /// stroke whose length is that of two rings).
    private mutating func singleRing() -> [CanvasPoint] {
        while true {
            let strokes = SyntheticStrokes.circle(random: &random)
            guard strokes.count == 1 else { continue }
            let ring = strokes[0]
            let (width, height) = Self.extent(ring)
            let length = zip(ring, ring.dropFirst()).map { $0.distance(to: $1) }.reduce(0, +)
            // An ellipse's perimeter is at most π·(w + h)/2 · 1.05 or so; two rings are twice that.
            if length < 1.6 * Double.pi * (width + height) / 2 { return ring }
        }
    }

    /// Points scaled so their bounding box's longer side is 2·radius, centred on `centre`.
    private func fitted(_ points: [CanvasPoint], radius: Double, at centre: CanvasPoint) -> [CanvasPoint] {
        let xs = points.map(\.x), ys = points.map(\.y)
        let (midX, midY) = ((xs.min()! + xs.max()!) / 2, (ys.min()! + ys.max()!) / 2)
        let (width, height) = Self.extent(points)
        let scale = 2 * radius / max(width, height)
        return points.map { CanvasPoint(x: centre.x + ($0.x - midX) * scale, y: centre.y + ($0.y - midY) * scale) }
    }

    static func extent(_ points: [CanvasPoint]) -> (Double, Double) {
        let xs = points.map(\.x), ys = points.map(\.y)
        return (xs.max()! - xs.min()!, ys.max()! - ys.min()!)
    }
}

/// How a person draws symbols of several strokes, beyond the strokes themselves: the habits
/// real drawings show and one-stroke drawings miss.
package struct SketchHabits: Hashable, Sendable {
    /// The share of arrows (edges, loops, initial arrows) drawn as a shaft and then a "V" apart.
    package var headsApart: Double
    /// Of those, the share whose head comes first.
    package var headFirst: Double
    /// Names written before their ring; a final state's second ring drawn right after it.
    package var namesFirst: Bool
    /// Heads a third to half of their arrow, zigzagged at its tip.
    package var bigHeads: Bool

    package init(headsApart: Double = 0, headFirst: Double = 0, namesFirst: Bool = false, bigHeads: Bool = false) {
        self.headsApart = headsApart
        self.headFirst = headFirst
        self.namesFirst = namesFirst
        self.bigHeads = bigHeads
    }

    /// Every symbol in one stroke, names written into their rings.
    package static let oneStroke = SketchHabits()

    /// A person's habits: half draw most heads apart (a quarter of those head first), two in
    /// five write names first, three in ten draw big zigzag heads.
    package static func random(_ random: inout SeededGenerator) -> SketchHabits {
        SketchHabits(headsApart: random.chance(0.5) ? random.between(0.5, 1) : 0, headFirst: 0.25,
                     namesFirst: random.chance(0.4), bigHeads: random.chance(0.3))
    }
}
