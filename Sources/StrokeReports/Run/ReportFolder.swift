import Foundation
import StrokeModel
import StrokeTraining

/// A run's report folder (`--report DIR`): the same figures as JSON, CSV, Markdown, SVG
/// plots and a sheet of the misclassified images.
package enum ReportFolder {
    package static let metricsJSON = "metrics.json"
    package static let confusionCSV = "confusion.csv"
    package static let markdown = "report.md"
    package static let confusionSVG = "confusion.svg"
    package static let curvesSVG = "curves.svg"
    package static let perClassSVG = "per-class.svg"
    package static let reliabilitySVG = "reliability.svg"
    package static let riskCoverageSVG = "risk-coverage.svg"
    package static let misclassifiedPNG = "misclassified.png"
    /// At most this many images go on the misclassified sheet (all are in the tables).
    package static let sheetLimit = 400

    /// Every file a report folder can hold, in the order they are written.
    package static let files = [
        metricsJSON, confusionCSV, markdown, confusionSVG, perClassSVG, reliabilitySVG, riskCoverageSVG, curvesSVG,
        misclassifiedPNG,
    ]

    /// Writes the report into `folder` (created if needed), each file atomically; report files
    /// this run has no content for (a previous run's curves, say) are removed, other files are
    /// left alone. `images[i]` is the 28×28 image of `report.evaluation.misclassified[i]`;
    /// nil leaves the dataset's images out (no misclassified.png).
    package static func write(_ report: RunReport, misclassifiedImages images: [[UInt8]]?, to folder: URL) throws {
        let contents = try render(report, misclassifiedImages: images)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in files {
            let url = folder.appendingPathComponent(name)
            if let bytes = contents[name] {
                try AtomicFile.write(bytes, to: url)
            } else if FileManager.default.fileExists(atPath: url.path) {
                try FileManager.default.removeItem(at: url)
            }
        }
    }

    /// The folder's files by name, as bytes.
    package static func render(_ report: RunReport, misclassifiedImages images: [[UInt8]]?) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [
            metricsJSON: Array(try report.json().utf8),
            markdown: Array(report.markdown(withSheet: images != nil).utf8),
        ]
        for (name, svg) in plots(report) { files[name] = Array(svg.utf8) }
        if let evaluation = report.evaluation {
            files[confusionCSV] = Array(evaluation.confusionCSV().utf8)
            if let images, !evaluation.misclassified.isEmpty {
                precondition(images.count == evaluation.misclassified.count, "one image per misclassified file")
                files[misclassifiedPNG] = try PNGWriter.encode(misclassifiedSheet(evaluation, images: images))
            }
        }
        return files
    }

    /// The SVG plots by file name; `strokes notebook` embeds the same ones.
    package static func plots(_ report: RunReport) -> [(name: String, svg: String)] {
        var plots: [(String, String)] = []
        if let e = report.evaluation {
            let title = "Confusion matrix: " + (e.split ?? "all images") + " (\(e.images) images)"
            plots.append((confusionSVG, ConfusionMatrixSVG.render(labels: e.labels, counts: e.confusion.counts, title: title)))
            plots.append((perClassSVG, ClassMetricsSVG.render(
                labels: e.labels, precision: e.perClass.map(\.precision), recall: e.perClass.map(\.recall),
                f1: e.perClass.map(\.f1), title: "Precision, recall and F1 per class")))
            let images = e.split ?? "all images"
            if let calibration = e.calibration {
                plots.append((reliabilitySVG, ReliabilitySVG.render(calibration, title: "Reliability: \(images)")))
                if !e.riskCoverage.isEmpty {
                    plots.append((riskCoverageSVG, RiskCoverageSVG.render(
                        e.riskCoverage, recommended: calibration.recommendedThreshold, inUse: calibration.threshold,
                        title: "What each threshold costs: \(images)")))
                }
            }
        }
        if let (title, curves) = report.learningCurves {
            plots.append((curvesSVG, LearningCurvesSVG.render(curves, title: title)))
        }
        return plots
    }

    /// The images of the predictions' mistakes, in the order `EvaluationReport` lists them.
    package static func misclassifiedImages(_ predictions: Predictions, in dataset: Dataset) -> [[UInt8]] {
        predictions.truth.indices.filter { predictions.truth[$0] != predictions.predicted[$0] }.map(dataset.image)
    }

    /// Each misclassified image numbered as in the report's table, `true → predicted` and
    /// the probability of the prediction under it.
    static func misclassifiedSheet(_ e: EvaluationReport, images: [[UInt8]]) -> GrayImage {
        let entries = zip(e.misclassified, images).prefix(sheetLimit).enumerated().map { index, pair in
            CaptionedSheet.Entry(
                image: pair.1,
                caption: ["\(pair.0.truth) → \(pair.0.predicted)", "#\(index + 1)  p \(FixedDecimal(pair.0.confidence, digits: 2))"])
        }
        return CaptionedSheet.render(entries, side: ImageNormalizer.side)
    }
}
