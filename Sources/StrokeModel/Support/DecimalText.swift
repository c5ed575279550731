/// Numbers as text with a fixed count of decimals, the same in every module and locale
/// (Foundation's formatters follow the locale): reports, plots, messages, drawings.
package enum DecimalText {
    /// Magnitudes are clamped to this, so every value has an exact whole part.
    static let largestMagnitude = 1e12

    /// `value` with exactly `digits` decimals (`0.50`), or fewer when `trimmingZeros` is set
    /// (`0.5`, `2`); `nonFinite` for NaN and infinities (their Swift spelling by default).
    package static func fixed(_ value: Double, digits: Int, trimmingZeros: Bool = false, nonFinite: String? = nil) -> String {
        guard value.isFinite else { return nonFinite ?? "\(value)" }
        let digits = min(max(digits, 0), 9)
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let clamped = min(max(value, -largestMagnitude), largestMagnitude)
        let scaled = Int((abs(clamped) * Double(scale)).rounded())
        let sign = clamped < 0 && scaled > 0 ? "-" : ""
        let whole = String(scaled / scale)
        guard digits > 0 else { return sign + whole }
        var fraction = String(scaled % scale)
        fraction = String(repeating: "0", count: digits - fraction.count) + fraction
        if trimmingZeros {
            while fraction.hasSuffix("0") { fraction.removeLast() }
            if fraction.isEmpty { return sign + whole }
        }
        return sign + whole + "." + fraction
    }
}
