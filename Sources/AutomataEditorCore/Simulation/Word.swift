import Foundation

/// An input word: a list of symbols. A symbol may have several characters (`ab`), so a word
/// is not simply a string.
public struct Word: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// The symbols, in reading order.
    public var symbols: [String]

    /// A word made of the given symbols, each read as one step.
    public init(symbols: [String]) { self.symbols = symbols }

    /// A word where each character of `characters` is one symbol: `Word(characters: "101")`.
    public init(characters: String) { self.symbols = characters.map(String.init) }

    /// `["a", "bc"]` is the word with the two symbols `a` and `bc`.
    public init(arrayLiteral symbols: String...) { self.symbols = symbols }

    /// A word as people type it: `0110` is four symbols (one per character, as people see
    /// characters: `é` is one however it is encoded), `ab,c` two (commas separate symbols of
    /// several characters, spaces round them dropped), `ε` or nothing the empty word. The page
    /// splits by the same rule, read from `/api/vocabulary` (`typedRule`).
    public init(typed text: String) {
        if Self.emptySpellings.contains(text) {
            symbols = []
        } else if text.contains(Self.symbolSeparator) {
            symbols = text.split(separator: Self.symbolSeparator, omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
        } else {
            symbols = text.map(String.init)
        }
    }

    /// How the empty word may be typed.
    public static let emptySpellings = ["", "ε"]
    /// What separates symbols of several characters in a typed word.
    public static let symbolSeparator: Character = ","

    /// The empty word ε.
    public static let empty = Word(symbols: [])

    /// The number of symbols (not characters).
    public var count: Int { symbols.count }

    public var isEmpty: Bool { symbols.isEmpty }

    /// `ε` for the empty word; the symbols run together when each is one character (`101`),
    /// otherwise separated by spaces (`ab c`) so the reader can see where each one ends.
    public var description: String {
        if symbols.isEmpty { return "ε" }
        let separator = symbols.allSatisfy { $0.count == 1 } ? "" : " "
        return symbols.joined(separator: separator)
    }
}
