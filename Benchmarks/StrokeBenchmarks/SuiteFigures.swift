import Foundation
import StrokeModel
import StrokeTraining

/// The figures of `strokes bench suite` (the ones set beside PyTorch and onnxruntime), each
/// measured for a few seconds on this process's own code.
package enum SuiteFigures {
    /// Training images/s of the reference network at `batch` and `threads` (the step: forward,
    /// loss, backward, Adam; no data loading), timed as the peers' script times PyTorch.
    package static func trainingImagesPerSecond(
        batch: Int, threads: Int, seconds: Double = 3, classes: Int, timing: Timing = .standard
    ) -> Double {
        Compute.setThreads(threads)
        defer { Compute.setThreads(1) }
        let step = TrainingBenchmark.trainingStep(.reference(classes: classes), batch: batch)
        return Double(batch) / steadySeconds(of: step, over: seconds, timing: timing)
    }

    /// The training images/s the sgemm ceiling allows at `batch` and `threads`: sgemm's rate
    /// on an `n×n` square product (`TrainingBenchmark.peakSGEMM`) over a step's sgemm work per
    /// image. A step also gathers, pools and updates, so it reaches a share of this.
    package static func trainingCeiling(batch: Int, threads: Int, classes: Int, n: Int = 1024) -> Double {
        Compute.setThreads(threads)
        defer { Compute.setThreads(1) }
        return TrainingBenchmark.peakSGEMM(n: n) / TrainingBenchmark.trainingFLOPsPerImage(.reference(classes: classes), batch: batch)
    }

    /// How many calls warm up and how many runs are timed (at least).
    package struct Timing: Sendable {
        package var warmUpCalls: Int
        package var runs: Int
        /// The peers' script's: 5 warm-up calls at least, 5 timed runs.
        package static let standard = Timing(warmUpCalls: 5, runs: 5)
        /// One of each: to check that a figure runs (`strokes bench suite --smoke`), not to measure it.
        package static let smoke = Timing(warmUpCalls: 1, runs: 1)
    }

    /// Seconds per call of `body` the way `Benchmarks/peers/peers.py` measures its side, so both get the
    /// same time on a machine whose speed changes: a quarter of `total` warming up, then five
    /// runs of equal length in the rest; the median run.
    package static func steadySeconds(of body: () -> Void, over total: Double, timing: Timing = .standard) -> Double {
        let runs = timing.runs
        let clock = ContinuousClock()
        var warmUp: [Double] = []
        let start = clock.now
        while warmUp.count < timing.warmUpCalls || seconds(clock.now - start) < total / 4 {
            warmUp.append(seconds(clock.measure(body)))
        }
        // The median of the warm-up's second half (its one call, when it made only one).
        let settled = warmUp.suffix(max(1, warmUp.count / 2)).sorted()
        let perCall = settled[settled.count / 2]
        let calls = max(1, Int((total / Double(runs) / perCall).rounded()))
        let times = (0..<runs).map { _ in seconds(clock.measure { for _ in 0..<calls { body() } }) / Double(calls) }
        return times.sorted()[runs / 2]
    }

    /// Median and 99th-percentile seconds of `body`, over `calls` calls after a warm-up.
    package static func latency(calls: Int, _ body: () -> Void) -> (median: Double, p99: Double) {
        for _ in 0..<min(50, calls) { body() }
        let clock = ContinuousClock()
        var times = (0..<calls).map { _ in seconds(clock.measure(body)) }
        times.sort()
        return (times[calls / 2], times[min(calls - 1, calls * 99 / 100)])
    }

    /// One image's forward pass through `classifier` at one thread.
    package static func imageLatency(_ classifier: StrokeClassifier, image: [UInt8], calls: Int = 4000) -> (median: Double, p99: Double) {
        Compute.setThreads(1)
        return latency(calls: calls) { _ = classifier.classify(image: image) }
    }

    /// One stroke: rasterize + forward, at one thread.
    package static func strokeLatency(_ classifier: StrokeClassifier, drawings: [[[StrokePoint]]], calls: Int = 4000) -> (median: Double, p99: Double) {
        Compute.setThreads(1)
        var next = 0
        return latency(calls: calls) {
            _ = classifier.classify(strokes: drawings[next % drawings.count])
            next += 1
        }
    }

    /// Batched classification images/s, `batch` images per call, timed as the training figure.
    package static func batchedImagesPerSecond(
        _ classifier: StrokeClassifier, images: [[UInt8]], batch: Int, threads: Int, seconds: Double = 3,
        timing: Timing = .standard
    ) -> Double {
        Compute.setThreads(threads)
        defer { Compute.setThreads(1) }
        let calls = max(1, images.count / batch)
        let batches = (0..<calls).map { Array(images[($0 * batch)..<min(images.count, ($0 + 1) * batch)]) }
        return Double(calls * batch) / steadySeconds(of: { for b in batches { _ = classifier.classify(images: b) } }, over: seconds, timing: timing)
    }

    /// PNG files decoded (libpng, to 28×28 gray) per second, the best of three passes.
    package static func pngDecodePerSecond(_ files: [URL]) throws -> Double {
        let contents = try files.map { try Data(contentsOf: $0) }
        let clock = ContinuousClock()
        var best = Double.infinity
        for _ in 0..<3 {
            best = min(best, seconds(try clock.measure {
                for (file, data) in zip(files, contents) {
                    _ = ImageNormalizer.normalize(try PNGDecoder.decode([UInt8](data), path: file.path))
                }
            }))
        }
        return Double(files.count) / best
    }

    /// Minor page faults per training step in steady state (after warm-up), at `threads`.
    package static func pageFaultsPerTrainingStep(batch: Int = 64, threads: Int, classes: Int, steps: Int = 50) -> Double {
        Compute.setThreads(threads)
        defer { Compute.setThreads(1) }
        let step = TrainingBenchmark.trainingStep(.reference(classes: classes), batch: batch)
        for _ in 0..<5 { step() }
        let before = minorFaults()
        for _ in 0..<steps { step() }
        return Double(minorFaults() - before) / Double(steps)
    }

    static func minorFaults() -> Int {
        Int(resourceUsage(children: false).ru_minflt)
    }

    /// getrusage for this process or its finished children (Glibc imports the selector as an enum).
    package static func resourceUsage(children: Bool) -> rusage {
        var usage = rusage()
        #if os(Linux)
        getrusage((children ? RUSAGE_CHILDREN : RUSAGE_SELF).rawValue, &usage)
        #else
        getrusage(children ? RUSAGE_CHILDREN : RUSAGE_SELF, &usage)
        #endif
        return usage
    }
}
