/// One change to a drawing, as a value: what the editor's buttons and the stroke interpreter
/// ask for. `AutomatonDocument.applying(_:)` carries it out.
///
/// Actions naming a state or transition that does not exist change nothing.
public enum EditAction: Hashable, Sendable {
    /// Which end of a transition: where it starts or where its tip is.
    public enum End: Hashable, Sendable {
        case start, end
    }

    /// A new state (id from `nextID`), named `name` or the first free `q0`, `q1`, …
    case addState(center: CanvasPoint, radius: Double, name: String? = nil, isFinal: Bool = false)
    case renameState(id: Int, name: String)
    /// Final ⇄ not final.
    case toggleFinal(id: Int)
    case setInitial(id: Int, isInitial: Bool)
    /// Moves a state; the ends of its transitions move with it.
    case moveState(id: Int, to: CanvasPoint)
    /// A new transition (id from `nextID`); a nil end is free, on empty canvas. `controls`:
    /// the inner control points of the curve it was drawn as (none: straight).
    case addTransition(from: Int?, to: Int?, start: CanvasPoint, end: CanvasPoint, controls: [CanvasPoint] = [],
                       symbols: [Symbol] = [], head: AutomatonDocument.Transition.Head = .drawn)
    /// Turns a transition round: its ends, its curve and its states swap.
    case reverseTransition(id: Int)
    /// Says where a transition's direction comes from (a head drawn, awaited, or missing).
    case setHead(transition: Int, head: AutomatonDocument.Transition.Head)
    /// Marks a state initial by an arrow drawn from `from` into it.
    case drawInitialArrow(state: Int, from: CanvasPoint)
    /// Attaches one end of a transition to a state (whether or not it was free).
    case connect(transition: Int, end: End, state: Int)
    /// A new self-loop on a state, its outermost point (where the label goes) at `labelPoint`,
    /// or above the state when nil.
    case addSelfLoop(state: Int, labelPoint: CanvasPoint? = nil, symbols: [Symbol] = [])
    /// Replaces what a transition reads.
    case setSymbols(transition: Int, symbols: [Symbol])
    /// Removes a state. Its transitions to or from other states stay, with that end free at
    /// the point where it was drawn; its self-loops, which have no other end, go with it.
    case removeState(id: Int)
    case removeTransition(id: Int)
    /// Replaces the ink waiting for the stroke that completes it.
    case setPending(PendingInk)
    /// Replaces the finished handwritten words.
    case setWords([WrittenWord])
}
