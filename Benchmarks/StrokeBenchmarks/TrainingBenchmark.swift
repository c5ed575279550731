import StrokeModel
import StrokeTraining

/// Speed measurements of training and inference, each with the reference it is judged by,
/// measured in the same run on the same machine:
/// - a training step against the sgemm calls it is made of, run alone (the kernel floor), and
/// - sgemm's rate on a large square matrix (what the BLAS can do here at all).
package enum TrainingBenchmark {
    /// `count` sgemms of a training step, each `C[m×n] = op(A)[m×k] · op(B)[k×n]`, with the
    /// transposes the step uses. Several calls of one shape run in parallel, as the step runs them.
    package struct GEMMShape: Hashable, Sendable {
        package let m, n, k: Int
        package var count = 1
        package var transposeA = false
        package var transposeB = false
        package var flops: Double { 2 * Double(m) * Double(n) * Double(k) * Double(count) }
    }

    /// The sgemm calls of one training step of `architecture` at `batch` under `plan`, as the
    /// step makes them, layer by layer (see `StepGEMMs`).
    package static func stepGEMMs(_ architecture: Architecture, batch: Int, plan: ConvolutionPlan) -> [GEMMShape] {
        StepGEMMs.byPhase(architecture, batch: batch, plan: plan).sorted { $0.key < $1.key }.flatMap(\.value)
    }

    /// FLOPs of one training step per image (the sgemm work, the same under every plan; the
    /// cheap layers are not counted).
    package static func trainingFLOPsPerImage(_ architecture: Architecture, batch: Int) -> Double {
        stepGEMMs(architecture, batch: batch, plan: ConvolutionPlan([.windowRows])).reduce(0) { $0 + $1.flops } / Double(batch)
    }

    /// Seconds per training step (forward, loss, backward, Adam update) on random images,
    /// the median of `repeats` timed runs of `steps` steps after a warm-up.
    package static func trainingStepSeconds(_ architecture: Architecture, batch: Int, steps: Int = 20, repeats: Int = 5) -> Double {
        let step = trainingStep(architecture, batch: batch)
        return medianSeconds(repeats: repeats, warmup: step) { for _ in 0..<steps { step() } } / Double(steps)
    }

    /// One training step of `architecture` on a fixed batch of random images (the trainer's
    /// sharded step, without augmentation), its buffers made once: call it again and again
    /// to time it or to watch what it costs.
    package static func trainingStep(_ architecture: Architecture, batch: Int) -> () -> Void {
        StepHarness(architecture, batch: batch).run
    }

    /// Seconds per forward pass of `batch` images (inference).
    package static func forwardSeconds(_ architecture: Architecture, batch: Int, passes: Int = 50, repeats: Int = 5) -> Double {
        let parameters = ParameterBuffer(architecture: architecture)
        WeightInitializer.heNormal(parameters, seed: 1)
        let forward = ForwardPass(architecture: architecture, capacity: batch)
        let run = { _ = forward.run(parameters: parameters, count: batch) }
        return medianSeconds(repeats: repeats, warmup: run) { for _ in 0..<passes { run() } } / Double(passes)
    }

    /// Seconds for the sgemm calls of one training step alone, on scratch buffers: each call
    /// of a shape writes its own output, or with `reusingOutput` every call of a thread writes
    /// the same one, kept in cache as the step's accumulating calls keep theirs (a floor).
    package static func gemmOnlySeconds(_ shapes: [GEMMShape], steps: Int = 20, repeats: Int = 5, reusingOutput: Bool = false) -> Double {
        let buffers = shapes.map { s -> (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>) in
            let a = UnsafeMutablePointer<Float>.allocate(capacity: s.m * s.k)
            let b = UnsafeMutablePointer<Float>.allocate(capacity: s.k * s.n)
            let c = UnsafeMutablePointer<Float>.allocate(capacity: s.m * s.n * s.count)
            a.initialize(repeating: 0.5, count: s.m * s.k)
            b.initialize(repeating: 0.25, count: s.k * s.n)
            c.initialize(repeating: 0, count: s.m * s.n * s.count)
            return (a, b, c)
        }
        defer { buffers.forEach { $0.0.deallocate(); $0.1.deallocate(); $0.2.deallocate() } }
        let run = {
            for (s, (a, b, c)) in zip(shapes, buffers) {
                Compute.parallelFor(s.count, callingBLAS: true) { calls in
                    for call in calls {
                        BLAS.sgemm(
                            transposeA: s.transposeA, transposeB: s.transposeB, m: s.m, n: s.n, k: s.k,
                            a: a, lda: s.transposeA ? s.m : s.k, b: b, ldb: s.transposeB ? s.k : s.n,
                            c: c + (reusingOutput ? calls.lowerBound : call) * s.m * s.n, ldc: s.n)
                    }
                }
            }
        }
        return medianSeconds(repeats: repeats, warmup: run) { for _ in 0..<steps { run() } } / Double(steps)
    }

    /// sgemm's rate on an `n×n` square product, in FLOP/s, its columns split between the
    /// threads (OpenBLAS itself runs single-threaded, see `Compute`).
    package static func peakSGEMM(n: Int = 1024) -> Double {
        let shape = GEMMShape(m: n, n: n / Compute.threads, k: n, count: Compute.threads)
        return shape.flops / gemmOnlySeconds([shape], steps: 3, repeats: 5)
    }

    static func medianSeconds(repeats: Int, warmup: () -> Void, _ body: () -> Void) -> Double {
        warmup()
        let clock = ContinuousClock()
        let times = (0..<repeats).map { _ in seconds(clock.measure(body)) }.sorted()
        return times[times.count / 2]
    }
}
