/// Text as it goes into XML (SVG) character data and attribute values, for every module that
/// writes XML: the reports' plots and the editor's drawings.
package enum XMLText {
    /// `text` with `& < > " '` escaped. Characters XML 1.0 forbids (other control characters,
    /// U+FFFE, U+FFFF) are dropped: a label should never make the whole file unreadable. Tabs
    /// and line breaks are allowed characters and stay.
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
