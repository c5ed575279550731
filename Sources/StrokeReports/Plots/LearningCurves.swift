/// Loss and accuracy per epoch of one training run, the input of `LearningCurvesSVG`.
///
/// All arrays are indexed like `epochs`. Validation values are optional because a run may
/// measure them only some epochs, or never (no validation split).
package struct LearningCurves: Sendable, Equatable {
    /// The epoch numbers, increasing (usually 1, 2, 3, ...).
    package var epochs: [Int]
    /// Mean training loss per epoch; NaN or infinite values are left out of the plot.
    package var trainLoss: [Double]
    /// Validation loss per epoch; nil where it was not measured, possibly everywhere.
    package var validationLoss: [Double?]
    /// Training accuracy per epoch, as a share in 0...1.
    package var trainAccuracy: [Double]
    /// Validation accuracy per epoch, as a share in 0...1; nil where it was not measured.
    package var validationAccuracy: [Double?]
    /// The epoch whose weights were kept (for example the best validation epoch), or nil.
    package var keptEpoch: Int?

    /// Curves for `epochs`; the validation series default to "not measured".
    package init(
        epochs: [Int], trainLoss: [Double], validationLoss: [Double?]? = nil, trainAccuracy: [Double],
        validationAccuracy: [Double?]? = nil, keptEpoch: Int? = nil
    ) {
        self.epochs = epochs
        self.trainLoss = trainLoss
        self.validationLoss = validationLoss ?? Array(repeating: nil, count: epochs.count)
        self.trainAccuracy = trainAccuracy
        self.validationAccuracy = validationAccuracy ?? Array(repeating: nil, count: epochs.count)
        self.keptEpoch = keptEpoch
    }
}
