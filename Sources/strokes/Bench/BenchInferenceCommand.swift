import ArgumentParser
import Foundation
import StrokeBenchmarks
import StrokeModel
import StrokeReports
import StrokeTraining
import CommandLineSupport

/// `strokes bench inference MODEL`: what the editor feels. The latency of one stroke
/// (rasterize + forward) and batched throughput, with the forward pass's FLOP rate against
/// sgemm's rate on a 1024² product measured in the same run.
struct BenchInferenceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inference",
        abstract: "Latency of classifying one stroke and throughput of batched classification.")

    @Argument(help: "The model file (.safetensors).") var model: String
    @Option(help: "Single-stroke calls to time.") var strokes = 3000
    @Option(help: "Images per batched run (each of five timed runs).") var images = 4096
    @Option(help: "Images per forward pass in batched runs (the classifier's default).") var batchSize = 4
    @Flag(help: "Print the figures as one JSON object.") var json = false

    func run() throws {
        try Console.failing {
            guard strokes > 0, images > 0, batchSize > 0 else { throw UsageError("--strokes, --images and --batch-size must be positive") }
            let classifier = StrokeClassifier(model: try ModelFile.read(from: URL(fileURLWithPath: model)), batchCapacity: batchSize)
            let drawings = Self.drawings(count: 64)

            Compute.setThreads(1)
            var latencies: [Double] = []
            latencies.reserveCapacity(strokes)
            let clock = ContinuousClock()
            for drawing in drawings { _ = classifier.classify(strokes: drawing) }  // warm-up
            for i in 0..<strokes {
                let drawing = drawings[i % drawings.count]
                latencies.append(seconds(clock.measure { _ = classifier.classify(strokes: drawing) }) * 1e6)
            }
            latencies.sort()
            let median = latencies[latencies.count / 2]
            let p99 = latencies[min(latencies.count - 1, latencies.count * 99 / 100)]

            let rasterizer = StrokeRasterizer(parameters: classifier.model.rasterizer)
            let pictures = (0..<images).map { rasterizer.rasterize(drawings[$0 % drawings.count]) }
            var throughput: [Int: Double] = [:]
            var peak: [Int: Double] = [:]
            for threads in [1, 2] {
                Compute.setThreads(threads)
                _ = classifier.classify(images: Array(pictures.prefix(classifier.batchCapacity)))
                // The median of five runs: this is a shared machine, and one slow run is noise.
                let runs = (0..<5).map { _ in seconds(clock.measure { _ = classifier.classify(images: pictures) }) }.sorted()
                throughput[threads] = Double(images) / runs[2]
                peak[threads] = TrainingBenchmark.peakSGEMM()
            }
            Compute.setThreads(1)
            let flops = Double(classifier.model.architecture.forwardFLOPs)

            if json {
                Console.out(JSONText.line(InferenceFigures(
                    stroke_latency_us_median: median, stroke_latency_us_p99: p99,
                    batch_images_per_s_1_thread: throughput[1]!, batch_images_per_s_2_threads: throughput[2]!,
                    peak_sgemm_gflops_1_thread: peak[1]! / 1e9, peak_sgemm_gflops_2_threads: peak[2]! / 1e9)))
                return
            }
            Console.out("model \(model): \(FixedDecimal(flops / 1e6, digits: 1)) MFLOP per image forward")
            Console.out("one stroke (rasterize + forward), 1 thread: median \(FixedDecimal(median, digits: 1)) µs, "
                + "p99 \(FixedDecimal(p99, digits: 1)) µs (\(strokes) calls)")
            for threads in [1, 2] {
                let rate = throughput[threads]! * flops
                Console.out("batched, \(threads) thread\(threads == 1 ? "" : "s"): \(Int(throughput[threads]!)) images/s, "
                    + "\(FixedDecimal(rate / 1e9, digits: 1)) GFLOP/s = \(Percent(rate / peak[threads]!, digits: 0)) of sgemm's "
                    + "\(FixedDecimal(peak[threads]! / 1e9, digits: 1)) GFLOP/s on a 1024² product")
            }
        }
    }

    /// Realistic drawings of every class from the stroke generator, fixed by a seed.
    static func drawings(count: Int) -> [[[StrokePoint]]] {
        var random = SeededGenerator(seed: 42)
        let kinds = SyntheticStrokes.Kind.allCases
        return (0..<count).map { SyntheticStrokes.strokes(kinds[$0 % kinds.count], random: &random) }
    }
}

/// What `strokes bench inference --json` prints, key for key.
private struct InferenceFigures: Encodable {
    var stroke_latency_us_median, stroke_latency_us_p99: Double
    var batch_images_per_s_1_thread, batch_images_per_s_2_threads: Double
    var peak_sgemm_gflops_1_thread, peak_sgemm_gflops_2_threads: Double
}
