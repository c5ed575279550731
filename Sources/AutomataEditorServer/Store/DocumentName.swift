/// A document's name: 1–64 characters of `A–Z a–z 0–9 _ -`, so that it is always one plain
/// file name in the documents folder (no `..`, no `/`, no dot, however it was encoded).
struct DocumentName: Hashable, Sendable, CustomStringConvertible {
    static let maximumLength = 64
    let text: String

    /// `input` says where the name came from in messages: the path, `"to"`, `"with"`.
    init(_ text: String, as input: String = "the path") throws(APIError) {
        guard !text.isEmpty else { throw .badRequest("\(input): the document name is empty; use 1–64 of A–Z a–z 0–9 _ -") }
        guard text.count <= Self.maximumLength else {
            throw .badRequest("\(input): the document name is \(text.count) characters long; use 1–64 of A–Z a–z 0–9 _ -")
        }
        guard text.unicodeScalars.allSatisfy(Self.allowed) else {
            throw .badRequest("\(input): \"\(text.prefix(80))\" is not a document name; use 1–64 of A–Z a–z 0–9 _ -")
        }
        self.text = text
    }

    private static func allowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-": true
        default: false
        }
    }

    var description: String { text }
}
