/// An expression written out in JFLAP's syntax with only the brackets its reading needs:
/// a union inside a concatenation or under a star is bracketed, a star of one symbol is not.
enum ExpressionText {
    static func text(of expression: JFLAPRegularExpression) -> String {
        switch expression {
        case .emptyString: "!"
        case .symbol(let text): text
        case .union(let terms): terms.map { text(of: $0) }.joined(separator: "+")
        case .concatenation(let factors): factors.map { bracketed($0, if: { if case .union = $0 { true } else { false } }) }.joined()
        case .star(let inner): bracketed(inner, if: { if case .symbol(let text) = $0 { text.count != 1 } else { !($0 == .emptyString) } }) + "*"
        }
    }

    private static func bracketed(_ expression: JFLAPRegularExpression, if needed: (JFLAPRegularExpression) -> Bool) -> String {
        needed(expression) ? "(\(text(of: expression)))" : text(of: expression)
    }
}
