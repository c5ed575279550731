/// The learning curves a run report plots.
extension RunReport {
    /// With cross-validation, the mean over folds per epoch (the only curves with validation
    /// figures when the final model trains on every image); else the model's own epochs.
    /// Nil for an evaluation, which has no epochs.
    package var learningCurves: (title: String, curves: LearningCurves)? {
        if let cv = crossValidation, let first = cv.folds.first, !first.history.isEmpty,
           cv.folds.allSatisfy({ $0.history.count == first.history.count }) {
            let count = Double(cv.folds.count)
            func mean(_ value: (RunReport.Epoch) -> Double?) -> [Double?] {
                first.history.indices.map { e in
                    let values = cv.folds.compactMap { value($0.history[e]) }
                    return values.count == cv.folds.count ? values.reduce(0, +) / count : nil
                }
            }
            let curves = LearningCurves(
                epochs: first.history.map(\.epoch), trainLoss: mean { $0.trainLoss }.map { $0 ?? .nan },
                validationLoss: mean(\.validationLoss), trainAccuracy: mean { $0.trainAccuracy }.map { $0 ?? .nan },
                validationAccuracy: mean(\.validationAccuracy), keptEpoch: nil)
            return ("Learning curves: mean of \(cv.folds.count) cross-validation folds", curves)
        }
        guard !history.isEmpty else { return nil }
        let curves = LearningCurves(
            epochs: history.map(\.epoch), trainLoss: history.map(\.trainLoss), validationLoss: history.map(\.validationLoss),
            trainAccuracy: history.map(\.trainAccuracy), validationAccuracy: history.map(\.validationAccuracy),
            keptEpoch: keptEpoch)
        return ("Learning curves", curves)
    }
}
