import StrokeModel
import StrokeTraining

/// The Markdown report written next to a trained model.
public enum TrainingReport {
    public static func markdown(
        model: ClassifierModel, history: [EpochReport], validation: Predictions?,
        crossValidation: CrossValidationResult?, dataset: String
    ) -> String {
        var md = "# Training report\n\n"
        if let p = model.provenance {
            md += "- dataset: `\(dataset)`, \(p.datasetImages) images, fingerprint `\(p.datasetFingerprint.prefix(16))…`\n"
            if let sources = p.sources {
                md += "- mixture (primary first): " + sources.map {
                    "`\($0.path)` \($0.share) (\($0.images) images, \($0.imagesPerEpoch) per epoch)"
                }.joined(separator: ", ") + "\n"
            }
            md += "- command: `strokes \(p.command)`\n"
            md += "- recipe: \(p.epochs) epochs, batch \(p.batchSize), \(p.optimizer), lr \(p.learningRate), "
                + "weight decay \(p.weightDecay), \(p.schedule), seed \(p.seed), \(p.threads) thread(s)\n"
            md += "- augmentation: \(p.augmentation)\n"
        }
        md += "- network: \(model.architecture.layers.map(\.summary).joined(separator: " → ")), "
            + "\(model.architecture.parameterCount) parameters\n"
        md += "- labels: \(model.labels.joined(separator: ", "))\n\n"
        if let cv = crossValidation {
            md += "## Cross-validation\n\n| fold | accuracy |\n|---:|---:|\n"
            for fold in cv.folds { md += "| \(fold.index) | \(Percent(fold.accuracy, digits: 2)) |\n" }
            md += "| mean | \(Percent(cv.meanAccuracy, digits: 2)) |\n| worst | \(Percent(cv.worstAccuracy, digits: 2)) |\n\n"
            md += "Summed confusion matrix (rows true class, columns predicted):\n\n"
            md += markdownMatrix(cv.summedConfusion) + "\n"
        }
        if let validation {
            md += "## Validation (\(validation.truth.count) held-out images)\n\n"
            md += "Accuracy \(Percent(validation.accuracy, digits: 2)).\n\n"
            md += markdownMatrix(validation.confusion) + "\n"
        }
        // No timings here: the report is as reproducible as the model it describes.
        md += "## Epochs\n\n| epoch | lr | train loss | train acc | val loss | val acc |\n|---:|---:|---:|---:|---:|---:|\n"
        for e in history {
            md += "| \(e.epoch) | \(e.learningRate) | \(Decimal(Double(e.trainLoss), digits: 4)) | \(Percent(e.trainAccuracy)) | "
                + "\(e.validationLoss.map { Decimal(Double($0), digits: 4).description } ?? "–") | "
                + "\(e.validationAccuracy.map { Percent($0).description } ?? "–") |\n"
        }
        return md
    }

    /// A confusion matrix as a Markdown table, rows true class, columns predicted.
    public static func markdownMatrix(_ m: ConfusionMatrix) -> String {
        var md = "| true \\ predicted | " + m.labels.joined(separator: " | ") + " |\n"
        md += "|---|" + String(repeating: "---:|", count: m.labels.count) + "\n"
        for (t, label) in m.labels.enumerated() {
            md += "| \(label) | " + m.counts[t].map(String.init).joined(separator: " | ") + " |\n"
        }
        return md
    }
}
