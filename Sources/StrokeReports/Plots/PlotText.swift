/// Estimated text sizes, so layouts can leave room for labels without a font engine.
///
/// The widths are DejaVu Sans advance widths (the font rsvg-convert picks on Debian, and wider
/// than the Helvetica and Arial fallbacks), so a label never gets less room than it needs.
enum PlotText {
    /// The advance width of `text` at font size `size`.
    static func width(_ text: String, size: Double, bold: Bool = false) -> Double {
        let ems = text.unicodeScalars.reduce(0.0) { $0 + advance(of: $1) }
        // Bold glyphs are about 12% wider on average.
        return ems * size * (bold ? 1.12 : 1)
    }

    /// The widest of `texts`, or 0 when there are none.
    static func widest(_ texts: [String], size: Double, bold: Bool = false) -> Double {
        texts.map { width($0, size: size, bold: bold) }.max() ?? 0
    }

    /// How far capital letters and digits rise above the baseline, used to centre text vertically.
    static func capHeight(size: Double) -> Double { 0.73 * size }

    /// Advance widths in ems of the printable ASCII characters, space (0x20) to tilde (0x7E).
    private static let asciiAdvances: [Double] = [
        0.318, 0.401, 0.46, 0.838, 0.636, 0.95, 0.78, 0.275, 0.39, 0.39, 0.5, 0.838,
        0.318, 0.361, 0.318, 0.337, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636,
        0.636, 0.636, 0.337, 0.337, 0.838, 0.838, 0.838, 0.531, 1, 0.684, 0.686, 0.698,
        0.77, 0.632, 0.575, 0.775, 0.752, 0.295, 0.295, 0.656, 0.557, 0.863, 0.748, 0.787,
        0.603, 0.787, 0.695, 0.635, 0.611, 0.732, 0.684, 0.989, 0.685, 0.611, 0.685, 0.39,
        0.337, 0.39, 0.838, 0.5, 0.5, 0.613, 0.635, 0.55, 0.635, 0.615, 0.352, 0.635,
        0.634, 0.278, 0.278, 0.579, 0.278, 0.974, 0.634, 0.612, 0.635, 0.635, 0.411, 0.521,
        0.392, 0.634, 0.592, 0.818, 0.592, 0.592, 0.525, 0.636, 0.337, 0.636, 0.838,
    ]

    private static func advance(of scalar: Unicode.Scalar) -> Double {
        switch scalar.value {
        case 0x20...0x7E: return asciiAdvances[Int(scalar.value) - 0x20]
        case 0x2013: return 0.5  // en dash, drawn for undefined values
        case 0x00B7: return 0.318  // middle dot, common in titles
        // Accented Latin, Greek and Cyrillic letters are about as wide as plain capitals;
        // CJK and symbols take a full em.
        case 0x00A0..<0x2E80: return 0.8
        default: return 1.0
        }
    }
}
