extension DocumentCheck {
    /// Something in a drawing a user likely wants to know about before relying on it.
    public struct Problem: Hashable, Sendable, CustomStringConvertible {
        public enum Kind: Hashable, Sendable {
            case noInitialState
            case unreachableStates
            /// Two transitions from a state on the same symbol to different states, an ε-move,
            /// or more than one initial state: fine for an NFA, not for a DFA.
            case nondeterminism
            case danglingTransition
            case transitionWithoutSymbols
            case unnamedState
            case duplicateStateName
        }

        public var kind: Kind
        /// One sentence naming the states, symbols and transitions concerned.
        public var message: String
        /// The document ids of the states and transitions concerned, for the editor to highlight.
        public var stateIDs: [Int]
        public var transitionIDs: [Int]

        public init(kind: Kind, message: String, stateIDs: [Int] = [], transitionIDs: [Int] = []) {
            self.kind = kind
            self.message = message
            self.stateIDs = stateIDs
            self.transitionIDs = transitionIDs
        }

        public var description: String { message }
    }
}
