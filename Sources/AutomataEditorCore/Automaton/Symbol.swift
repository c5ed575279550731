import Foundation

/// What a transition reads: a symbol of the alphabet (one or more characters) or ε, which
/// reads nothing.
public enum Symbol: Hashable, Comparable, Sendable {
    case epsilon
    case text(String)

    /// `ε` or `eps` (any case) is ε; anything else, trimmed, is a symbol. Empty text is nil.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        self = ["ε", "eps", "epsilon"].contains(trimmed.lowercased()) ? .epsilon : .text(trimmed)
    }

    public var isEpsilon: Bool { self == .epsilon }

    /// `ε` or the symbol's text.
    public var description: String {
        switch self {
        case .epsilon: "ε"
        case .text(let text): text
        }
    }
}

extension Symbol: Codable {
    // Stored as its text, ε as "ε". A symbol of spaces alone (a JFLAP file's " ") is kept as
    // it is: parsing would trim it to nothing, and a saved document would no longer read.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let symbol = Symbol(parsing: text) ?? (text.isEmpty ? nil : .text(text)) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "an empty symbol"))
        }
        self = symbol
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

