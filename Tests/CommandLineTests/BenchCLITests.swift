import Foundation
import PythonSupport
import StrokeModel
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
        let result = try StrokesProcess.run(
            ["bench", "training", "--batch", "4", "--threads", "1", "--model", PredictFixtures.shippedModel.path], in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        // The network scores the model's classes (4 since the open-set work), not a fixed 3.
        let classes = try ModelFile.read(from: PredictFixtures.shippedModel).architecture.classCount
        #expect(result.stdout.contains("reference network (\(classes) classes)"), "\(result.stdout)")
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        // The step table's row for 1 thread: the measured plan, images/s, step ms, sgemm-only ms, ratio, …
        let step = try #require(lines.first { $0.first == "1" && $0.count == 10 }, "no 1-thread row in:\n\(result.stdout)")
        #expect(ConvolutionPlan(step[1])?.strategies.count == 2, "one strategy per conv layer: \(step)")
        #expect(step.compactMap(Double.init).count >= 6, "\(step)")
        // One comparison row per conv layer (0 and 3) and batch (1 and 4): both strategies and
        // the batch's patch matrix, ending in a speed-up.
        let conv = lines.filter { $0.count == 6 && $0.last?.hasSuffix("×") == true }
        #expect(Set(conv.map { "\($0[0]) \($0[1])" }) == ["0 1", "3 1", "0 4", "3 4"], "\(result.stdout)")
        for row in conv {
            let times = row[2...4].compactMap(Double.init)
            #expect(times.count == 3 && times.allSatisfy { $0 > 0 }, "\(row)")
        }
    }

    /// `--profile`: a row per phase with its sgemm calls, the phases adding up to no more
    /// than the lapped step, at 1 thread and 2.
    @Test func trainingProfilePrintsEveryPhaseWithinTheStep() throws {
        let scratch = try ScratchFolder()
        let result = try StrokesProcess.run(
            ["bench", "training", "--profile", "--batch", "4", "--threads", "1", "2", "--steps", "1",
             "--model", PredictFixtures.shippedModel.path], in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("BLAS: "), "\(result.stdout)")
        // Columns are two spaces or more apart: layer, phase, ms/step, share, sgemm calls, M×N×K, floor ms, of floor.
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: #/ {2,}/#).map(String.init) }.filter { $0.count == 8 }
        let tables = rows.split { $0[0] == "layer" }
        #expect(tables.count == 2, "a table per thread count:\n\(result.stdout)")
        for table in tables {
            let value = { (phase: String) in table.first { $0[1] == phase }.flatMap { Double($0[2]) } }
            let sum = try #require(value("sum of phases")), step = try #require(value("whole step, lapped"))
            let other = try #require(value("other/unaccounted"))
            #expect(sum > 0 && sum <= step && other >= 0, "\(table)")
            let phases = table.filter { $0[0] != "step" || !["sum of phases", "other/unaccounted", "whole step, lapped"].contains($0[1]) }
            #expect(phases.count >= 28, "\(phases.count) phases")
            #expect(phases.allSatisfy { (Double($0[2]) ?? -1) >= 0 }, "\(phases)")
            // Batch 4 in two shards of 2: a 5×5 conv makes 4 · 5 calls per phase on window rows
            // and 4 on patch matrices (as measured: the note below checks that the kernels made
            // the calls the plan implies), a dense layer one per shard.
            let convCalls = phases.filter { $0[1].contains("sgemm") && $0[0].contains("conv") }.map { $0[4] }
            let denseCalls = phases.filter { $0[1].contains("sgemm") && $0[0].contains("dense") }.map { $0[4] }
            #expect(convCalls.count == 5 && convCalls.allSatisfy { $0 == "20" || $0 == "4" }, "\(convCalls)")
            #expect(denseCalls == Array(repeating: "2", count: 6), "\(denseCalls)")
            // Every sgemm phase has its floor beside it.
            #expect(phases.filter { $0[4] != "–" }.allSatisfy { Double($0[6]) != nil }, "\(phases)")
        }
        #expect(result.stdout.contains("whole step without laps"), "\(result.stdout)")
        #expect(!result.stdout.contains("note:"), "calls the geometry does not imply:\n\(result.stdout)")
    }

    @Test func trainingProfileRefusesAnEmptyBatchInOneLine() throws {
        let scratch = try ScratchFolder()
        let result = try StrokesProcess.run(["bench", "training", "--profile", "--batch", "0", "--classes", "4"], in: scratch.url)
        #expect(result.status != 0)
        #expect(result.errorLines.count == 1 && result.stderr.contains("--batch"), "stderr: \(result.stderr)")
    }
}

