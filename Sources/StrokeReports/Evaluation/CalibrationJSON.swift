/// The JSON of an evaluation's calibration figures: `calibration`, `risk_coverage` and
/// `open_set`. They sit beside the other keys of `strokes evaluate --json`, and at the top
/// level of `metrics.json` (see `RunReport`), so both are read the same way.
extension EvaluationReport {
    enum CalibrationKeys: String, CodingKey {
        case calibration, riskCoverage = "risk_coverage", openSet = "open_set"
    }

    /// Writes the figures into `encoder`'s keyed container, beside whatever else it holds;
    /// a report read from an older file has none and writes none.
    func encodeCalibrationFigures(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CalibrationKeys.self)
        try c.encodeIfPresent(calibration, forKey: .calibration)
        if !riskCoverage.isEmpty { try c.encode(riskCoverage, forKey: .riskCoverage) }
        try c.encodeIfPresent(openSet, forKey: .openSet)
    }

    /// Reads what `encodeCalibrationFigures` wrote; missing keys leave the report without them.
    mutating func decodeCalibrationFigures(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CalibrationKeys.self)
        calibration = try c.decodeIfPresent(Calibration.self, forKey: .calibration)
        riskCoverage = try c.decodeIfPresent([RiskCoverageRow].self, forKey: .riskCoverage) ?? []
        openSet = try c.decodeIfPresent(OpenSet.self, forKey: .openSet)
    }
}

// Undefined shares are written as null, not left out, so every row has the same keys.
extension KeyedEncodingContainer {
    mutating func encodeOrNull(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
}

extension EvaluationReport.Calibration: Codable {
    enum CodingKeys: String, CodingKey {
        case temperature, threshold, bins
        case recommendedThreshold = "recommended_threshold", expectedCalibrationError = "ece"
        case unscaledExpectedCalibrationError = "ece_unscaled"
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(temperature, forKey: .temperature)
        try c.encode(threshold, forKey: .threshold)
        try c.encodeOrNull(recommendedThreshold, forKey: .recommendedThreshold)
        try c.encode(expectedCalibrationError, forKey: .expectedCalibrationError)
        try c.encodeOrNull(unscaledExpectedCalibrationError, forKey: .unscaledExpectedCalibrationError)
        try c.encode(bins, forKey: .bins)
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            temperature: try c.decode(Double.self, forKey: .temperature), threshold: try c.decode(Double.self, forKey: .threshold),
            recommendedThreshold: try c.decodeIfPresent(Double.self, forKey: .recommendedThreshold),
            expectedCalibrationError: try c.decode(Double.self, forKey: .expectedCalibrationError),
            unscaledExpectedCalibrationError: try c.decodeIfPresent(Double.self, forKey: .unscaledExpectedCalibrationError),
            bins: try c.decode([Bin].self, forKey: .bins))
    }
}

extension EvaluationReport.Calibration.Bin: Codable {
    enum CodingKeys: String, CodingKey {
        case lower, upper, count, accuracy
        case meanConfidence = "mean_confidence"
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(lower, forKey: .lower)
        try c.encode(upper, forKey: .upper)
        try c.encode(count, forKey: .count)
        try c.encodeOrNull(meanConfidence, forKey: .meanConfidence)
        try c.encodeOrNull(accuracy, forKey: .accuracy)
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            lower: try c.decode(Double.self, forKey: .lower), upper: try c.decode(Double.self, forKey: .upper),
            count: try c.decode(Int.self, forKey: .count),
            meanConfidence: try c.decodeIfPresent(Double.self, forKey: .meanConfidence),
            accuracy: try c.decodeIfPresent(Double.self, forKey: .accuracy))
    }
}

extension EvaluationReport.RiskCoverageRow: Codable {
    enum CodingKeys: String, CodingKey {
        case threshold, coverage, accuracy
        case otherRejected = "other_rejected"
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(threshold, forKey: .threshold)
        try c.encodeOrNull(coverage, forKey: .coverage)
        try c.encodeOrNull(accuracy, forKey: .accuracy)
        try c.encodeOrNull(otherRejected, forKey: .otherRejected)
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            threshold: try c.decode(Double.self, forKey: .threshold),
            coverage: try c.decodeIfPresent(Double.self, forKey: .coverage),
            accuracy: try c.decodeIfPresent(Double.self, forKey: .accuracy),
            otherRejected: try c.decodeIfPresent(Double.self, forKey: .otherRejected))
    }
}

extension EvaluationReport.OpenSet: Codable {
    // The shares are written for readers (jq, pandas); the counts are what is read back.
    enum CodingKeys: String, CodingKey {
        case coverage
        case realImages = "real_images", realCorrect = "real_correct", realAccuracy = "real_accuracy"
        case realKept = "real_kept", keptCorrect = "kept_correct", keptAccuracy = "kept_accuracy"
        case otherImages = "other_images", otherRejectedImages = "other_rejected_images", otherRejected = "other_rejected"
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(realImages, forKey: .realImages)
        try c.encode(realCorrect, forKey: .realCorrect)
        try c.encodeOrNull(realAccuracy, forKey: .realAccuracy)
        try c.encode(realKept, forKey: .realKept)
        try c.encodeOrNull(coverage, forKey: .coverage)
        try c.encode(keptCorrect, forKey: .keptCorrect)
        try c.encodeOrNull(keptAccuracy, forKey: .keptAccuracy)
        try c.encode(otherImages, forKey: .otherImages)
        try c.encode(otherRejectedImages, forKey: .otherRejectedImages)
        try c.encodeOrNull(otherRejected, forKey: .otherRejected)
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            realImages: try c.decode(Int.self, forKey: .realImages), realCorrect: try c.decode(Int.self, forKey: .realCorrect),
            realKept: try c.decode(Int.self, forKey: .realKept), keptCorrect: try c.decode(Int.self, forKey: .keptCorrect),
            otherImages: try c.decode(Int.self, forKey: .otherImages),
            otherRejectedImages: try c.decode(Int.self, forKey: .otherRejectedImages))
    }
}
