import Foundation

/// Axis ticks at "nice" values (steps of 1, 2 or 5 times a power of ten) that cover a data range.
struct NiceTicks: Sendable, Equatable {
    /// The first and last tick; the axis spans exactly this range.
    let lower: Double
    let upper: Double
    let step: Double
    let values: [Double]

    /// Ticks covering `low...high` with about `targetCount` intervals and a step of at least `minimumStep`.
    /// An empty range (a constant series) is widened so the axis never has zero length.
    init(covering low: Double, _ high: Double, targetCount: Int = 5, minimumStep: Double = 0) {
        var low = low.isFinite ? low : 0
        var high = high.isFinite ? high : low + 1
        if high < low { swap(&low, &high) }
        if high - low <= abs(high) * 1e-12 {
            let padding = max(minimumStep, low == 0 ? 1 : abs(low) * 0.1)
            low -= padding
            high += padding
        }
        let rough = (high - low) / Double(max(1, targetCount))
        let magnitude = pow(10, (log10(rough)).rounded(.down))
        let residual = rough / magnitude
        // Rounding to the nearest nice step (not always up) keeps the axis close to the data.
        let nice: Double = residual < 1.5 ? 1 : residual < 3 ? 2 : residual < 7 ? 5 : 10
        let step = max(nice * magnitude, minimumStep)
        let first = (low / step + 1e-9).rounded(.down)
        let last = (high / step - 1e-9).rounded(.up)
        self.step = step
        self.values = stride(from: first, through: last, by: 1).map { $0 * step }
        self.lower = first * step
        self.upper = last * step
    }

    /// `value` written with as many decimals as the step needs (`0.2` steps give `0.4`, not `0.40000001`).
    func label(_ value: Double) -> String {
        let decimals = step >= 1 ? 0 : Int((-log10(step) - 1e-9).rounded(.up))
        return SVGFormat.fixed(abs(value) < step * 1e-9 ? 0 : value, decimals: decimals)
    }
}

/// A linear map from data values to SVG coordinates.
struct LinearScale: Sendable {
    let domain: ClosedRange<Double>
    let range: (Double, Double)

    init(domain: ClosedRange<Double>, range: (Double, Double)) {
        self.domain = domain
        self.range = range
    }

    func callAsFunction(_ value: Double) -> Double {
        let span = domain.upperBound - domain.lowerBound
        // A degenerate domain maps everything to the middle rather than dividing by zero.
        guard span > 0 else { return (range.0 + range.1) / 2 }
        return range.0 + (value - domain.lowerBound) / span * (range.1 - range.0)
    }
}
