import StrokeModel

/// Numbers and paths as they go into SVG markup (text goes through `XMLText.escaped`).
enum SVGMarkup {
    /// A coordinate with at most two decimals, never NaN or infinite (those become 0).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = (value * 100).rounded()
        guard hundredths != 0 else { return "0" }
        guard abs(hundredths) < 1e15 else { return "0" }
        let whole = Int(hundredths)
        let sign = whole < 0 ? "-" : ""
        let magnitude = abs(whole)
        let fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(magnitude / 100)" }
        let digits = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(sign)\(magnitude / 100).\(digits)"
    }

    /// `M x,y Q cx,cy x,y` (or `L`, `C`) for a curve.
    static func pathData(_ curve: SVGCurve) -> String {
        func point(_ p: SVGVector) -> String { "\(number(p.x)),\(number(p.y))" }
        let command = switch curve.controls.count {
        case 0: "L"
        case 1: "Q"
        default: "C"
        }
        return (["M \(point(curve.start)) \(command)"] + curve.controls.map(point) + [point(curve.end)]).joined(separator: " ")
    }
}
