import ArgumentParser
import Foundation
import StrokeModel
import StrokeBenchmarks
import StrokeReports
import StrokeTraining
import CommandLineSupport

/// `strokes bench`: the speed benchmarks, each against a reference measured in the same run.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure training and inference speed.",
        subcommands: [BenchTrainingCommand.self, BenchInferenceCommand.self, BenchSuiteCommand.self],
        defaultSubcommand: BenchTrainingCommand.self)
}

struct BenchTrainingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "training",
        abstract: "Training and forward-pass speed of the reference network.",
        discussion: """
            Every figure is printed with a ratio against a reference measured in the same run:
            the training step against its own sgemm calls run alone (1.00 would mean the
            window rows, pooling, ReLU, loss and optimizer cost nothing), and the step's FLOP rate
            against sgemm's rate on a 1024×1024 product. Last, each convolution's forward pass
            under both shipped strategies (window rows, one sgemm per image and kernel row; each
            image's patch matrix, one sgemm per image) against the whole batch's patch matrix
            and one sgemm, at 1 thread.

            With --profile, instead: real training steps with every phase timed (a monotonic
            clock read between phases, on the thread that runs them), in milliseconds per step
            and share of the step: the input batch; per conv layer its window-row gather, its
            sgemms (calls per step and M×N×K), bias + ReLU; pools; dense layers; the loss; the
            backward pass layer by layer (weight-gradient sgemms; bias gradient; the input
            gradient, a forward convolution of the output gradient with the flipped kernel, as
            window rows and sgemms); the shards' sum and the optimizer; and whatever the phases
            leave unaccounted. Beside each sgemm phase, its floor: the same shapes and number of
            calls (transposes included) timed alone, back to back, each thread reading the
            same operands and writing one output, all in cache. With 2 threads a step's two
            shards run at once, one per thread; a phase is then its time summed over the shards
            and divided by the threads. The whole step is also timed without the clock reads,
            in runs alternating with the profiled ones, so their overhead shows.
            """)

    @Option(help: "Images per batch.") var batch = 64
    @Option(parsing: .upToNextOption, help: "Thread counts to measure.") var threads: [Int] = [1, 2]
    @Option(help: "Number of classes of the reference network (default: --model's).") var classes: Int?
    @Option(help: "The model whose number of classes the reference network scores, unless --classes is given.")
    var model = "models/automata-classifier.safetensors"
    @Flag(help: "Profile a training step phase by phase, each sgemm phase beside its sgemm floor (instead of the tables).")
    var profile = false
    @Option(help: "With --profile: steps per timed run (5 runs with the profile, 5 without, alternating).")
    var steps = 20

    func run() throws {
        try Console.failing {
            guard batch > 0, threads.allSatisfy({ $0 > 0 }) else { throw UsageError("--batch and --threads must be positive") }
            guard steps > 0 else { throw UsageError("--steps must be positive") }
            if let classes, classes < 1 { throw UsageError("--classes must be at least 1") }
            let classes = try self.classes ?? ModelFile.read(from: URL(fileURLWithPath: model)).architecture.classCount
            let architecture = Architecture.reference(classes: classes)
            let flopsPerImage = TrainingBenchmark.trainingFLOPsPerImage(architecture, batch: batch)
            Console.out("reference network (\(classes) classes), batch \(batch): \(FixedDecimal(flopsPerImage / 1e6, digits: 1)) MFLOP per training image "
                + "(sgemm work), \(FixedDecimal(Double(architecture.forwardFLOPs) / 1e6, digits: 1)) MFLOP per forward image")
            Console.out("BLAS: \(BLAS.configuration)")
            if profile {
                if let cpu = Processor.model { Console.out("CPU: \(cpu)") }
                for count in threads {
                    Compute.setThreads(count)
                    let result = TrainingProfile.measure(architecture, batch: batch, steps: steps)
                    Console.out(TrainingProfileTable.render(result, architecture: architecture))
                }
                return
            }
            var rows = [["threads", "convolution", "train img/s", "step ms", "sgemm-only ms", "step / sgemm", "GFLOP/s", "peak sgemm GFLOP/s", "of peak", "infer img/s"]]
            for count in threads {
                Compute.setThreads(count)
                // The plan a training run would measure here (the step's harness measures the same).
                let plan = ConvolutionTuning.trainingPlan(for: architecture, batch: ShardedStep.shardCapacity(batch))
                let step = TrainingBenchmark.trainingStepSeconds(architecture, batch: batch)
                let gemm = TrainingBenchmark.gemmOnlySeconds(TrainingBenchmark.stepGEMMs(architecture, batch: batch, plan: plan))
                let peak = TrainingBenchmark.peakSGEMM()
                let forward = TrainingBenchmark.forwardSeconds(architecture, batch: batch)
                let rate = flopsPerImage * Double(batch) / step
                rows.append([
                    String(count), plan.description, String(Int(Double(batch) / step)), FixedDecimal(step * 1000, digits: 2).description,
                    FixedDecimal(gemm * 1000, digits: 2).description, FixedDecimal(step / gemm, digits: 2).description,
                    FixedDecimal(rate / 1e9, digits: 1).description, FixedDecimal(peak / 1e9, digits: 1).description,
                    Percent(rate / peak, digits: 0).description, String(Int(Double(batch) / forward)),
                ])
            }
            Compute.setThreads(1)
            let single = TrainingBenchmark.forwardSeconds(architecture, batch: 1, passes: 500)
            Console.out(TextTable.render(rows, rightAligned: Set(0..<rows[0].count)))
            Console.out("single-image forward pass (1 thread): \(FixedDecimal(single * 1e6, digits: 1)) µs")
            var convRows = [["conv layer", "batch", "window rows µs/img", "image patches µs/img", "batch patches µs/img", "speed-up"]]
            for convBatch in Set([1, 4, batch]).sorted() {
                for c in ConvolutionBenchmark.compare(architecture, batch: convBatch) {
                    convRows.append([
                        String(c.layer), String(c.batch), FixedDecimal(c.windowRows * 1e6, digits: 1).description,
                        FixedDecimal(c.imagePatches * 1e6, digits: 1).description, FixedDecimal(c.patchMatrix * 1e6, digits: 1).description, FixedDecimal(c.speedUp, digits: 2).description + "×",
                    ])
                }
            }
            Console.out("convolution forward, 1 thread: the shipped strategies (window rows; each image's patch matrix) against one sgemm over the whole batch's patch matrix")
            Console.out(TextTable.render(convRows, rightAligned: Set(0..<convRows[0].count)))
        }
    }
}
