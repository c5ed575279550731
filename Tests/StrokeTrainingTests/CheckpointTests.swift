import Foundation
import StrokeModel
import Testing
@testable import StrokeTraining

/// Checkpoints: a run stopped at any step and resumed ends with the same bits as one never
/// stopped; a checkpoint round-trips; a foreign or damaged one is refused by name; a
/// diverging loss stops the run and keeps the last good weights.
@Suite struct CheckpointTests {
    static let train = TrainerTests.shapes(perClass: 12, seed: 1)
    static let validation = TrainerTests.shapes(perClass: 5, seed: 2)

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("checkpoints-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Trains 3 epochs (3 steps each at batch 16); with `stopAfter`, asks to stop after that
    /// many steps of the whole run.
    static func run(_ url: URL?, resume: Bool = false, stopAfter: Int? = nil, options: TrainingOptions? = nil) throws(TrainingError) -> TrainingResult {
        let trainer = Trainer(architecture: .reference(classes: 3), options: options ?? TrainerTests.quickOptions(seed: 9, epochs: 3))
        let stop = StopRequest()
        var steps = 0
        trainer.onStep = { _ in
            steps += 1
            if steps == stopAfter { stop.request() }
        }
        let checkpointing = url.map { Checkpointing(url: $0, resume: resume, stop: stop, phase: "test") }
        return try trainer.train(TrainingMixture(train), validation: validation, checkpointing: checkpointing)
    }

    @Test(arguments: [1, 3, 5, 8]) func aRunStoppedAfterAnyStepResumesToTheSameWeights(stopAfter: Int) throws {
        let reference = try Self.run(nil)
        let url = try Self.folder().appendingPathComponent("run.checkpoint")
        #expect(throws: TrainingError.self) { try Self.run(url, stopAfter: stopAfter) }
        let saved = try TrainingCheckpoint.read(from: url, architecture: .reference(classes: 3))
        #expect(saved.state.epochsDone * 3 + saved.state.stepsDone == stopAfter, "the checkpoint is where the run stopped")
        let resumed = try Self.run(url, resume: true)
        #expect(resumed.parameters.arrays == reference.parameters.arrays)
        #expect(resumed.keptEpoch == reference.keptEpoch)
        #expect(resumed.history.map(\.trainLoss) == reference.history.map(\.trainLoss))
        #expect(resumed.history.map(\.validationAccuracy) == reference.history.map(\.validationAccuracy))
    }

    @Test func aFinishedCheckpointGivesTheResultWithoutTraining() throws {
        let url = try Self.folder().appendingPathComponent("run.checkpoint")
        let first = try Self.run(url)
        var steps = 0
        let trainer = Trainer(architecture: .reference(classes: 3), options: TrainerTests.quickOptions(seed: 9, epochs: 3))
        trainer.onStep = { _ in steps += 1 }
        let again = try trainer.train(
            TrainingMixture(Self.train), validation: Self.validation, checkpointing: Checkpointing(url: url, resume: true, phase: "test"))
        #expect(steps == 0)
        #expect(again.parameters.arrays == first.parameters.arrays)
        #expect(again.validation?.probabilities == first.validation?.probabilities)
    }

    @Test func aCheckpointRoundTrips() throws {
        let url = try Self.folder().appendingPathComponent("run.checkpoint")
        #expect(throws: TrainingError.self) { try Self.run(url, stopAfter: 4) }
        let saved = try TrainingCheckpoint.read(from: url, architecture: .reference(classes: 3))
        #expect(saved.state.history.count == 1 && saved.state.stepsDone == 1)
        #expect(saved.first.joined().contains { $0 != 0 }, "Adam's moments are stored")
        let copy = url.deletingLastPathComponent().appendingPathComponent("copy.checkpoint")
        try saved.write(to: copy)
        #expect(try TrainingCheckpoint.read(from: copy, architecture: .reference(classes: 3)) == saved)
        #expect(try Data(contentsOf: copy) == Data(contentsOf: url))
    }

    @Test func anotherRunsCheckpointIsRefused() throws {
        let url = try Self.folder().appendingPathComponent("run.checkpoint")
        #expect(throws: TrainingError.self) { try Self.run(url, stopAfter: 2) }
        var other = TrainerTests.quickOptions(seed: 10, epochs: 3)
        other.learningRate = 0.001
        #expect(throws: TrainingError.checkpoint(.otherRun(url.path))) { try Self.run(url, resume: true, options: other) }
        // A thread count does not change the bits, so it does not make another run.
        var threads = TrainerTests.quickOptions(seed: 9, epochs: 3)
        threads.threads = 2
        #expect(throws: Never.self) { try Self.run(url, resume: true, options: threads) }
    }

    @Test func aDamagedCheckpointIsRefusedByName() throws {
        let url = try Self.folder().appendingPathComponent("run.checkpoint")
        #expect(throws: TrainingError.self) { try Self.run(url, stopAfter: 2) }
        let bytes = try Data(contentsOf: url)
        try bytes.prefix(bytes.count / 2).write(to: url)
        do {
            _ = try Self.run(url, resume: true)
            Issue.record("a truncated checkpoint was accepted")
        } catch {
            #expect(error.description.contains(url.path) && error.description.contains("delete it"), "\(error)")
        }
        try Data("{}".utf8).write(to: url)
        #expect(throws: TrainingError.self) { try Self.run(url, resume: true) }
    }

    @Test func aCheckpointOfAnotherNetworkIsRefused() throws {
        let url = try Self.folder().appendingPathComponent("run.checkpoint")
        #expect(throws: TrainingError.self) { try Self.run(url, stopAfter: 2) }
        #expect(throws: CheckpointError.self) { try TrainingCheckpoint.read(from: url, architecture: .reference(classes: 4)) }
    }

    @Test func aDivergingLossStopsTheRunAndKeepsTheLastGoodEpoch() throws {
        var options = TrainerTests.quickOptions(seed: 9, epochs: 6)
        options.optimizer = .sgd(momentum: 0.9)
        options.learningRate = 5e4
        options.schedule = .constant
        let result = try Self.run(nil, options: options)
        let divergence = try #require(result.divergence, "a learning rate of 5e4 makes the loss blow up")
        #expect(!divergence.loss.isFinite)
        #expect(result.history.count == divergence.epoch - 1, "the run stopped in the epoch that diverged")
        #expect(result.keptEpoch == result.history.count)
        let kept = result.parameters.arrays.joined()
        #expect(kept.allSatisfy { $0.isFinite }, "no NaN reaches the kept weights")
    }
}
