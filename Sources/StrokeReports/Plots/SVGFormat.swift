import StrokeModel

/// Number and text formatting for SVG output.
///
/// Written by hand instead of with `String(format:)` or Foundation formatters so the output is
/// the same on every platform and locale, and so no "nan", "inf" or exponent can reach a document.
enum SVGFormat {
    /// Values beyond this are clamped; no plot coordinate gets near it.

    /// A coordinate or length with at most two decimals and trailing zeros dropped (`12`, `3.5`, `0.25`).
    /// Non-finite values become `0` so the document stays valid.
    static func number(_ value: Double) -> String {
        fixed(value, decimals: 2, trimmingZeros: true)
    }

    /// `value` with exactly `decimals` decimals (`0.50`), or fewer when `trimmingZeros` is set (`0.5`).
    /// Non-finite values become `0`.
    static func fixed(_ value: Double, decimals: Int, trimmingZeros: Bool = false) -> String {
        DecimalText.fixed(value, digits: decimals, trimmingZeros: trimmingZeros, nonFinite: "0")
    }


    /// A share in 0...1 as a percentage with one decimal (`98.0%`), or an en dash when it is undefined.
    static func percent(_ share: Double, decimals: Int = 1) -> String {
        share.isFinite ? fixed(share * 100, decimals: decimals) + "%" : "\u{2013}"
    }
}
