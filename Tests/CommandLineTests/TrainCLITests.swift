import Foundation
import StrokeModel
import Testing

/// `strokes synth`, `train` and `evaluate` end to end, as a user runs them.
@Suite("train end to end", .serialized)
struct TrainCLITests {
    /// Generated strokes: a training set and a held-out set from another seed.
    static func makeData(_ scratch: ScratchFolder) throws {
        for (name, seed, count) in [("train", "3", "150"), ("heldout", "4", "60")] {
            let result = try StrokesProcess.run(["synth", "--out", name, "--per-class", count, "--seed", seed], in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
        }
    }

    static func train(
        _ scratch: ScratchFolder, out: String, seed: String, epochs: Int, extra: [String] = [], environment: [String: String] = [:]
    ) throws -> RunResult {
        try StrokesProcess.run(
            ["train", "train", "--out", out, "--epochs", String(epochs), "--seed", seed, "--threads", "2"] + extra, in: scratch.url,
            environment: environment)
    }

    @Test func trainsThenEvaluatesToHighAccuracyOnHeldOutStrokes() throws {
        let scratch = try ScratchFolder()
        try Self.makeData(scratch)
        let trained = try Self.train(scratch, out: "model.safetensors", seed: "5", epochs: 25, extra: ["--report", "report"])
        #expect(trained.status == 0, "\(trained.stderr)")
        let epochLines = trained.errorLines.filter { $0.hasPrefix("epoch ") }
        #expect(epochLines.count == 25, "one progress line per epoch")
        #expect(epochLines.allSatisfy { $0.contains("loss") && $0.contains("val ") && $0.contains("img/s") && $0.contains(" s ") })
        let report = try String(contentsOf: scratch.path("report/report.md"), encoding: .utf8)
        #expect(report.contains("| true \\ predicted | arrow | circle | cycle | other | total |"))

        let evaluated = try StrokesProcess.run(["evaluate", "model.safetensors", "heldout", "--json", "eval.json"], in: scratch.url)
        #expect(evaluated.status == 0, "\(evaluated.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.path("eval.json"))) as! [String: Any]
        let accuracy = json["accuracy"] as! Double
        // Chance is 1/4 (the generator adds `other`). 25 epochs on 450 strokes give 0.88–0.90 over seeds 5–8 (the
        // generator's closed self-loops are hard at this size); a broken gradient or data path
        // gives far less.
        #expect(accuracy >= 0.85, "held-out accuracy \(accuracy)")
        let matrix = json["confusion_matrix"] as! [[Int]]
        #expect(matrix.map { $0.reduce(0, +) } == [60, 60, 60, 60])
    }

    @Test func sameSeedThreadsAndConvolutionPlanGiveAByteIdenticalModelFile() throws {
        let scratch = try ScratchFolder()
        try Self.makeData(scratch)
        // The same command line each time (the file records it), moved aside after each run.
        var files: [Data] = []
        for (seed, plan) in [("9", "patch-matrix,window-rows"), ("9", "patch-matrix,window-rows"), ("10", "patch-matrix,window-rows"),
                             ("9", "window-rows")] {
            let result = try Self.train(scratch, out: "model.safetensors", seed: seed, epochs: 2, extra: ["--quiet", "--convolution", plan])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.errorLines.contains("convolution: \(plan)"), "\(result.stderr)")
            let model = try ModelFile.read(from: scratch.path("model.safetensors"))
            #expect(model.provenance?.convolution == plan, "the file records the plan that ran")
            files.append(try Data(contentsOf: scratch.path("model.safetensors")))
            try FileManager.default.removeItem(at: scratch.path("model.safetensors"))
        }
        #expect(files[0] == files[1])
        #expect(files[0] != files[2], "another seed")
        #expect(files[0] != files[3], "another plan")
    }

