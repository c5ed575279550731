/// How a state's name is shown inside its circle: as large as reads well, smaller for a
/// long name, and never smaller than `smallest`: a name that would need less is shortened
/// (the whole name stays the text's tooltip). A product or subset name such as
/// `({q0,q2}, {q1})` first loses its spaces and the letters every state in it shares
/// (`({0,2},{1})`), then its end.
struct StateNameFit {
    /// The smallest font size a name is drawn at, in canvas points.
    static let smallest = 10.0

    let shown: String
    let fontSize: Double

    /// Whether the name was compacted (the picture then compacts every name, so that one
    /// drawing keeps one notation).
    let isCompacted: Bool

    /// Sized by the outer circle's `radius` (final states' names match the others), fitted
    /// to `room`, the radius inside the inner ring; `compacting` compacts it even when it fits.
    init(_ name: String, radius: Double, room: Double, compacting: Bool = false) {
        let preferred = min(20, max(8, radius * 0.6))
        let across = 1.6 * room
        func size(_ text: String) -> Double {
            let width = SVGDrawing.estimatedSize(of: text, fontSize: preferred).x
            return width > across ? preferred * across / width : preferred
        }
        var shown = name
        if compacting || size(shown) < Self.smallest { shown = Self.compacted(name) }
        isCompacted = shown != name
        while size(shown) < Self.smallest, shown.count > 2 {
            shown = String(shown.dropLast(shown.hasSuffix("…") ? 2 : 1)) + "…"
        }
        self.shown = shown
        fontSize = max(Self.smallest, size(shown))
    }

    /// A set's or pair's name without spaces, and without a letter prefix that every name-with-a-number in it shares
    /// (`{q0,q1}` → `{0,1}`); unchanged when the names differ in their letters.
    static func compacted(_ name: String) -> String {
        // Only names of sets and pairs of states: `q3` stays `q3`.
        guard name.contains("{") || name.contains("(") else { return name }
        let spaceless = name.filter { $0 != " " }
        var tokens: [Substring] = []
        var rest = Substring(spaceless)
        while let start = rest.firstIndex(where: { $0.isLetter || $0.isNumber }) {
            let end = rest[start...].firstIndex { !($0.isLetter || $0.isNumber) } ?? rest.endIndex
            tokens.append(rest[start..<end])
            rest = rest[end...]
        }
        let prefixes = Set(tokens.map { $0.prefix { $0.isLetter } })
        guard prefixes.count == 1, let prefix = prefixes.first, !prefix.isEmpty,
              tokens.allSatisfy({ $0.count > prefix.count && $0.dropFirst(prefix.count).allSatisfy(\.isNumber) }) else { return spaceless }
        var result = ""
        var index = spaceless.startIndex
        while index < spaceless.endIndex {
            let startsToken = spaceless[index...].hasPrefix(prefix)
                && (index == spaceless.startIndex || !(spaceless[spaceless.index(before: index)].isLetter || spaceless[spaceless.index(before: index)].isNumber))
            if startsToken {
                index = spaceless.index(index, offsetBy: prefix.count)
            } else {
                result.append(spaceless[index])
                index = spaceless.index(after: index)
            }
        }
        return result
    }
}
