import Foundation

extension NSNumber {
    /// Whether Foundation's JSON reader made this from `true` or `false`: booleans arrive as
    /// NSNumber too (and `is Bool` holds for 0 and 1 as well), told apart only by their stored
    /// type, "c".
    package var isJSONBoolean: Bool { String(cString: objCType) == "c" }
}
