import ArgumentParser
import Foundation
import StrokeBenchmarks
import StrokeModel
import StrokeReports
import StrokeTraining
import CommandLineSupport

/// `strokes bench suite`: every speed figure of the reference network, each beside the same
/// work in PyTorch or onnxruntime measured in the same run, alternately (ours, theirs, ours,
/// theirs), with the ratio; as a table and as `bench-results.json`.
struct BenchSuiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suite",
        abstract: "All speed figures, beside PyTorch's and onnxruntime's (make bench).",
        discussion: """
            Training images/s (batch 32 and 64, 1 and 2 threads) against PyTorch; one image's \
            forward latency (median, p99), one stroke's (rasterize + forward) and batched images/s \
            (256 per call, 1 and 2 threads) against onnxruntime running our ONNX export. Each pair is \
            measured in alternated rounds (ours, theirs, ours, …), each side timed the same way for the same \
            seconds, and each side keeps its best round. Ratios are ours over \
            theirs for rates and theirs over ours for latencies: above 1 means we are faster. Then, \
            ours alone: PNG decoding, page faults per training step, peak memory of a training run. \
            Both sides' networks score the model's number of classes; the peers run the ONNX export \
            beside --model and stop when it scores another number.

            --smoke runs every figure briefly, to check that each still runs on both sides (make test \
            does, in a debug build): at most 0.05 s per measurement, one round, one warm-up call and one \
            timed run per throughput, 256 images for the batched figures, 200 calls per latency, 5 steps \
            per page-fault count, one epoch on --pngs for the peak memory; a peer that is not \
            installed in --python (PyTorch in the test environment) is skipped with one note line. \
            Any other failure fails the run. Its figures mean nothing.
            """)

    @Option(help: "The classifier for the inference figures.") var model = "models/automata-classifier.safetensors"
    @Option(help: "The peers' Python (made by Benchmarks/peers/peers-env.sh); `none` measures ours only.") var python = "Benchmarks/peers/.venv/bin/python"
    @Option(help: "The peers' script.") var peers = "Benchmarks/peers/peers.py"
    @Option(help: "Seconds of each throughput measurement, ours and the peer's alike.") var seconds = 2.0
    @Option(help: "Where to write the results as JSON.") var out = "bench-results.json"
    @Option(help: "PNG folder for the decoding figure and the peak memory's training run.") var pngs = "datasets/synthetic-strokes"
    @Option(parsing: .upToNextOption, help: "Measure only the figures whose names start with one of these (default: all).")
    var only: [String] = []
    @Option(help: "Alternated rounds per compared figure; each side keeps its best.") var rounds = 3
    @Flag(help: "Run every figure briefly to check that it runs (make test); skip a peer that is not installed.")
    var smoke = false

    func validate() throws {
        guard rounds >= 1 else { throw ValidationError("--rounds must be at least 1 (got \(rounds))") }
        guard seconds > 0 else { throw ValidationError("--seconds must be positive (got \(seconds))") }
        let names = Self.compared.map(\.name) + Self.oursAlone
        if let unknown = only.first(where: { prefix in !names.contains { $0.hasPrefix(prefix) } }) {
            throw ValidationError("--only \(unknown): no figure's name starts with it (figures: \(names.joined(separator: ", ")))")
        }
    }

    /// Whether the figure `name` was asked for.
    func wanted(_ name: String) -> Bool {
        only.isEmpty || only.contains { name.hasPrefix($0) }
    }

    /// The convolution plans the figures ran, as measured on this machine (`ConvolutionTuning`).
    static func convolutionPlans(_ classifier: StrokeClassifier) -> String {
        let architecture = classifier.model.architecture
        let training = [1, 2].map { threads in
            Compute.setThreads(threads)
            let plans = [32, 64].map { ConvolutionTuning.trainingPlan(for: architecture, batch: ShardedStep.shardCapacity($0)).description }
            return "\(threads) thread\(threads == 1 ? "" : "s") \(plans.joined(separator: " / "))"
        }
        Compute.setThreads(1)
        return "convolution plans measured here: training at batch 32 / 64, \(training.joined(separator: "; ")); "
            + "classifying \(classifier.convolutionPlan)"
    }

    func run() throws {
        try Console.failing {
            let classifier = StrokeClassifier(model: try ModelFile.read(from: URL(fileURLWithPath: model)), batchCapacity: 4)
            let drawings = BenchInferenceCommand.drawings(count: 64)
            let rasterizer = StrokeRasterizer(parameters: classifier.model.rasterizer)
            // A smoke run's batched figures take one batch of 256 per call, not 16 (a debug build
            // classifies a few hundred images a second).
            let images = (0..<(smoke ? 256 : 4096)).map { rasterizer.rasterize(drawings[$0 % drawings.count]) }
            let seconds = smoke ? min(self.seconds, 0.05) : self.seconds
            let rounds = smoke ? 1 : self.rounds
            // Both sides train and run a network scoring the model's classes (4 for the shipped
            // shape model since the open-set work, 3 before); the peers run the ONNX export of
            // the same model (`strokes export` writes it beside it) and check it scores as many.
            let classes = classifier.model.architecture.classCount
            let onnx = URL(fileURLWithPath: model).deletingPathExtension().appendingPathExtension("onnx").path
            let peer = python == "none" ? nil
                : PeerBenchmark(python: python, script: peers, seconds: seconds, onnxModel: onnx, classes: classes)
            Console.info("BLAS: \(BLAS.configuration)")
            Console.info("model \(model): \(classes) classes\(smoke ? "; smoke run: the figures mean nothing" : "")")

            let inputs = Inputs(
                classifier: classifier, drawings: drawings, images: images, seconds: seconds,
                classes: classes, latencyCalls: smoke ? 200 : 4000, timing: smoke ? .smoke : .standard, ceilingSize: smoke ? 256 : 1024)

            var results: [BenchResult] = []
            // Peak memory first: it is read from the finished child, before any other child ran.
            if wanted("train_peak_memory_mb"), let memory = try Self.trainingPeakMegabytes(pngs: pngs, epochs: smoke ? 1 : 2) {
                results.append(BenchResult(name: "train_peak_memory_mb", ours: memory, unit: "MB"))
            }
            var skippedPeers: Set<String> = []
            for figure in Self.compared where wanted(figure.name) {
                Console.info("measuring \(figure.name)…")
                var ours: [Double] = [], theirs: [Double] = []
                var peerName: String?
                for _ in 0..<rounds {
                    ours.append(figure.measure(inputs))
                    if let peer {
                        let measured: PeerBenchmark.Figure
                        do {
                            measured = try peer.measure(figure.name)
                        } catch let missing as PeerBenchmark.MissingPeer {
                            guard smoke else { throw UsageError("\(figure.name): \(missing)") }
                            // One note per missing peer, not one per figure.
                            if skippedPeers.insert(missing.description).inserted {
                                Console.info("note: smoke run without that peer's figures: \(missing)")
                            }
                            continue
                        }
                        theirs.append(measured.value)
                        peerName = measured.peerName
                    }
                }
                let best = { (values: [Double]) in figure.isLatency ? values.min() : values.max() }
                results.append(BenchResult(
                    name: figure.name, ours: best(ours)!, peer: best(theirs), peerName: peerName,
                    unit: figure.isLatency ? "µs" : "images/s", higherIsBetter: !figure.isLatency,
                    ofSGEMMCeiling: figure.ceiling.map { best(ours)! / $0(inputs) }))
            }
            if wanted("png_decode") {
                let files = try FileManager.default.contentsOfDirectory(atPath: pngs).sorted().flatMap { folder in
                    ((try? FileManager.default.contentsOfDirectory(atPath: pngs + "/" + folder)) ?? []).filter { $0.hasSuffix(".png") }
                        .sorted().map { URL(fileURLWithPath: pngs + "/" + folder + "/" + $0) }
                }
                results.append(BenchResult(name: "png_decode", ours: try SuiteFigures.pngDecodePerSecond(files), unit: "images/s"))
            }
            for threads in [1, 2] where wanted(Self.pageFaultsName(threads)) {
                let faults = SuiteFigures.pageFaultsPerTrainingStep(threads: threads, classes: classes, steps: smoke ? 5 : 50)
                results.append(BenchResult(
                    name: Self.pageFaultsName(threads), ours: faults, unit: "faults", higherIsBetter: false))
            }
            if let cpu = Processor.model { Console.out("CPU: \(cpu); BLAS: \(BLAS.configuration)") }
            Console.out(BenchResult.table(results))
            Console.out(Self.convolutionPlans(classifier))
            try AtomicFile.write(try BenchResult.json(results), to: URL(fileURLWithPath: out))
            Console.out("wrote \(out)")
        }
    }

    /// The figures without a peer, measured after the compared ones.
    static let oursAlone = ["train_peak_memory_mb", "png_decode"] + [1, 2].map(pageFaultsName)

    static func pageFaultsName(_ threads: Int) -> String { "train_b64_page_faults_per_step_\(threadsName(threads))" }

    /// `1_thread`, `2_threads`: how the figures' names end.
    static func threadsName(_ threads: Int) -> String { "\(threads)_thread\(threads == 1 ? "" : "s")" }

    /// What the compared figures run on.
    struct Inputs {
        let classifier: StrokeClassifier
        let drawings: [[[StrokePoint]]]
        let images: [[UInt8]]
        /// Seconds of each throughput measurement.
        let seconds: Double
        /// The model's class count, which the training figures' network scores too.
        let classes: Int
        /// Timed calls of each latency figure.
        let latencyCalls: Int
        /// Warm-up calls and timed runs of each throughput figure.
        let timing: SuiteFigures.Timing
        /// The side of the square sgemm that measures the ceiling's rate.
        let ceilingSize: Int
    }

    struct Figure: Sendable {
        let name: String
        let isLatency: Bool
        let measure: @Sendable (Inputs) -> Double
        /// For a training figure: the images/s the sgemm ceiling allows, measured after it.
        var ceiling: (@Sendable (Inputs) -> Double)? = nil
    }

    /// The figures with a peer, in the order they are measured.
    static let compared: [Figure] = {
        var figures: [Figure] = []
        for batch in [32, 64] {
            for threads in [1, 2] {
                figures.append(Figure(name: "train_b\(batch)_\(threadsName(threads))", isLatency: false, measure: {
                    SuiteFigures.trainingImagesPerSecond(batch: batch, threads: threads, seconds: $0.seconds, classes: $0.classes, timing: $0.timing)
                }, ceiling: { SuiteFigures.trainingCeiling(batch: batch, threads: threads, classes: $0.classes, n: $0.ceilingSize) }))
            }
        }
        // The same step of ours against PyTorch tuned beyond the code a user writes first.
        for threads in [1, 2] {
            figures.append(Figure(name: "train_b64_\(threadsName(threads))_vs_tuned_pytorch", isLatency: false, measure: {
                SuiteFigures.trainingImagesPerSecond(batch: 64, threads: threads, seconds: $0.seconds, classes: $0.classes, timing: $0.timing)
            }, ceiling: { SuiteFigures.trainingCeiling(batch: 64, threads: threads, classes: $0.classes, n: $0.ceilingSize) }))
        }
        figures.append(Figure(name: "infer_b1_latency_1_thread", isLatency: true) {
            SuiteFigures.imageLatency($0.classifier, image: $0.images[0], calls: $0.latencyCalls).median * 1e6
        })
        figures.append(Figure(name: "infer_b1_p99_1_thread", isLatency: true) {
            SuiteFigures.imageLatency($0.classifier, image: $0.images[0], calls: $0.latencyCalls).p99 * 1e6
        })
        figures.append(Figure(name: "stroke_latency_1_thread", isLatency: true) {
            SuiteFigures.strokeLatency($0.classifier, drawings: $0.drawings, calls: $0.latencyCalls).median * 1e6
        })
        for threads in [1, 2] {
            figures.append(Figure(name: "infer_b256_\(threadsName(threads))", isLatency: false) {
                SuiteFigures.batchedImagesPerSecond($0.classifier, images: $0.images, batch: 256, threads: threads, seconds: $0.seconds, timing: $0.timing)
            })
        }
        return figures
    }()

    /// Peak resident memory (MB) of `strokes train` on `pngs` (by default the built-in dataset)
    /// for `epochs` epochs, run as a child process; nil when the folder is not here. A training
    /// run that fails fails the suite, with its last error line.
    static func trainingPeakMegabytes(pngs: String, epochs: Int) throws -> Double? {
        guard FileManager.default.fileExists(atPath: pngs) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        process.arguments = ["train", pngs, "--epochs", String(epochs), "--quiet"]
        let errors = Pipe()
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let last = said.split(separator: "\n").last.map(String.init) ?? ""
            throw UsageError("train_peak_memory_mb: strokes train \(pngs) failed with status \(process.terminationStatus): \(last)")
        }
        return Double(SuiteFigures.resourceUsage(children: true).ru_maxrss) / 1024  // kilobytes on Linux
    }
}
