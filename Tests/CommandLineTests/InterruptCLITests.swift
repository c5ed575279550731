import Foundation
import StrokeModel
import StrokeTraining
import Testing

/// Interrupted and killed training runs, as a user meets them: Ctrl-C writes a checkpoint and
/// says how to go on; a SIGKILL at any moment leaves every model and checkpoint file whole
/// (the old one or the new one); `--resume` then ends with the bytes of a run never stopped.
@Suite("interrupted training", .serialized)
struct InterruptCLITests {
    /// 2-fold cross-validation, then the final model: three phases with a checkpoint each. The
    /// convolution plan is pinned: measured, each process could choose its own.
    static let arguments = ["train", "data", "--out", "model.safetensors", "--folds", "2", "--epochs", "4",
                            "--batch-size", "16", "--seed", "3", "--threads", "1", "--convolution", "window-rows"]

    static func makeData(_ scratch: ScratchFolder) throws {
        try ShapesFixture.write(to: scratch.path("data"), perClass: 24, seed: 5)
    }

    /// The model file of the run never stopped, made once for the suite.
    static let reference: Result<Data, Error> = Result {
        let scratch = try ScratchFolder()
        try makeData(scratch)
        let result = try StrokesProcess.run(arguments, in: scratch.url)
        guard result.status == 0 else { throw ReferenceFailed(stderr: result.stderr) }
        return try Data(contentsOf: scratch.path("model.safetensors"))
    }

    struct ReferenceFailed: Error { let stderr: String }

    /// Starts the run in `folder`; stdout and stderr go to files there.
    static func start(_ extra: [String] = [], in folder: URL) throws -> Process {
        let process = Process()
        process.executableURL = try StrokesProcess.executable()
        process.arguments = arguments + extra
        process.currentDirectoryURL = folder
        FileManager.default.createFile(atPath: folder.appendingPathComponent("run.log").path, contents: nil)
        let log = try FileHandle(forWritingTo: folder.appendingPathComponent("run.log"))
        process.standardOutput = log
        process.standardError = log
        try process.run()
        return process
    }

    /// Waits until `path` exists (or the process ends), polling.
    static func wait(for path: URL, while process: Process, seconds: Double = 60) {
        let deadline = Date().addingTimeInterval(seconds)
        while !FileManager.default.fileExists(atPath: path.path) && process.isRunning && Date() < deadline {
            usleep(20_000)
        }
    }

    @Test func ctrlCWritesACheckpointAndResumeFinishesWithTheSameBytes() throws {
        let reference = try Self.reference.get()
        let scratch = try ScratchFolder()
        try Self.makeData(scratch)
        let process = try Self.start(in: scratch.url)
        // Interrupt inside the second fold, once the first fold's checkpoint is there.
        Self.wait(for: scratch.path("model.checkpoints/fold-2.checkpoint"), while: process)
        process.interrupt()
        process.waitUntilExit()
        let log = try String(contentsOf: scratch.path("run.log"), encoding: .utf8)
        #expect(process.terminationStatus == 130, "\(log)")
        #expect(log.contains("checkpoint written to") && log.contains("--resume"), "\(log)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("model.safetensors").path), "no model before the run ends")

        let resumed = try StrokesProcess.run(Self.arguments + ["--resume"], in: scratch.url)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try Data(contentsOf: scratch.path("model.safetensors")) == reference)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("model.checkpoints").path), "a finished run removes its checkpoints")
    }

    /// Kills the run at random moments (printed on failure). Every file a kill leaves must be
    /// whole: the model file is the old one or the finished new one, and every checkpoint
    /// reads; then --resume finishes with the reference bytes.
    @Test func aKilledRunLeavesOnlyWholeFilesAndResumesToTheSameBytes() throws {
        let reference = try Self.reference.get()
        let scratch = try ScratchFolder()
        try Self.makeData(scratch)
        let old = Data("the model file of an earlier run".utf8)
        try old.write(to: scratch.path("model.safetensors"))
        var kills: [Double] = []
        var finished = false
        for _ in 0..<6 where !finished {
            let delay = Double.random(in: 0.2...2.5)
            let process = try Self.start(["--resume"], in: scratch.url)
            usleep(useconds_t(delay * 1e6))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                kills.append(delay)
            }
            process.waitUntilExit()
            finished = process.terminationReason == .exit
            let model = try Data(contentsOf: scratch.path("model.safetensors"))
            #expect(model == old || model == reference, "model file torn after a kill at \(kills)")
            let folder = scratch.path("model.checkpoints")
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasSuffix(".checkpoint") {
                let checkpoint = folder.appendingPathComponent(name)
                #expect(throws: Never.self, "checkpoint \(name) torn after kills at \(kills)") {
                    _ = try TrainingCheckpoint.read(from: checkpoint, architecture: .reference(classes: 3))
                }
            }
        }
        #expect(kills.count >= 1, "at least one run was killed before it finished")
        let resumed = try StrokesProcess.run(Self.arguments + ["--resume"], in: scratch.url)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try Data(contentsOf: scratch.path("model.safetensors")) == reference, "after kills at \(kills)")
    }

    @Test func ctrlCWithNowhereToKeepACheckpointQuitsAtOnce() throws {
        let scratch = try ScratchFolder()
        try Self.makeData(scratch)
        let process = Process()
        process.executableURL = try StrokesProcess.executable()
        process.arguments = ["train", "data", "--epochs", "200", "--quiet"]
        process.currentDirectoryURL = scratch.url
        FileManager.default.createFile(atPath: scratch.path("run.log").path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: scratch.path("run.log"))
        try process.run()
        usleep(1_500_000)
        #expect(process.isRunning, "the run lasts longer than the wait")
        let interrupted = Date()
        process.interrupt()
        process.waitUntilExit()
        let log = try String(contentsOf: scratch.path("run.log"), encoding: .utf8)
        #expect(process.terminationStatus == 130 && log.contains("no checkpoint kept"), "\(log)")
        #expect(Date().timeIntervalSince(interrupted) < 10, "it did not train on to the end")
    }

    @Test func resumeWithoutAnywhereToKeepCheckpointsIsAUsageError() throws {
        let scratch = try ScratchFolder()
        try Self.makeData(scratch)
        let result = try StrokesProcess.run(["train", "data", "--folds", "2", "--resume"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.errorLines.last?.contains("--resume needs the checkpoints") == true, "\(result.stderr)")
    }

    @Test func aDivergingRunStopsWithAMessageAndKeepsTheLastGoodEpoch() throws {
        let scratch = try ScratchFolder()
        try Self.makeData(scratch)
        let result = try StrokesProcess.run(
            ["train", "data", "--out", "model.safetensors", "--epochs", "4", "--optimizer", "sgd",
             "--learning-rate", "1e9", "--schedule", "constant", "--no-augment"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let warning = result.errorLines.first { $0.hasPrefix("warning: the loss became NaN") || $0.hasPrefix("warning: the loss became inf") }
        #expect(warning?.contains("training stopped there and keeps epoch") == true, "\(result.stderr)")
        // The kept weights are finite: the model file reader refuses NaN or infinite weights.
        #expect(throws: Never.self) { _ = try ModelFile.read(from: scratch.path("model.safetensors")) }
    }
}
