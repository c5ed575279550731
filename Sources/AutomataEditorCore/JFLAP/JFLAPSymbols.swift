/// The characters that can be a JFLAP symbol here: any one character a student can type in
/// JFLAP, a space included, except ε (it reads back as the empty word) and what XML does not
/// keep as it is. A line break, a control character or a noncharacter would be changed or
/// dropped on the way through a file, and the language with it.
enum JFLAPSymbols {
    static func isSymbol(_ character: Character) -> Bool {
        guard character != "ε" else { return false }
        return character.unicodeScalars.allSatisfy { scalar in
            ![.control, .format, .surrogate, .unassigned, .privateUse, .lineSeparator, .paragraphSeparator]
                .contains(scalar.properties.generalCategory)
        }
    }
}
