import Foundation

/// An sRGB colour with components in 0...255.
struct RGBColor: Sendable, Equatable {
    var red: Double
    var green: Double
    var blue: Double

    init(hex: UInt32) {
        red = Double((hex >> 16) & 0xFF)
        green = Double((hex >> 8) & 0xFF)
        blue = Double(hex & 0xFF)
    }

    init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#rrggbb`.
    var hex: String {
        let digits = Array("0123456789abcdef")
        return "#" + [red, green, blue].map { component -> String in
            let byte = Int(min(max(component, 0), 255).rounded())
            return String([digits[byte / 16], digits[byte % 16]])
        }.joined()
    }

    /// WCAG relative luminance, 0 (black) to 1 (white).
    var luminance: Double {
        func linear(_ component: Double) -> Double {
            let c = component / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    func mixed(with other: RGBColor, _ amount: Double) -> RGBColor {
        RGBColor(
            red: red + (other.red - red) * amount, green: green + (other.green - green) * amount,
            blue: blue + (other.blue - blue) * amount)
    }
}

/// The colours every plot shares, so the three figures look like one family.
enum PlotPalette {
    static let text = "#222222"
    static let mutedText = "#666666"
    static let faintText = "#9a9a9a"
    static let axis = "#4d4d4d"
    static let grid = "#e5e5e5"
    static let cellBorder = "#d4d4d4"

    // Train and validation follow matplotlib's first two default colours, which readers know.
    static let train = "#1f77b4"
    static let validation = "#ff7f0e"
    static let kept = "#555555"

    // Risk–coverage lines: matplotlib's blue, green and red, so "rejected" reads as red.
    static let coverage = "#1f77b4"
    static let keptAccuracy = "#2ca02c"
    static let otherRejected = "#d62728"
    static let recommended = "#222222"
    static let inUse = "#8c8c8c"

    // Reliability bars, and the gap to perfect calibration drawn over them.
    static let reliability = "#4c72b0"
    static let gap = "#d62728"
    static let gapOpacity = 0.35

    static let precision = "#4c72b0"
    static let recall = "#dd8452"
    static let f1 = "#55a868"

    /// White through mid blue to dark blue (ColorBrewer "Blues"), equally spaced over 0...1.
    private static let blues: [RGBColor] = [
        0xFFFFFF, 0xDEEBF7, 0xC6DBEF, 0x9ECAE1, 0x6BAED6, 0x4292C6, 0x2171B5, 0x08519C, 0x08306B,
    ].map(RGBColor.init(hex:))

    /// The sequential colour for a share in 0...1; undefined shares are white.
    static func blue(_ share: Double) -> RGBColor {
        guard share.isFinite else { return blues[0] }
        let position = min(max(share, 0), 1) * Double(blues.count - 1)
        let index = min(Int(position), blues.count - 2)
        return blues[index].mixed(with: blues[index + 1], position - Double(index))
    }

    /// Dark text on light fills, white text on dark ones (the threshold seaborn uses for heat maps).
    static func text(on fill: RGBColor) -> String {
        fill.luminance > 0.408 ? text : "#ffffff"
    }
}
