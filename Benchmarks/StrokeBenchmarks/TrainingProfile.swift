import StrokeModel
import StrokeTraining

/// Where a training step's time goes (`strokes bench training --profile`): real steps of a
/// network with every phase lapped (`PhaseProfile`), each sgemm phase beside its floor (the
/// same sgemm shapes and count timed alone, back to back, their operands in cache), and the whole step timed without
/// laps in runs alternating with the lapped ones, so the laps' overhead shows.
package enum TrainingProfile {
    package struct Phase: Sendable {
        package let key: PhaseKey
        /// Per step: with several workers, the shards' sum divided by the workers (what the
        /// phase adds to the step when the workers overlap evenly).
        package let seconds: Double
        /// sgemm calls per step the kernels made (all shards).
        package let gemmCalls: Int
        /// The sgemm calls the geometry implies (`StepGEMMs`), and their time alone.
        package let shapes: [TrainingBenchmark.GEMMShape]
        package var floorSeconds: Double?
    }

    package struct Result: Sendable {
        package let batch: Int
        package let threads: Int
        /// How the step's convolutions shaped their sgemms.
        package let plan: ConvolutionPlan
        /// Threads that run the shards (each shard's phases on its own worker).
        package let workers: Int
        package let phases: [Phase]
        /// Mean seconds per lapped step, over every lapped step.
        package let instrumentedStep: Double
        /// Seconds per step of each run without laps.
        package let plainRuns: [Double]
        package let stepsPerRun: Int

        package var accounted: Double { phases.reduce(0) { $0 + $1.seconds } }
        package var unaccounted: Double { instrumentedStep - accounted }
        package var plainMedian: Double { plainRuns.sorted()[plainRuns.count / 2] }
    }

    /// Profiles `steps` steps `repeats` times at the current thread count, each lapped run
    /// after one without laps; then the sgemm floors.
    package static func measure(_ architecture: Architecture, batch: Int, steps: Int = 20, repeats: Int = 5) -> Result {
        precondition(batch > 0 && steps > 0 && repeats > 0, "batch, steps and repeats must be positive")
        let harness = StepHarness(architecture, batch: batch)
        let profile = StepProfile(architecture: architecture)
        harness.run()
        harness.step.profile = profile
        harness.run()
        profile.reset()
        var plainRuns: [Double] = [], lapped: UInt64 = 0
        for _ in 0..<repeats {
            harness.step.profile = nil
            var start = PhaseProfile.now()
            for _ in 0..<steps { harness.run() }
            plainRuns.append(Double(PhaseProfile.now() - start) / 1e9 / Double(steps))
            harness.step.profile = profile
            start = PhaseProfile.now()
            for _ in 0..<steps { harness.run() }
            lapped += PhaseProfile.now() - start
        }
        harness.step.profile = nil
        let total = Double(repeats * steps)
        let workers = min(Compute.threads, ShardedStep.shards)
        let shapes = StepGEMMs.byPhase(architecture, batch: batch, plan: harness.plan)
        var phases: [PhaseKey: (nanoseconds: Double, calls: Int)] = [:]
        for (recorder, divisor) in profile.shards.map({ ($0, Double(workers)) }) + [(profile.sequential, 1)] {
            for entry in recorder.entries {
                let key = PhaseKey(layer: entry.layer, entry.phase)
                let sum = phases[key] ?? (0, 0)
                phases[key] = (sum.nanoseconds + Double(entry.nanoseconds) / divisor, sum.calls + entry.gemmCalls)
            }
        }
        let measured = phases.keys.sorted().map { key in
            let gemms = shapes[key] ?? []
            return Phase(
                key: key, seconds: phases[key]!.nanoseconds / 1e9 / total, gemmCalls: phases[key]!.calls / Int(total),
                shapes: gemms,
                floorSeconds: gemms.isEmpty ? nil : TrainingBenchmark.gemmOnlySeconds(gemms, steps: steps, repeats: repeats, reusingOutput: true))
        }
        return Result(
            batch: batch, threads: Compute.threads, plan: harness.plan, workers: workers, phases: measured,
            instrumentedStep: Double(lapped) / 1e9 / total, plainRuns: plainRuns, stepsPerRun: steps)
    }
}
