import Foundation
import PythonSupport
import Testing

/// The benchmarks' output: the figures and keys they promise, each one a real measurement.
/// Nothing here judges speed (a debug build on a shared machine); `strokes bench` does that.
@Suite("strokes bench")
struct BenchCLITests {
    @Test func inferenceJSONHasEveryFigure() throws {
        let scratch = try ScratchFolder()
        let result = try StrokesProcess.run(
            ["bench", "inference", PredictFixtures.shippedModel.path, "--strokes", "40", "--images", "64", "--json"],
            in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1, "one JSON object, got: \(result.stdout)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Double])
        let keys = ["stroke_latency_us_median", "stroke_latency_us_p99", "batch_images_per_s_1_thread", "batch_images_per_s_2_threads"]
        for key in keys {
            let value = try #require(object[key], "missing \(key) in \(result.stdout)")
            #expect(value.isFinite && value > 0, "\(key) = \(value)")
        }
        #expect(object["stroke_latency_us_p99"]! >= object["stroke_latency_us_median"]!)
    }

    @Test func inferenceRejectsAMissingModelInOneLine() throws {
        let scratch = try ScratchFolder()
        let result = try StrokesProcess.run(["bench", "inference", "nowhere.safetensors"], in: scratch.url)
        #expect(result.status != 0)
        #expect(result.errorLines.count == 1 && result.stderr.contains("nowhere.safetensors"), "stderr: \(result.stderr)")
    }

    @Test func trainingPrintsTheStepAndConvolutionTables() throws {
        let scratch = try ScratchFolder()
        let result = try StrokesProcess.run(["bench", "training", "--batch", "4", "--threads", "1"], in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        // The step table's row for 1 thread: images/s, step ms, sgemm-only ms, ratio, …
        let step = try #require(lines.first { $0.first == "1" && $0.count == 9 }, "no 1-thread row in:\n\(result.stdout)")
        #expect(step.compactMap(Double.init).count >= 6, "\(step)")
        // One comparison row per conv layer (0 and 3) and batch (1 and 4), ending in a speed-up.
        let conv = lines.filter { $0.count == 5 && $0.last?.hasSuffix("×") == true }
        #expect(Set(conv.map { "\($0[0]) \($0[1])" }) == ["0 1", "3 1", "0 4", "3 4"], "\(result.stdout)")
        for row in conv {
            let times = row[2...3].compactMap(Double.init)
            #expect(times.count == 2 && times.allSatisfy { $0 > 0 }, "\(row)")
        }
    }
}

/// `strokes bench suite` on a few figures, beside the peers that need no PyTorch: the JSON
/// entries `make bench` promises, and one error line for a figure that does not exist.
@Suite("strokes bench suite")
struct BenchSuiteCLITests {
    /// A smoke run of both sides with the packages the test environment has (onnxruntime, not
    /// PyTorch), so `make bench` cannot break unseen: the peers run the ONNX export beside the
    /// model, whatever its number of classes; PNG decoding is ours alone.
    @Test func bothSidesWriteTheAskedFiguresAsJSON() async throws {
        _ = try await PythonEnvironment.run("import onnxruntime, onnx, numpy")
        let scratch = try ScratchFolder()
        let pngs = scratch.url.appendingPathComponent("pngs")
        try BarsFixture.writeDataset(in: pngs)
        let script = PythonEnvironment.packageRoot.appendingPathComponent("Benchmarks/peers/peers.py")
        let result = try StrokesProcess.run(
            ["bench", "suite", "--python", PythonEnvironment.python.path, "--peers", script.path,
             "--model", PredictFixtures.shippedModel.path, "--pngs", pngs.path,
             "--only", "infer_b1_latency", "stroke", "png_decode", "--seconds", "0.05", "--rounds", "1", "--out", "results.json"],
            in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let data = try Data(contentsOf: scratch.url.appendingPathComponent("results.json"))
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]], "\(String(decoding: data, as: UTF8.self))")
        #expect(entries.compactMap { $0["name"] as? String } == ["infer_b1_latency_1_thread", "stroke_latency_1_thread", "png_decode"])
        for entry in entries {
            let ours = try #require(entry["ours"] as? Double, "\(entry)")
            #expect(ours.isFinite && ours > 0, "\(entry)")
            #expect(entry["unit"] as? String == (entry["name"] as? String == "png_decode" ? "images/s" : "µs"), "\(entry)")
            guard entry["name"] as? String != "png_decode" else { continue }
            let peer = try #require(entry["peer"] as? Double, "\(entry)")
            #expect(peer > 0 && (entry["ratio"] as? Double ?? 0) > 0, "\(entry)")
            #expect((entry["peer_name"] as? String)?.hasPrefix("onnxruntime") == true, "\(entry)")
        }
        #expect(result.stdout.contains("infer_b1_latency_1_thread") && result.stdout.contains("png_decode"), "\(result.stdout)")
        #expect(!result.stdout.contains("train_b64"), "figures not asked for were measured:\n\(result.stdout)")
    }

    @Test func anUnknownFigureIsOneErrorLineBeforeAnythingIsMeasured() throws {
        let scratch = try ScratchFolder()
        let result = try StrokesProcess.run(
            ["bench", "suite", "--python", "none", "--model", PredictFixtures.shippedModel.path, "--only", "train_b128"],
            in: scratch.url)
        #expect(result.status != 0)
        #expect(result.errorLines.count == 1 && result.stderr.contains("train_b128"), "stderr: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("bench-results.json").path))
    }
}
