/// How far a model's confidence is from its accuracy: predictions grouped into equal-width
/// confidence bins (a reliability diagram) and the expected calibration error, the bins' gaps
/// between mean confidence and accuracy weighted by their share of the predictions.
public struct CalibrationSummary: Sendable, Equatable {
    /// One bin of the reliability diagram, as reports show it and `metrics.json` holds it.
    public struct Bin: Sendable, Equatable, Codable {
        /// The confidences this bin holds: (lower, upper], the first bin also its lower edge.
        public let lower: Double
        public let upper: Double
        public let count: Int
        /// Mean top probability of its predictions (nil when empty).
        @Nullable public private(set) var meanConfidence: Double?
        /// Share of its predictions that are right (nil when empty).
        @Nullable public private(set) var accuracy: Double?

        public init(lower: Double, upper: Double, count: Int, meanConfidence: Double?, accuracy: Double?) {
            self.lower = lower
            self.upper = upper
            self.count = count
            self.meanConfidence = meanConfidence
            self.accuracy = accuracy
        }

        enum CodingKeys: String, CodingKey {
            case lower, upper, count, accuracy
            case meanConfidence = "mean_confidence"
        }
    }

    public let bins: [Bin]
    /// Σ (bin count / total) × |accuracy − mean confidence|; 0 for no predictions.
    public let expectedCalibrationError: Double
    /// The temperature the probabilities were computed with.
    public let temperature: Float

    /// 15 bins, as Guo et al. (2017) report it.
    public static let standardBinCount = 15

    public init(_ predictions: Predictions, binCount: Int = standardBinCount) {
        precondition(binCount > 0, "at least one bin")
        var counts = [Int](repeating: 0, count: binCount), right = counts
        var confidenceSums = [Double](repeating: 0, count: binCount)
        for n in 0..<predictions.count {
            let confidence = Double(predictions.confidence(n))
            // (lower, upper]: a confidence of exactly k/B belongs to bin k−1.
            let bin = min(binCount - 1, max(0, Int((confidence * Double(binCount)).rounded(.up)) - 1))
            counts[bin] += 1
            confidenceSums[bin] += confidence
            if predictions.predicted[n] == predictions.truth[n] { right[bin] += 1 }
        }
        let total = Double(max(predictions.count, 1))
        var error = 0.0
        bins = (0..<binCount).map { b in
            let n = Double(counts[b])
            let confidence = counts[b] == 0 ? nil : confidenceSums[b] / n
            let accuracy = counts[b] == 0 ? nil : Double(right[b]) / n
            if let confidence, let accuracy { error += n / total * abs(accuracy - confidence) }
            return Bin(lower: Double(b) / Double(binCount), upper: Double(b + 1) / Double(binCount), count: counts[b],
                       meanConfidence: confidence, accuracy: accuracy)
        }
        expectedCalibrationError = error
        temperature = predictions.temperature
    }
}
