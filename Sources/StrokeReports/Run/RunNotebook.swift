import Foundation

/// A run report as a Jupyter notebook: the report's text and tables as Markdown cells, its
/// plots stored as the outputs of the cells that display them (so opening the notebook
/// shows everything without running it), and code cells that reload `metrics.json` and
/// redraw the plots with matplotlib for whoever wants to change them.
package enum RunNotebook {
    /// `reportPath` is the report folder as the notebook's code should find it: relative to
    /// the notebook's own folder when possible. `misclassifiedPNG` is the folder's sheet.
    package static func make(_ report: RunReport, reportPath: String, misclassifiedPNG: Data?) -> Notebook {
        var cells: [Notebook.Cell] = [
            .markdown("# \(report.title)\n\n"
                + "Exported by `strokes notebook` from the report folder `\(reportPath)`. The plots are stored in "
                + "this notebook, so it shows its results without being run; the cells at the end reload "
                + "`metrics.json` and redraw them with matplotlib.\n\n" + report.summaryMarkdown),
            .code(setupSource(reportPath), outputs: [.text("report folder: \(reportPath)\n")]),
        ]
        let plots = Dictionary(uniqueKeysWithValues: ReportFolder.plots(report).map { ($0.name, $0.svg) })
        if let e = report.evaluation {
            cells.append(.markdown("## Result\n\n" + report.resultSentence(e) + "\n\n### Confusion matrix\n\n"
                + RunReport.confusionMarkdown(e)))
            cells += display(svg: ReportFolder.confusionSVG, plots)
            cells.append(.markdown("### Per class\n\n" + RunReport.perClassMarkdown(e)))
            cells += display(svg: ReportFolder.perClassSVG, plots)
            // Text, plot, then the table, as in report.md.
            if let parts = e.calibrationMarkdownParts {
                cells.append(.markdown("## Calibration\n\n" + parts.intro))
                cells += display(svg: ReportFolder.reliabilitySVG, plots)
                cells.append(.markdown(parts.table))
            }
            if let parts = e.riskCoverageMarkdownParts {
                cells.append(.markdown("## Rejection threshold\n\n" + parts.intro))
                cells += display(svg: ReportFolder.riskCoverageSVG, plots)
                cells.append(.markdown(parts.table))
            }
        }
        if let cv = report.crossValidation {
            cells.append(.markdown("## Cross-validation\n\nEach fold trained on the others and was scored on its own images.\n\n"
                + RunReport.foldsMarkdown(cv)))
        }
        if let (title, _) = report.learningCurves {
            cells.append(.markdown("## \(title)"))
            cells += display(svg: ReportFolder.curvesSVG, plots)
            cells.append(.markdown(report.epochsMarkdown))
        }
        if let e = report.evaluation, !e.misclassified.isEmpty {
            if let misclassifiedPNG {
                cells.append(.markdown("## Misclassified images\n\nNumbered as in the table below; under each, "
                    + "true → predicted and the probability of the prediction."))
                cells.append(.code(
                    "display(Image(filename=str(REPORT / \"\(ReportFolder.misclassifiedPNG)\")))",
                    outputs: [.png(misclassifiedPNG)]))
                cells.append(.markdown(RunReport.misclassifiedMarkdown(e)))
            } else {
                cells.append(.markdown("## Misclassified images\n\n" + RunReport.misclassifiedMarkdown(e)))
            }
        }
        cells += redrawCells(report)
        return Notebook(cells: cells, title: report.title.replacingOccurrences(of: "`", with: ""))
    }

    private static func setupSource(_ reportPath: String) -> String {
        """
        from pathlib import Path
        from IPython.display import SVG, Image, display

        # The report folder, relative to this notebook; change it if you move either.
        REPORT = Path(\(pythonString(reportPath)))
        assert (REPORT / "metrics.json").exists(), f"no metrics.json in {REPORT.resolve()}"
        print(f"report folder: {REPORT}")
        """
    }

    /// A cell that displays one of the folder's SVG plots, with that plot as its output.
    private static func display(svg name: String, _ plots: [String: String]) -> [Notebook.Cell] {
        guard let svg = plots[name] else { return [] }
        return [.code("display(SVG(filename=str(REPORT / \"\(name)\")))", outputs: [.svg(svg)])]
    }

    private static func redrawCells(_ report: RunReport) -> [Notebook.Cell] {
        var cells: [Notebook.Cell] = [
            .markdown("## Redraw the plots\n\nThe cells below read `metrics.json` (the report's every number) "
                + "and draw the plots again with matplotlib: a starting point for your own."),
            .code("""
                import json
                import matplotlib.pyplot as plt
                import numpy as np

                metrics = json.loads((REPORT / "metrics.json").read_text())
                evaluation = metrics.get("evaluation")
                """, outputs: []),
        ]
        if report.evaluation != nil {
            cells.append(.code("""
                labels = evaluation["labels"]
                counts = np.array(evaluation["confusion_matrix"])
                totals = counts.sum(axis=1, keepdims=True)
                shares = np.divide(counts, totals, out=np.zeros(counts.shape), where=totals > 0)
                fig, ax = plt.subplots(figsize=(5, 4.5))
                ax.imshow(shares, cmap="Blues", vmin=0, vmax=1)
                for t in range(len(labels)):
                    for p in range(len(labels)):
                        ax.text(p, t, f"{counts[t, p]}\\n{shares[t, p]:.1%}", ha="center", va="center",
                                color="white" if shares[t, p] > 0.5 else "black")
                ax.set_xticks(range(len(labels)), labels)
                ax.set_yticks(range(len(labels)), labels)
                ax.set_xlabel("predicted class")
                ax.set_ylabel("true class")
                ax.set_title(f"Confusion matrix ({evaluation['images']} images)")
                plt.show()
                """, outputs: []))
            cells.append(.code("""
                per_class = evaluation["per_class"]
                x = np.arange(len(labels))
                fig, ax = plt.subplots(figsize=(6, 3.5))
                for i, metric in enumerate(["precision", "recall", "f1"]):
                    ax.bar(x + (i - 1) * 0.27, [100 * per_class[l][metric] for l in labels], 0.27, label=metric)
                ax.set_xticks(x, labels)
                ax.set_ylim(0, 105)
                ax.set_ylabel("%")
                ax.legend()
                ax.set_title("Precision, recall and F1 per class")
                plt.show()
                """, outputs: []))
        }
        if report.evaluation?.calibration != nil { cells.append(.code(reliabilitySource, outputs: [])) }
        if report.evaluation.map({ !$0.riskCoverage.isEmpty }) == true { cells.append(.code(riskCoverageSource, outputs: [])) }
        if report.learningCurves != nil {
            cells.append(.code("""
                folds = (metrics.get("cross_validation") or {}).get("folds") or []
                if folds:  # the mean over cross-validation folds, as in the report
                    def mean(key):
                        return [np.mean([f["history"][e][key] for f in folds]) for e in range(len(folds[0]["history"]))]
                    epochs = [e["epoch"] for e in folds[0]["history"]]
                    series = {k: mean(k) for k in ["train_loss", "validation_loss", "train_accuracy", "validation_accuracy"]}
                else:
                    history = metrics["history"]
                    epochs = [e["epoch"] for e in history]
                    series = {k: [e.get(k) for e in history]
                              for k in ["train_loss", "validation_loss", "train_accuracy", "validation_accuracy"]}
                fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.5))
                for ax, name in [(left, "loss"), (right, "accuracy")]:
                    for part in ["train", "validation"]:
                        values = series[f"{part}_{name}"]
                        if any(v is not None for v in values):
                            ax.plot(epochs, [np.nan if v is None else v for v in values], label=part)
                    ax.set_xlabel("epoch")
                    ax.set_ylabel(name)
                    ax.legend()
                plt.show()
                """, outputs: []))
        }
        return cells
    }

    /// The reliability diagram from `metrics.json`'s `calibration`.
    private static let reliabilitySource = """
        calibration = metrics["calibration"]
        bins = [b for b in calibration["bins"] if b["count"] > 0]
        left = [b["lower"] for b in bins]
        width = [b["upper"] - b["lower"] for b in bins]
        accuracy = [b["accuracy"] for b in bins]
        fig, (top, bottom) = plt.subplots(2, 1, figsize=(5, 6), sharex=True, gridspec_kw={"height_ratios": [4, 1]})
        top.bar(left, accuracy, width, align="edge", edgecolor="white", label="accuracy per bin")
        top.bar(left, [b["mean_confidence"] - a for b, a in zip(bins, accuracy)], width, bottom=accuracy, align="edge",
                color="tab:red", alpha=0.35, label="gap to mean confidence")
        top.plot([0, 1], [0, 1], "k--", label="perfect calibration")
        top.set_xlim(0, 1)
        top.set_ylim(0, 1)
        top.set_ylabel("accuracy")
        top.legend(loc="upper left")
        top.set_title(f"ECE {calibration['ece']:.3f} at temperature {calibration['temperature']:g}")
        bottom.bar(left, [b["count"] for b in bins], width, align="edge", color="grey", edgecolor="white")
        bottom.set_xlabel("confidence (probability of the predicted class)")
        bottom.set_ylabel("predictions")
        plt.show()
        """

    /// The risk–coverage curves from `metrics.json`'s `risk_coverage`, thresholds marked.
    private static let riskCoverageSource = """
        calibration = metrics["calibration"]
        rows = metrics["risk_coverage"]
        thresholds = [r["threshold"] for r in rows]
        def share(key):
            return [np.nan if r[key] is None else r[key] for r in rows]
        fig, ax = plt.subplots(figsize=(6, 4))
        ax.plot(thresholds, share("coverage"), label="real strokes kept")
        ax.plot(thresholds, share("accuracy"), label="accuracy on kept")
        if any(r["other_rejected"] is not None for r in rows):
            ax.plot(thresholds, share("other_rejected"), "--", label="other rejected")
        recommended, in_use = calibration["recommended_threshold"], calibration["threshold"]
        if recommended is not None:
            ax.axvline(recommended, color="black", label=f"recommended {recommended:.2f}")
        if in_use > 0 and in_use != recommended:
            ax.axvline(in_use, color="grey", linestyle=":", label=f"in use {in_use:.2f}")
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1.02)
        ax.set_xlabel("rejection threshold (shape confidence: 1 − p(other), or top probability)")
        ax.set_ylabel("share of strokes")
        ax.legend(loc="lower left")
        ax.set_title("What each threshold costs")
        plt.show()
        """

    /// A Python string literal for any text (JSON's escapes are valid Python).
    static func pythonString(_ text: String) -> String {
        let data = try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
        let array = data.map { String(decoding: $0, as: UTF8.self) } ?? "[\"\"]"
        return String(array.dropFirst().dropLast())
    }
}
