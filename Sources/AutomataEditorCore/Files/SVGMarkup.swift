/// Text and numbers as they go into SVG (XML) markup.
enum SVGMarkup {
    /// Escaped for XML text and attribute values; characters XML 1.0 forbids are dropped,
    /// so any name still gives a well-formed file.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result += " "
            default:
                let value = scalar.value
                let allowed = value >= 0x20 && !(0xFFFE...0xFFFF).contains(value)
                if allowed { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

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
