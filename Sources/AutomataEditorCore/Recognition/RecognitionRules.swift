/// The geometric rules that turn a classified stroke, a written text or an eraser path into
/// edits. Pure: no classifier, no state of its own. The thresholds an editor may tune are the
/// stored properties below; the fixed shares of one rule (`headOvershoot`, `wordGrowth`,
/// `joinReach`…) sit beside that rule, in the file named after it.
///
/// **Touching a state.** A stroke's end, a loop or a free transition end *touches* a state
/// when it comes within `slack(of:)` of the state's circle — half the state's radius, at least
/// `minimumSlack` points — measured from the edge, so big states catch from farther away and
/// small ones still catch an imprecise pen. Of several states touched, the one whose edge is
/// nearest wins.
public struct RecognitionRules: Hashable, Sendable {
    /// How far beyond a state's edge still touches it, as a share of its radius.
    public var slackShare: Double
    /// …but never less than this many points.
    public var minimumSlack: Double
    /// A text farther than this from every transition's label place labels nothing (farther
    /// where states are drawn big: `labelReach(in:)`).
    public var labelReach: Double
    /// A text about as near an unlabelled transition as the nearest labelled one (within this
    /// factor, plus 10 points) labels the unlabelled one.
    public var closeCall: Double
    /// How near the eraser's path must come to a transition's line to remove it (half an eraser's width).
    public var eraserReach: Double
    /// A circle stroke that goes round at least this often is a ring drawn twice in one go: a final state.
    public var doubleRingTurns: Double
    /// A circle whose stroke comes within this share of a state's radius of its edge (centre
    /// outside it) hangs on that state: a self-loop, since states do not touch.
    public var hangShare: Double
    /// A cycle that goes round at least this often touching no state is a closed ring: a state.
    public var closedTurns: Double
    /// A ring keeps every point within this share of its mean radius from that radius…
    public var ringSpread: Double
    /// …and is at least this big in radius.
    public var minimumRing: Double
    /// A loop turns one way: its net turning is at least this share of its total turning.
    public var steadyShare: Double
    /// A stroke pointing into a state from afar strays from its chord by at most this share
    /// of its length before it counts as an initial arrow without the classifier's word.
    public var pointingStray: Double
    /// Circles smaller than this radius and arrows shorter than this are slips of the pen.
    public var minimumSize: Double
    /// An arrow whose shaft strays less than this share of its length from the straight line,
    /// and less than `straightReach` points, is kept straight; more, and it keeps the curve
    /// it was drawn as (a long return edge's gentle arch is far from its chord in points).
    public var straightShare: Double
    public var straightReach: Double
    /// A ring round a state's centre smaller than this share of its radius is writing in it, not its final ring.
    public var innerRingShare: Double
    /// A self-loop is at least this share of its state's radius across (people draw them
    /// about as big as the state); a smaller loop beside a state is a letter written there.
    public var minimumLoopShare: Double
    /// …and reaches out beyond its state's edge by at least this share of its radius (a
    /// stroke along the edge does not hang out from the state).
    public var loopReachShare: Double
    /// …and has at most this share of its ink inside its state: more is writing across the edge.
    public var loopInsideShare: Double
    /// A new circle smaller than this share of the smallest state's radius is writing (an `o`).
    public var smallStateShare: Double

    public init(slackShare: Double = 0.5, minimumSlack: Double = 20, labelReach: Double = 100, closeCall: Double = 1.5, eraserReach: Double = 10,
                doubleRingTurns: Double = 1.75, hangShare: Double = 0.25, closedTurns: Double = 0.9, ringSpread: Double = 0.45, minimumRing: Double = 10,
                steadyShare: Double = 0.6, pointingStray: Double = 0.3,
                minimumSize: Double = 4, straightShare: Double = 0.08,
                straightReach: Double = 24, innerRingShare: Double = 0.5, minimumLoopShare: Double = 0.6, loopReachShare: Double = 0.33, loopInsideShare: Double = 0.5,
                smallStateShare: Double = 1.0 / 3) {
        self.slackShare = slackShare
        self.minimumSlack = minimumSlack
        self.labelReach = labelReach
        self.closeCall = closeCall
        self.eraserReach = eraserReach
        self.doubleRingTurns = doubleRingTurns
        self.hangShare = hangShare
        self.closedTurns = closedTurns
        self.ringSpread = ringSpread
        self.minimumRing = minimumRing
        self.steadyShare = steadyShare
        self.pointingStray = pointingStray
        self.minimumSize = minimumSize
        self.straightShare = straightShare
        self.straightReach = straightReach
        self.innerRingShare = innerRingShare
        self.minimumLoopShare = minimumLoopShare
        self.loopReachShare = loopReachShare
        self.loopInsideShare = loopInsideShare
        self.smallStateShare = smallStateShare
    }

    /// How far outside its circle a state still catches a stroke.
    public func slack(of state: AutomatonDocument.State) -> Double {
        max(slackShare * state.radius, minimumSlack)
    }

    /// The state a stroke's end at `point` lands on: the one whose edge is nearest among those
    /// it touches (inside the circle, or within the slack outside it).
    public func state(at point: CanvasPoint, in document: AutomatonDocument) -> AutomatonDocument.State? {
        nearest(document.states) { point.distance(to: $0.center) - $0.radius }
    }

    /// The state a loop drawn along `path` hangs on: the one whose edge the path comes nearest to.
    public func state(touchedBy path: [CanvasPoint], in document: AutomatonDocument) -> AutomatonDocument.State? {
        nearest(document.states) { s in path.map { $0.distance(to: s.center) }.min()! - s.radius }
    }

    /// The state whose circle contains `point`, nearest centre first (a ring drawn round it, a
    /// name written in it).
    public func state(containing point: CanvasPoint, in document: AutomatonDocument) -> AutomatonDocument.State? {
        document.states.filter { point.distance(to: $0.center) <= $0.radius }
            .min { point.distance(to: $0.center) < point.distance(to: $1.center) }
    }

    /// The states touched by the measure `gap` (distance beyond the edge), the nearest first.
    private func nearest(_ states: [AutomatonDocument.State], gap: (AutomatonDocument.State) -> Double) -> AutomatonDocument.State? {
        states.map { ($0, gap($0)) }.filter { $0.1 <= slack(of: $0.0) }.min { $0.1 < $1.1 }?.0
    }
}
