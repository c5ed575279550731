/// `report.md`: the run for a person, with the report folder's plots and every table.
extension RunReport {
    package var title: String {
        switch kind {
        case .training: "Training run" + (model.path.map { ": `\($0)`" } ?? "")
        case .evaluation: "Evaluation of `\(model.path ?? "a model")` on `\(datasets.first?.path ?? "?")`"
        }
    }

    /// `withSheet`: the folder has misclassified.png to show.
    package func markdown(withSheet: Bool = true) -> String {
        var md = "# \(title)\n\n" + summaryMarkdown + "\n"
        if let evaluation {
            md += "## Result\n\n" + resultSentence(evaluation) + "\n\n"
            md += "![Confusion matrix](\(ReportFolder.confusionSVG))\n\n"
            md += "### Confusion matrix\n\n" + Self.confusionMarkdown(evaluation) + "\n"
            md += "### Per class\n\n" + Self.perClassMarkdown(evaluation) + "\n"
            md += "![Precision, recall and F1 per class](\(ReportFolder.perClassSVG))\n\n"
            if let calibration = evaluation.calibrationMarkdown(plot: ReportFolder.reliabilitySVG) {
                md += "## Calibration\n\n" + calibration + "\n"
            }
            if let thresholds = evaluation.riskCoverageMarkdown(plot: ReportFolder.riskCoverageSVG) {
                md += "## Rejection threshold\n\n" + thresholds + "\n"
            }
        }
        if let cv = crossValidation { md += "## Cross-validation\n\n" + Self.foldsMarkdown(cv) + "\n" }
        if let (title, _) = learningCurves {
            md += "## \(title)\n\n![\(title)](\(ReportFolder.curvesSVG))\n\n"
            md += epochsMarkdown
        }
        if let evaluation {
            md += "## Misclassified images\n\n"
            if evaluation.misclassified.isEmpty {
                md += "None.\n"
            } else {
                if withSheet { md += "![Misclassified images, true → predicted](\(ReportFolder.misclassifiedPNG))\n\n" }
                md += Self.misclassifiedMarkdown(evaluation)
            }
        }
        return md
    }

    /// What ran, on what, how: the list at the top of the report and of the notebook.
    package var summaryMarkdown: String {
        var md = "- command: `strokes \(command)`\n"
        md += "- model: " + (model.path.map { "`\($0)`, " } ?? "") + "\(model.network), \(model.parameters) parameters; "
            + "labels \(model.labels.joined(separator: ", "))\n"
        for (index, d) in datasets.enumerated() {
            md += "- dataset\(datasets.count > 1 ? " \(index + 1)" : ""): `\(d.path)`, \(d.images) images"
                + (d.share.map { ", share \($0)" } ?? "") + (d.imagesPerEpoch.map { ", \($0) per epoch" } ?? "")
                + (d.fingerprint.map { ", fingerprint `\($0.prefix(16))…`" } ?? "") + "\n"
        }
        if let r = recipe {
            md += "- recipe\(kind == .evaluation ? " (as the model file records it)" : ""): \(r.epochs) epochs, batch \(r.batchSize), "
                + "\(r.optimizer), lr \(r.learningRate), weight decay \(r.weightDecay), \(r.schedule), seed \(r.seed), "
                + "\(r.threads) thread(s); augmentation \(r.augmentation)\n"
        }
        if let keptEpoch { md += "- kept the weights of epoch \(keptEpoch) (best validation accuracy)\n" }
        return md
    }

    /// With `other` images, the real classes and `other` come first, apart (see `openSetMarkdown`).
    func resultSentence(_ e: EvaluationReport) -> String {
        let overall = "Accuracy **\(Percent(e.accuracy, digits: 2))** (\(e.correct) of \(e.images) images) on "
            + "\(e.split.map { "\($0) of " } ?? "")`\(e.dataset)`, mean loss \(FixedDecimal(e.loss, digits: 4))."
        guard let openSet = e.openSetMarkdown else { return overall }
        return openSet + "\n\n" + overall + " That counts every class, `other` included."
    }

