import StrokeModel

/// Numbers and paths as they go into SVG markup (text goes through `XMLText.escaped`).
enum SVGMarkup {
    /// A coordinate with at most two decimals, never NaN or infinite (those become 0).
    static func number(_ value: Double) -> String {
        DecimalText.fixed(value, digits: 2, trimmingZeros: true, nonFinite: "0")
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
