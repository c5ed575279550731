/// Building expressions with the algebra's identities applied as they are made, so that an
/// expression read off an automaton stays short: nil is ∅ (the empty language).
///
/// - ∅ is the identity of union and absorbs concatenation; ε (`!`) is the identity of
///   concatenation; ∅* = ε* = ε, and (r*)* = r*.
/// - A union is flat, without repeats, and drops ε beside a starred term (ε + r* = r*,
///   ε + r r* = r*).
/// - A concatenation is flat, and r* r* = r*.
/// - A star drops ε from a union under it: (ε + r)* = r*.
enum ExpressionAlgebra {
    typealias Expression = JFLAPRegularExpression

    static func union(_ a: Expression?, _ b: Expression?) -> Expression? {
        guard let a else { return b }
        guard let b else { return a }
        var kept: [Expression] = []
        for term in terms(of: a) + terms(of: b) where !kept.contains(term) { kept.append(term) }
        if kept.contains(.emptyString), let plus = kept.firstIndex(where: { starOfPlus($0) != nil }) {
            // ε + r r* = r*
            kept[plus] = starOfPlus(kept[plus])!
        }
        if kept.contains(where: { if case .star = $0 { true } else { false } }) { kept.removeAll { $0 == .emptyString } }
        return kept.count == 1 ? kept[0] : .union(kept)
    }

    static func concatenation(_ a: Expression?, _ b: Expression?) -> Expression? {
        guard let a, let b else { return nil }
        var kept: [Expression] = []
        for factor in factors(of: a) + factors(of: b) where factor != .emptyString {
            if case .star = factor, kept.last == factor { continue }
            kept.append(factor)
        }
        return kept.isEmpty ? .emptyString : kept.count == 1 ? kept[0] : .concatenation(kept)
    }

    static func star(_ a: Expression?) -> Expression {
        guard let a else { return .emptyString }
        switch a {
        case .emptyString, .star: return a == .emptyString ? .emptyString : a
        case .union(let terms):
            let rest = terms.filter { $0 != .emptyString }
            return rest.isEmpty ? .emptyString : .star(rest.count == 1 ? unstarred(rest[0]) : .union(rest))
        default: return .star(a)
        }
    }

    /// How many symbols, stars and operators an expression holds: the measure kept small.
    static func size(_ expression: Expression?) -> Int {
        switch expression {
        case nil, .emptyString?, .symbol?: 1
        case .union(let parts)?, .concatenation(let parts)?: parts.reduce(parts.count - 1) { $0 + size($1) }
        case .star(let inner)?: 1 + size(inner)
        }
    }

    /// r* when `expression` is r r* or r* r (one or more r), else nil.
    private static func starOfPlus(_ expression: Expression) -> Expression? {
        guard case .concatenation(let factors) = expression, factors.count >= 2 else { return nil }
        func joined(_ parts: ArraySlice<Expression>) -> Expression { parts.count == 1 ? parts.first! : .concatenation(Array(parts)) }
        if case .star(let inner) = factors.last!, joined(factors.dropLast()) == inner { return factors.last! }
        if case .star(let inner) = factors.first!, joined(factors.dropFirst()) == inner { return factors.first! }
        return nil
    }

    private static func terms(of expression: Expression) -> [Expression] {
        if case .union(let terms) = expression { terms } else { [expression] }
    }

    private static func factors(of expression: Expression) -> [Expression] {
        if case .concatenation(let factors) = expression { factors } else { [expression] }
    }

    /// (r*)* is r*: a star's own star is dropped.
    private static func unstarred(_ expression: Expression) -> Expression {
        if case .star(let inner) = expression { inner } else { expression }
    }
}
