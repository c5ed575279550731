import Foundation
import Testing
@testable import StrokeReports
@testable import StrokeTraining

@Suite struct ReportFolderTests {
    typealias F = RunReportFixture

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strokes-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aTrainingReportWritesEveryFile() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ReportFolder.write(F.training, misclassifiedImages: F.misclassifiedImages, to: folder)
        let names = try Set(FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(names == Set(ReportFolder.files))
        let metrics = try Data(contentsOf: folder.appendingPathComponent(ReportFolder.metricsJSON))
        #expect(try RunReport.read(metrics, from: "metrics.json") == F.training)
        let csv = try String(contentsOf: folder.appendingPathComponent(ReportFolder.confusionCSV), encoding: .utf8)
        #expect(csv == F.evaluation.confusionCSV())
    }

    @Test func theMisclassifiedSheetShowsEachImageEnlargedWithItsCaption() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let images = F.misclassifiedImages
        try ReportFolder.write(F.training, misclassifiedImages: images, to: folder)
        // Read back with libpng, like any PNG.
        let sheet = try PNGDecoder.decode(contentsOf: folder.appendingPathComponent(ReportFolder.misclassifiedPNG))
        let cell = 28 * 4, gap = 8, caption = 3 + 2 * BitmapFont.lineHeight
        #expect(sheet.width == gap + 5 * (cell + gap))
        #expect(sheet.height == gap + cell + caption + gap)
        for (index, image) in images.enumerated() {
            let left = gap + index * (cell + gap)
            for (x, y) in [(0, 0), (13, 20), (27, 27)] {
                #expect(sheet[left + x * 4 + 3, gap + y * 4 + 1] == image[y * 28 + x], "image \(index) at (\(x), \(y))")
            }
            // The caption's first line is "true → predicted" in white under the image.
            let truth = F.evaluation.misclassified[index].truth
            var expected = GrayImage(width: cell, height: BitmapFont.lineHeight, fill: CaptionedSheet.background)
            BitmapFont.draw("\(truth) → \(F.evaluation.misclassified[index].predicted)", into: &expected, x: 0, y: 0, value: 255)
            for y in 0..<BitmapFont.lineHeight {
                for x in 0..<cell {
                    #expect(sheet[left + x, gap + cell + 3 + y] == expected[x, y], "caption \(index) at (\(x), \(y))")
                }
            }
        }
    }

    @Test func anotherRunInTheSameFolderReplacesTheReportButKeepsOtherFiles() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ReportFolder.write(F.training, misclassifiedImages: F.misclassifiedImages, to: folder)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))

        let evaluation = RunReport(
            kind: .evaluation, command: "evaluate m data", model: F.training.model, datasets: [F.training.datasets[0]],
            evaluation: F.evaluation)
        try ReportFolder.write(evaluation, misclassifiedImages: F.misclassifiedImages, to: folder)
        let names = try Set(FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(!names.contains(ReportFolder.curvesSVG), "an evaluation has no curves; the old ones would mislead")
        #expect(names.contains("notes.txt"))
        #expect(names.contains(ReportFolder.confusionSVG))
        #expect(!names.contains { $0.hasSuffix(".tmp") })
    }

    @Test func aPerfectRunHasNoMisclassifiedSheet() throws {
        let perfect = Predictions(labels: ["a", "b"], probabilities: [0.9, 0.1, 0.2, 0.8], predicted: [0, 1], truth: [0, 1], loss: 0.1)
        let evaluation = EvaluationReport(predictions: perfect, paths: ["a/1.png", "b/2.png"], model: "m", dataset: "d")
        let report = RunReport(
            kind: .evaluation, command: "evaluate m d", model: .init(path: "m", labels: ["a", "b"], network: "n", parameters: 1),
            datasets: [.init(path: "d", images: 2)], evaluation: evaluation)
        let files = try ReportFolder.render(report, misclassifiedImages: [])
        #expect(files[ReportFolder.misclassifiedPNG] == nil)
        #expect(String(decoding: files[ReportFolder.markdown]!, as: UTF8.self).contains("## Misclassified images\n\nNone."))
    }
}
