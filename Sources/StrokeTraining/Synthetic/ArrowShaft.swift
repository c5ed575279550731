import Foundation

/// The line of a transition as people draw it: straight, one arc, a gentle S, or a return edge
/// that rises steeply, runs over the states in between and comes down onto its target.
///
/// A cubic Bézier in a frame where the tail is at (0, 0) and the tip at (1, 0): it leaves the
/// tail in direction `departure` and arrives at the tip in direction `arrival` (radians from
/// the straight line, positive turning towards +y), with handles `handle` long.
public struct ArrowShaft: Hashable, Sendable {
    public var departure: Double
    public var arrival: Double
    /// The length of each Bézier handle, as a share of the distance from tail to tip: about
    /// 0.35 for a round arc, 0.5–0.75 for a return edge's flat top.
    public var handle: Double

    public init(departure: Double, arrival: Double, handle: Double = 0.38) {
        self.departure = departure
        self.arrival = arrival
        self.handle = handle
    }

    public static let straight = ArrowShaft(departure: 0, arrival: 0, handle: 1.0 / 3)

    /// One arc, bulging towards +y for a positive `angle`: it leaves at `angle` and arrives at −`angle`.
    public static func arc(_ angle: Double, handle: Double = 0.38) -> ArrowShaft {
        ArrowShaft(departure: angle, arrival: -angle, handle: handle)
    }

    /// A gentle S: it leaves and arrives at the same angle, crossing the straight line between.
    public static func s(_ angle: Double, handle: Double = 0.38) -> ArrowShaft {
        ArrowShaft(departure: angle, arrival: angle, handle: handle)
    }

    /// The Bézier's control points in the unit frame: tail, two handles, tip.
    public var controls: [SIMD2<Double>] {
        [SIMD2(0, 0),
         SIMD2(cos(departure), sin(departure)) * handle,
         SIMD2(1, 0) - SIMD2(cos(arrival), sin(arrival)) * handle,
         SIMD2(1, 0)]
    }

    /// The point at parameter `t` ∈ 0…1 in the unit frame.
    public func point(at t: Double) -> SIMD2<Double> {
        let c = controls, s = 1 - t
        return c[0] * (s * s * s) + c[1] * (3 * s * s * t) + c[2] * (3 * s * t * t) + c[3] * (t * t * t)
    }

    /// How far the line strays from the straight one at most, as a share of its length
    /// (towards +y positive, −y negative: the larger in size).
    public var bulge: Double {
        let heights = (0...32).map { point(at: Double($0) / 32).y }
        let (low, high) = (heights.min()!, heights.max()!)
        return high >= -low ? high : low
    }

    /// The shapes of transitions in hand-drawn automata, in the shares the generator draws them:
    /// near straight (45%), one arc of 15–70° (30%), a gentle S (13%), a return edge's arch
    /// (12%). Steeper arches are left out: a ∩ with a head is how people draw a self-loop
    /// hung over its state (the hand-drawn cycles hold many), and only where its ends lie
    /// tells the two apart, which the editor's rules do.
    static func random(_ random: inout SeededGenerator) -> ArrowShaft {
        let side = random.sign(), degree = Double.pi / 180
        let roll = random.nextFloat()
        if roll < 0.45 {
            return .arc(side * random.between(0, 8) * degree, handle: random.between(0.3, 0.4))
        }
        if roll < 0.75 {
            var shaft = ArrowShaft.arc(side * random.between(15, 70) * degree, handle: random.between(0.3, 0.45))
            shaft.arrival += random.between(-10, 10) * degree
            return shaft
        }
        if roll < 0.88 {
            var shaft = ArrowShaft.s(side * random.between(10, 40) * degree, handle: random.between(0.3, 0.45))
            shaft.arrival += random.between(-8, 8) * degree
            return shaft
        }
        return .arc(side * random.between(45, 70) * degree, handle: random.between(0.45, 0.6))
    }
}
