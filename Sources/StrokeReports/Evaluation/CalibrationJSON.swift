import StrokeTraining
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
        riskCoverage = try c.decodeIfPresent([RiskCoverage.Row].self, forKey: .riskCoverage) ?? []
        openSet = try c.decodeIfPresent(OpenSet.self, forKey: .openSet)
    }
}

// The open-set shares are computed when written, so that encoding is by hand; undefined
// shares are written as null there too, as `Nullable` writes them elsewhere.
extension KeyedEncodingContainer {
    mutating func encodeOrNull(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
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
