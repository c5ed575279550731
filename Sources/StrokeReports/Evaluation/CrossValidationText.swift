import StrokeTraining

/// The terminal summary of a cross-validation run.
package enum CrossValidationText {
    package static func render(_ result: CrossValidationResult, dataset: Dataset) -> String {
        let confusion = result.summedConfusion
        var lines = ["cross-validation (\(result.folds.count) folds, stratified):"]
        for fold in result.folds {
            lines.append("  fold \(fold.index): \(Percent(fold.accuracy)) (\(fold.predictions.confusion.correct)/\(fold.predictions.confusion.total))")
        }
        lines.append("mean \(Percent(result.meanAccuracy, digits: 2)), worst fold \(Percent(result.worstAccuracy, digits: 2)), pooled \(Percent(confusion.accuracy, digits: 2))")
        lines.append("")
        lines.append("summed confusion matrix:")
        lines.append(ConfusionText.matrix(confusion))
        lines.append("")
        lines.append(ConfusionText.confusions(confusion))
        let wrong = result.folds.flatMap { fold in
            zip(fold.indices, zip(fold.predictions.truth, fold.predictions.predicted))
                .filter { $0.1.0 != $0.1.1 }
                .map { "  \(dataset.paths[$0.0]): \(dataset.labels[$0.1.0]) → \(dataset.labels[$0.1.1])" }
        }
        if !wrong.isEmpty {
            lines.append("")
            lines.append("misclassified:")
            lines.append(contentsOf: wrong)
        }
        return lines.joined(separator: "\n")
    }
}
