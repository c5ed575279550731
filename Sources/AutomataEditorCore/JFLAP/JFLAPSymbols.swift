/// The characters that can be a JFLAP symbol here: one character that reads back as itself
/// (not a space or ε) and that XML keeps as it is. A line break, a control character or a
/// noncharacter would be changed or dropped on the way through a file, and the language with it.
enum JFLAPSymbols {
    static func isSymbol(_ character: Character) -> Bool {
        let text = String(character)
        guard Symbol(parsing: text) == .text(text), !character.isWhitespace else { return false }
        return character.unicodeScalars.allSatisfy { scalar in
            ![.control, .format, .surrogate, .unassigned, .privateUse].contains(scalar.properties.generalCategory)
        }
    }
}