    @Test func aMeasuredPlanIsKeptForLaterRunsRecordedAndABadOneRefused() throws {
        let scratch = try ScratchFolder()
        try Self.makeData(scratch)
        let cache = ["STROKES_CACHE_DIR": scratch.path("cache").path]
        let kept = scratch.path("cache/convolution-plans.json")
        func trained(_ extra: [String]) throws -> (note: String?, recorded: String?) {
            let run = try Self.train(scratch, out: "model.safetensors", seed: "9", epochs: 1, extra: ["--quiet"] + extra, environment: cache)
            #expect(run.status == 0, "\(run.stderr)")
            return (run.errorLines.first { $0.hasPrefix("convolution: ") },
                    try ModelFile.read(from: scratch.path("model.safetensors")).provenance?.convolution)
        }
        let first = try trained([])
        #expect(first.note == "convolution: \(first.recorded ?? "?") (measured on this machine, kept in \(kept.path))")
        let recorded = try #require(first.recorded.flatMap(ConvolutionPlan.init))
        #expect(recorded.strategies.count == 2, "one strategy per conv layer: \(recorded)")
        // A later run reads the kept plan rather than measuring: change what is kept, and it runs that.
        let flipped = ConvolutionPlan(recorded.strategies.map { $0 == .windowRows ? .patchMatrix : .windowRows })
        let text = try String(contentsOf: kept, encoding: .utf8)
        #expect(text.contains("\"\(recorded)\""), "\(text)")
        try Data(text.replacingOccurrences(of: "\"\(recorded)\"", with: "\"\(flipped)\"").utf8).write(to: kept)
        #expect(try trained([]).recorded == flipped.description)
        // `measure` times the layers again and replaces what was kept.
        let again = try trained(["--convolution", "measure"])
        #expect(again.note?.hasSuffix("(measured now on this machine, kept in \(kept.path))") == true, "\(again.note ?? "")")
        #expect(try String(contentsOf: kept, encoding: .utf8).contains("\"\(again.recorded ?? "?")\""))
        for (plan, complaint) in [("im2col", "unknown --convolution 'im2col'"), ("window-rows,window-rows,patch-matrix", "for the 2 conv layers")] {
            let refused = try Self.train(scratch, out: "bad.safetensors", seed: "9", epochs: 1, extra: ["--convolution", plan])
            #expect(refused.status != 0)
            #expect(refused.stderr.contains(complaint), "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: scratch.path("bad.safetensors").path))
        }
    }

    @Test func crossValidationReportsEveryFoldMeanWorstAndSummedMatrix() throws {
        let scratch = try ScratchFolder()
        try Self.makeData(scratch)
        let result = try StrokesProcess.run(["train", "train", "--folds", "3", "--epochs", "2", "--quiet"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        for fold in 1...3 { #expect(result.stdout.contains("fold \(fold): ")) }
        #expect(result.stdout.contains("mean ") && result.stdout.contains("worst fold "))
        #expect(result.stdout.contains("summed confusion matrix"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("model.safetensors").path))
    }

    @Test func badDatasetIsOneClearLine() throws {
        let scratch = try ScratchFolder()
        let result = try StrokesProcess.run(["train", "no-such-folder", "--out", "m.safetensors"], in: scratch.url)
        #expect(result.status != 0)
        #expect(result.errorLines.count == 1 && result.errorLines[0].hasPrefix("error:") && result.errorLines[0].contains("no-such-folder"))
    }

    @Test func moreFoldsThanTheSmallestClassIsOneClearLine() throws {
        let scratch = try ScratchFolder()
        let made = try StrokesProcess.run(["synth", "--out", "small", "--per-class", "3", "--seed", "1"], in: scratch.url)
        #expect(made.status == 0, "\(made.stderr)")
        let result = try StrokesProcess.run(["train", "small", "--folds", "4", "--epochs", "1"], in: scratch.url)
        #expect(result.status != 0)
        let errors = result.errorLines.filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1 && errors[0].contains("--folds 4") && errors[0].contains("small"), "\(result.stderr)")
    }

    @Test func aSingleClassIsOneClearLine() throws {
        let scratch = try ScratchFolder()
        let made = try StrokesProcess.run(["synth", "--out", "all", "--per-class", "2", "--seed", "1"], in: scratch.url)
        #expect(made.status == 0, "\(made.stderr)")
        for other in ["arrow", "cycle", "other"] { try FileManager.default.removeItem(at: scratch.path("all/\(other)")) }
        let result = try StrokesProcess.run(["train", "all", "--epochs", "1", "--out", "m.safetensors"], in: scratch.url)
        #expect(result.status != 0)
        #expect(result.errorLines.count == 1 && result.errorLines[0].hasPrefix("error:") && result.errorLines[0].contains("at least two"),
                "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("m.safetensors").path))
    }
}
