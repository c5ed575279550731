import StrokeModel

/// The calibration a training run ships, fitted on its held-out predictions: the temperature,
/// the threshold recommended by `RiskCoverage.recommended()`, and the figures behind both.
public struct CalibrationFit: Sendable {
    /// What the model file stores.
    public let calibration: ModelCalibration
    /// The held-out predictions at their fitted temperature (cross-fitted after cross-validation).
    public let predictions: Predictions
    public let summary: CalibrationSummary
    /// The same predictions before scaling (temperature 1), and their calibration.
    public let unscaledPredictions: Predictions
    public let unscaled: CalibrationSummary
    public let riskCoverage: RiskCoverage

    /// After cross-validation: the temperature of all out-of-fold predictions, with figures
    /// from the cross-fitted ones (see `CrossValidationResult.crossFittedPredictions`).
    public init(crossValidation: CrossValidationResult) {
        self.init(
            temperature: crossValidation.temperature, scaled: crossValidation.crossFittedPredictions,
            raw: crossValidation.outOfFoldPredictions,
            fittedOn: "out-of-fold predictions of \(crossValidation.folds.count)-fold cross-validation")
    }

    /// After a validation split (or a validation set, `fittedOn` says which): fitted on the kept
    /// epoch's validation predictions.
    public init(validation: Predictions, fittedOn: String = "the validation split") {
        let temperature = TemperatureScaling.fit(validation)
        self.init(temperature: temperature, scaled: validation.scaled(by: temperature), raw: validation.scaled(by: 1),
                  fittedOn: fittedOn)
    }

    private init(temperature: Float, scaled: Predictions, raw: Predictions, fittedOn: String) {
        predictions = scaled
        summary = CalibrationSummary(scaled)
        unscaledPredictions = raw
        unscaled = CalibrationSummary(raw)
        riskCoverage = RiskCoverage(scaled)
        let chosen = riskCoverage.recommended()
        calibration = ModelCalibration(
            temperature: temperature, threshold: chosen?.threshold, fittedOn: fittedOn,
            expectedCalibrationError: summary.expectedCalibrationError, coverage: chosen?.coverage,
            keptAccuracy: chosen?.accuracy, otherRejected: chosen?.otherRejected)
    }
}
