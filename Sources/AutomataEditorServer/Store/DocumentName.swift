/// A document's name, checked: 1–64 of A–Z a–z 0–9 _ - (a file name on every system, and a
/// URL path segment without escapes). The page checks names by the same rule, read from
/// `/api/vocabulary` (`pattern`).
struct DocumentName: Hashable, Sendable, CustomStringConvertible {
    static let maximumLength = 64
    static let allowedCharacters = "A-Za-z0-9_-"
    /// The whole rule as a regular expression (the page's JavaScript reads it as is).
    static let pattern = "^[\(allowedCharacters)]{1,\(maximumLength)}$"
    /// The rule in words, for messages.
    static let rule = "use 1–\(maximumLength) of A–Z a–z 0–9 _ -"
    let text: String

    /// `input` says where the name came from in messages: the path, `"to"`, `"with"`.
    init(_ text: String, as input: String = "the path") throws(APIError) {
        guard !text.isEmpty else { throw .badRequest("\(input): the document name is empty; \(Self.rule)") }
        guard text.count <= Self.maximumLength else {
            throw .badRequest("\(input): the document name is \(text.count) characters long; \(Self.rule)")
        }
        guard Self.follows(text) else {
            throw .badRequest("\(input): \"\(text.prefix(80))\" is not a document name; \(Self.rule)")
        }
        self.text = text
    }

    private static func follows(_ text: String) -> Bool {
        // Built per check: a Regex is not Sendable, and names are short.
        (try? Regex(pattern).wholeMatch(in: text)) != nil
    }

    var description: String { text }
}
