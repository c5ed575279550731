import Foundation

/// The automaton itself as JSON, for other tools: state names, alphabet, initial and accepting
/// states and transitions by state name (`"ε"` for ε-moves). Keys sorted, so the same
/// automaton gives the same text.
public enum AutomatonJSON {
    private struct Shape: Encodable {
        struct Move: Encodable { let from: String, symbol: String, to: String }
        let states: [String], alphabet: [String], initial: [String], accepting: [String], transitions: [Move]
    }

    public static func render(_ automaton: Automaton) throws -> String {
        let name = { (state: Int) in automaton.names[state] }
        let shape = Shape(
            states: automaton.names, alphabet: automaton.sortedAlphabet,
            initial: automaton.initial.sorted().map(name), accepting: automaton.accepting.sorted().map(name),
            transitions: automaton.transitions.sorted().map { .init(from: name($0.from), symbol: $0.symbol.description, to: name($0.to)) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(shape), as: UTF8.self) + "\n"
    }
}