/// `strokes bench suite --smoke`: every figure of `make bench`, ours and the peers', run briefly
/// with the packages the test environment has (onnxruntime; PyTorch's side is skipped with one
/// note when it is not installed), so a benchmark cannot break unseen. A class count the peers
/// do not read from the model, an export that is not the model's, a figure that stops: each
/// fails here.
@Suite("strokes bench suite", .serialized)
struct BenchSuiteCLITests {
    /// Every figure's name, in the order the suite writes them.
    static let figures = ["train_peak_memory_mb"]
        + ["train_b32_1_thread", "train_b32_2_threads", "train_b64_1_thread", "train_b64_2_threads",
           "train_b64_1_thread_vs_tuned_pytorch", "train_b64_2_threads_vs_tuned_pytorch",
           "infer_b1_latency_1_thread", "infer_b1_p99_1_thread", "stroke_latency_1_thread",
           "infer_b256_1_thread", "infer_b256_2_threads"]
        + ["png_decode", "train_b64_page_faults_per_step_1_thread", "train_b64_page_faults_per_step_2_threads"]

    static let script = PythonEnvironment.packageRoot.appendingPathComponent("Benchmarks/peers/peers.py")

    /// Runs the smoke suite with the test environment's Python as the peers' (after making
    /// sure it is there) and returns the result and the JSON entries by name.
    static func smoke(model: URL, only: [String] = [], in scratch: ScratchFolder) async throws -> (RunResult, [String: [String: Any]], [String]) {
        _ = try await PythonEnvironment.run("import onnxruntime, onnx, numpy")
        let pngs = scratch.url.appendingPathComponent("pngs")
        if !FileManager.default.fileExists(atPath: pngs.path) { try BarsFixture.writeDataset(in: pngs) }
        let result = try StrokesProcess.run(
            ["bench", "suite", "--smoke", "--python", PythonEnvironment.python.path, "--peers", script.path,
             "--model", model.path, "--pngs", pngs.path, "--out", "results.json"] + (only.isEmpty ? [] : ["--only"] + only),
            in: scratch.url)
        guard result.status == 0 else { return (result, [:], []) }
        let data = try Data(contentsOf: scratch.url.appendingPathComponent("results.json"))
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]], "\(String(decoding: data, as: UTF8.self))")
        let names = entries.compactMap { $0["name"] as? String }
        return (result, Dictionary(entries.map { ($0["name"] as? String ?? "", $0) }) { first, _ in first }, names)
    }

    @Test func smokeRunMeasuresEveryFigureOnBothSides() async throws {
        let scratch = try ScratchFolder()
        let (result, entries, names) = try await Self.smoke(model: PredictFixtures.shippedModel, in: scratch)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(names == Self.figures, "\(result.stdout)")
        let torch = try await PythonEnvironment.run("import importlib.util; print(importlib.util.find_spec('torch') is not None)")
        let hasTorch = torch.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "True"
        for name in Self.figures {
            let entry = try #require(entries[name], "no \(name) in \(result.stdout)")
            let ours = try #require(entry["ours"] as? Double, "\(entry)")
            // A page-fault count may be 0; everything else is a positive measurement.
            #expect(ours.isFinite && (name.contains("page_faults") ? ours >= 0 : ours > 0), "\(entry)")
            let isLatency = name.hasPrefix("infer_b1_") || name.hasPrefix("stroke_latency")
            let unit = name == "train_peak_memory_mb" ? "MB" : name.contains("page_faults") ? "faults" : isLatency ? "µs" : "images/s"
            #expect(entry["unit"] as? String == unit, "\(entry)")
            let peerName = entry["peer_name"] as? String
            if name.hasPrefix("infer_") || name.hasPrefix("stroke_") {
                let peer = try #require(entry["peer"] as? Double, "\(entry)")
                #expect(peer > 0 && (entry["ratio"] as? Double ?? 0) > 0, "\(entry)")
                #expect(peerName?.hasPrefix("onnxruntime") == true, "\(entry)")
            } else if name.hasPrefix("train_b") && !name.contains("page_faults") {
                #expect(hasTorch ? peerName?.hasPrefix("PyTorch") == true : entry["peer"] is NSNull, "\(entry)")
            } else {
                #expect(entry["peer"] is NSNull, "\(entry)")
            }
            // Each training figure's share of the sgemm ceiling, measured beside it; no other's.
            if name.hasPrefix("train_b") && !name.contains("page_faults") {
                let share = try #require(entry["of_sgemm_ceiling"] as? Double, "\(entry)")
                #expect(share > 0 && share.isFinite, "\(entry)")
            } else {
                #expect(entry["of_sgemm_ceiling"] is NSNull, "\(entry)")
            }
        }
        #expect(result.stdout.contains("of sgemm ceiling"), "\(result.stdout)")
        // The machine and the convolution plans the figures ran, as measured there.
        #expect(result.stdout.contains("CPU: ") && result.stdout.contains("BLAS: "), "\(result.stdout)")
        let plans = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("convolution plans measured here: ") })
        #expect(plans.contains("1 thread") && plans.contains("2 threads") && plans.contains("classifying "), "\(plans)")
        // Without PyTorch, one line says its side was skipped, once for all its figures.
        let notes = result.errorLines.filter { $0.contains("note:") }
        #expect(notes.count == (hasTorch ? 0 : 1) && notes.allSatisfy { $0.contains("PyTorch") }, "stderr: \(result.stderr)")
    }

    /// Another model, another class count: the symbol model scores 39 classes (0–9, a–z, ε, λ,
    /// other), and both sides follow it (the peers read it from the export beside the model).
    @Test func anyClassCountRuns() async throws {
        let scratch = try ScratchFolder()
        let symbols = PredictFixtures.shippedModel.deletingLastPathComponent().appendingPathComponent("symbol-classifier.safetensors")
        let classes = try ModelFile.read(from: symbols).architecture.classCount
        #expect(classes != (try ModelFile.read(from: PredictFixtures.shippedModel).architecture.classCount))
        let (result, entries, names) = try await Self.smoke(model: symbols, only: ["infer_b1_latency", "train_b32_1"], in: scratch)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(names == ["train_b32_1_thread", "infer_b1_latency_1_thread"], "\(result.stdout)")
        #expect(result.stderr.contains("\(classes) classes"), "stderr: \(result.stderr)")
        #expect((entries["infer_b1_latency_1_thread"]?["peer"] as? Double ?? 0) > 0, "\(entries)")
    }

    /// An ONNX file beside the model that scores another number of classes (an export older
    /// than its model) stops the run with one line naming both counts.
    @Test func anExportOfAnotherClassCountFails() async throws {
        let scratch = try ScratchFolder()
        let models = PredictFixtures.shippedModel.deletingLastPathComponent()
        let model = scratch.url.appendingPathComponent("model.safetensors")
        try FileManager.default.copyItem(at: PredictFixtures.shippedModel, to: model)
        try FileManager.default.copyItem(at: models.appendingPathComponent("symbol-classifier.onnx"),
                                         to: scratch.url.appendingPathComponent("model.onnx"))
        let shipped = try ModelFile.read(from: model).architecture.classCount
        let exported = try ModelFile.read(from: models.appendingPathComponent("symbol-classifier.safetensors")).architecture.classCount
        let (result, _, _) = try await Self.smoke(model: model, only: ["infer_b1_latency"], in: scratch)
        #expect(result.status != 0)
        let errors = result.errorLines.filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1 && errors[0].contains("infer_b1_latency_1_thread")
                && errors[0].contains("scores \(exported) classes, the model \(shipped)"), "stderr: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("results.json").path))
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
