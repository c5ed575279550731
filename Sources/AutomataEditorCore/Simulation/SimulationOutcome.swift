/// One moment of a run: the symbol just read and the set of current states, ε-closure included.
public struct SimulationStep: Hashable, Sendable {
    /// The symbol read to get here; nil for the first step (the ε-closure of the initial states).
    public var symbol: String?
    /// The current states, sorted by index. Empty means the run is stuck.
    public var states: [Int]
    /// The display names of `states`, in the same order.
    public var stateNames: [String]

    public init(symbol: String?, states: [Int], stateNames: [String]) {
        self.symbol = symbol
        self.states = states
        self.stateNames = stateNames
    }

    /// No current state: no continuation of the word can be accepted.
    public var isStuck: Bool { states.isEmpty }
}

/// The outcome of running a word: accepted or not, and the trace a UI can animate.
///
/// The trace has one step for the start plus one per symbol read. A run that gets stuck
/// (empty set of current states) stops there: the last step is the empty set, and
/// `symbolsRead < word.count` tells how far it got. The rest of the word is not traced,
/// because from the empty set every further step is empty too.
public struct SimulationOutcome: Hashable, Sendable {
    /// The word that was run.
    public var word: Word
    /// Whether the word is in the automaton's language.
    public var accepted: Bool
    /// The ε-closure of the initial states, then the states after each symbol read.
    public var trace: [SimulationStep]
    /// Why the word was rejected before the transitions could decide, if it was.
    public var reason: RejectionReason?

    public init(word: Word, accepted: Bool, trace: [SimulationStep], reason: RejectionReason? = nil) {
        self.word = word
        self.accepted = accepted
        self.trace = trace
        self.reason = reason
    }

    /// How many symbols were read before the run ended (all of them unless it got stuck).
    public var symbolsRead: Int { trace.count - 1 }

    /// Whether the run stopped in the empty set of states (possibly at the very end).
    public var isStuck: Bool { trace.last?.isStuck ?? true }
}
