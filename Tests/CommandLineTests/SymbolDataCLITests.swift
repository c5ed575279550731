import Foundation
import StrokeModel
import StrokeTraining
import Testing

/// The symbol model's data on the command line: `strokes synth --symbols`, `strokes
/// symbol-data`, and `strokes train --validation` on a folder of held-out writers.
@Suite("symbol data end to end", .serialized)
struct SymbolDataCLITests {

    @Test func synthSymbolsWritesEveryClassWithItsDrawings() throws {
        let scratch = try ScratchFolder()
        let made = try StrokesProcess.run(["synth", "--symbols", "--out", "set", "--per-class", "2", "--seed", "3"], in: scratch.url)
        #expect(made.status == 0, "stderr: \(made.stderr)")
        let loaded = try DatasetLoader.load(scratch.path("set"), warn: { _ in }).train
        #expect(Set(loaded.labels) == Set(SyntheticSymbols.labels) && loaded.classCounts.allSatisfy { $0 == 2 })
        #expect(FileManager.default.fileExists(atPath: scratch.path("set/ε/00001.json").path))
        let readme = try String(contentsOf: scratch.path("set/README.md"), encoding: .utf8)
        #expect(readme.hasPrefix("# Synthetic handwritten symbols"))
        // Written again over itself: replaced, not refused.
        let again = try StrokesProcess.run(["synth", "--symbols", "--out", "set", "--per-class", "1", "--seed", "3"], in: scratch.url)
        #expect(again.status == 0, "stderr: \(again.stderr)")
        #expect(try DatasetLoader.load(scratch.path("set"), warn: { _ in }).train.count == SyntheticSymbols.labels.count)
    }

    @Test func symbolDataHoldsOutWholeWritersAndNamesABadCSV() throws {
        let scratch = try ScratchFolder()
        let letters = scratch.path("letters")
        for (folder, rows) in [("latin-q", 3), ("greek-lambda", 3)] {
            for writer in 1...rows {
                let url = letters.appendingPathComponent("\(folder)/0001_0\(writer).json")
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try "[[[0, 0], [\(10 * writer), 30], [40, 0]]]".write(to: url, atomically: true, encoding: .utf8)
            }
        }
        let digit = (0..<784).map { $0 % 28 == 14 ? "255" : "0" }.joined(separator: ",")
        try ((0..<6).map { "\(digit),\($0 % 2 == 0 ? 4 : 9)" }.joined(separator: "\n")).write(
            to: scratch.path("digits.csv"), atomically: true, encoding: .utf8)
        let made = try StrokesProcess.run(["symbol-data", "--letters", "letters", "--digits", "digits.csv", "--out", "symbols",
                                           "--held-out-writers", "1", "--held-out-share", "0.34", "--other-marks", "5"], in: scratch.url)
        #expect(made.status == 0, "stderr: \(made.stderr)")
        let train = try DatasetLoader.load(scratch.path("symbols/train"), warn: { _ in }).train
        let heldOut = try DatasetLoader.load(scratch.path("symbols/held-out"), warn: { _ in }).train
        func count(_ data: Dataset, _ label: String) -> Int { data.labels.firstIndex(of: label).map { data.classCounts[$0] } ?? 0 }
        #expect(count(train, "q") == 2 && count(train, "λ") == 2 && count(heldOut, "q") == 1 && count(heldOut, "λ") == 1)
        #expect(count(train, "4") == 2 && count(heldOut, "4") == 1 && count(heldOut, "other") == 5 && count(train, "other") == 0)

        try "1,2,3\n".write(to: scratch.path("bad.csv"), atomically: true, encoding: .utf8)
        let refused = try StrokesProcess.run(["symbol-data", "--letters", "letters", "--digits", "bad.csv", "--out", "again"], in: scratch.url)
        #expect(refused.status != 0)
        #expect(refused.errorLines.count == 1 && refused.stderr.contains("bad.csv, line 1"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("again").path), "nothing written")
    }

    @Test func trainValidatesOnAGivenFolderAndRefusesFoldsWithIt() throws {
        let scratch = try ScratchFolder()
        for (name, seed, count) in [("train", "3", "40"), ("writers", "4", "12")] {
            let made = try StrokesProcess.run(["synth", "--out", name, "--per-class", count, "--seed", seed], in: scratch.url)
            #expect(made.status == 0, "\(made.stderr)")
        }
        let trained = try StrokesProcess.run(["train", "train", "--validation", "writers", "--epochs", "2", "--out", "m.safetensors",
                                              "--report", "report", "--threads", "2", "--quiet"], in: scratch.url)
        #expect(trained.status == 0, "\(trained.stderr)")
        #expect(trained.stderr.contains("final model: 160 training images, 48 validation images"), "\(trained.stderr)")
        let model = try ModelFile.read(from: scratch.path("m.safetensors"))
        #expect(model.provenance?.validationImages == 48)
        #expect(model.calibration.fittedOn == "the validation set")
        let report = try String(contentsOf: scratch.path("report/report.md"), encoding: .utf8)
        #expect(report.contains("on the validation set of `writers`"), "the report names the folder validated on")

        let both = try StrokesProcess.run(["train", "train", "--validation", "writers", "--folds", "3"], in: scratch.url)
        #expect(both.status != 0 && both.stderr.contains("--validation and --folds do not go together"), "\(both.stderr)")
        let elsewhere = try StrokesProcess.run(["synth", "--symbols", "--out", "symbols", "--per-class", "1"], in: scratch.url)
        #expect(elsewhere.status == 0)
        let mismatched = try StrokesProcess.run(["train", "train", "--validation", "symbols", "--epochs", "1"], in: scratch.url)
        #expect(mismatched.status != 0 && mismatched.errorLines.count == 1, "\(mismatched.stderr)")
        #expect(mismatched.stderr.contains("--validation symbols has the classes"), "\(mismatched.stderr)")
    }
}
