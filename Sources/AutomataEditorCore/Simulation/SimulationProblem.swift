/// Why a word could not be run at all; `message` is ready to show to the user.
public enum SimulationProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// No state is initial, so there is nowhere to start.
    case noInitialState
    /// The word contains a symbol that is not in the automaton's alphabet.
    /// `position` counts from 1, as the user reads the word; `alphabet` is sorted.
    case unknownSymbol(String, position: Int, alphabet: [String])

    /// A sentence saying what is wrong and, where possible, how to fix it.
    public var message: String {
        switch self {
        case .noInitialState:
            return "the automaton has no initial state: draw an arrow into a state from empty canvas"
        case .unknownSymbol(let symbol, let position, let alphabet):
            let known = alphabet.isEmpty ? "the alphabet is empty" : "the alphabet is {\(alphabet.joined(separator: ", "))}"
            return "symbol \"\(symbol)\" at position \(position) is not in the alphabet: \(known)"
        }
    }

    public var description: String { message }
}