    /// Counts with row percentages, rows true class.
    package static func confusionMarkdown(_ e: EvaluationReport) -> String {
        let m = e.confusion
        var md = "Rows are the true class, columns the predicted one; each cell is a count and its share of the row.\n\n"
        md += "| true \\ predicted | " + m.labels.map(cell).joined(separator: " | ") + " | total |\n"
        md += "|---|" + String(repeating: "---:|", count: m.labels.count + 1) + "\n"
        for (t, label) in m.labels.enumerated() {
            let total = m.counts[t].reduce(0, +)
            md += "| \(cell(label)) | " + m.counts[t].map { count in
                "\(count) (\(total == 0 ? "–" : Percent(Double(count) / Double(total)).description))"
            }.joined(separator: " | ") + " | \(total) |\n"
        }
        return md
    }

    package static func perClassMarkdown(_ e: EvaluationReport) -> String {
        var md = "| class | precision | recall | F1 | support |\n|---|---:|---:|---:|---:|\n"
        for c in e.perClass {
            md += "| \(cell(c.label)) | \(Percent(c.precision)) | \(Percent(c.recall)) | \(FixedDecimal(c.f1, digits: 3)) | \(c.support) |\n"
        }
        return md
    }

    package static func foldsMarkdown(_ cv: CrossValidation) -> String {
        var md = "| fold | images | accuracy | loss |\n|---:|---:|---:|---:|\n"
        for f in cv.folds {
            md += "| \(f.fold) | \(f.images) | \(Percent(f.accuracy, digits: 2)) | \(FixedDecimal(f.loss, digits: 4)) |\n"
        }
        md += "| mean | | \(Percent(cv.meanAccuracy, digits: 2)) | |\n| worst | | \(Percent(cv.worstAccuracy, digits: 2)) | |\n"
        return md
    }

    /// Misclassified files numbered as on `misclassified.png`, with every class's probability.
    package static func misclassifiedMarkdown(_ e: EvaluationReport) -> String {
        var md = "| # | file | true | predicted | " + e.labels.map { "p(\(cell($0)))" }.joined(separator: " | ") + " |\n"
        md += "|---:|---|---|---|" + String(repeating: "---:|", count: e.labels.count) + "\n"
        for (index, m) in e.misclassified.enumerated() {
            md += "| \(index + 1) | `\(cell(m.path))` | \(cell(m.truth)) | \(cell(m.predicted)) | "
                + m.probabilities.map { FixedDecimal($0, digits: 3).description }.joined(separator: " | ") + " |\n"
        }
        return md
    }

    /// The per-epoch tables, folded away: long, but there for whoever wants the numbers.
    var epochsMarkdown: String {
        var md = ""
        if let (title, curves) = learningCurves, crossValidation != nil {
            md += Self.epochTable(
                summary: "\(title), per epoch", epochs: curves.epochs, learningRates: nil, trainLoss: curves.trainLoss,
                trainAccuracy: curves.trainAccuracy, validationLoss: curves.validationLoss,
                validationAccuracy: curves.validationAccuracy)
        }
        if !history.isEmpty {
            md += Self.epochTable(
                summary: crossValidation == nil ? "Epochs" : "Final model (trained on every image), per epoch",
                epochs: history.map(\.epoch), learningRates: history.map(\.learningRate), trainLoss: history.map(\.trainLoss),
                trainAccuracy: history.map(\.trainAccuracy), validationLoss: history.map(\.validationLoss),
                validationAccuracy: history.map(\.validationAccuracy))
        }
        return md
    }

    static func epochTable(
        summary: String, epochs: [Int], learningRates: [Double]?, trainLoss: [Double], trainAccuracy: [Double],
        validationLoss: [Double?], validationAccuracy: [Double?]
    ) -> String {
        let hasValidation = validationLoss.contains { $0 != nil }
        var md = "<details><summary>\(summary)</summary>\n\n| epoch |" + (learningRates == nil ? "" : " lr |")
            + " train loss | train acc |" + (hasValidation ? " val loss | val acc |" : "") + "\n"
        md += "|---:|" + String(repeating: "---:|", count: (learningRates == nil ? 2 : 3) + (hasValidation ? 2 : 0)) + "\n"
        for (i, epoch) in epochs.enumerated() {
            md += "| \(epoch) |" + (learningRates.map { " \($0[i]) |" } ?? "")
                + " \(FixedDecimal(trainLoss[i], digits: 4)) | \(Percent(trainAccuracy[i])) |"
            if hasValidation {
                md += " \(validationLoss[i].map { FixedDecimal($0, digits: 4).description } ?? "–") |"
                    + " \(validationAccuracy[i].map { Percent($0).description } ?? "–") |"
            }
            md += "\n"
        }
        return md + "\n</details>\n\n"
    }

    /// A `|` in a file or class name would end the table cell.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
