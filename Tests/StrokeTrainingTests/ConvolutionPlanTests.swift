import Foundation
import StrokeModel
import Testing
@testable import StrokeTraining

/// Convolution plans: written and read back; a pinned plan gives the same bits every time and
/// another plan other bits; a measured plan is recorded; a resumed run keeps its checkpoint's.
@Suite struct ConvolutionPlanTests {
    static let architecture = Architecture.reference(classes: 3)

    @Test func plansAreWrittenAndReadBack() throws {
        let mixed = ConvolutionPlan([.patchMatrix, .windowRows])
        #expect(mixed.description == "patch-matrix,window-rows")
        #expect(ConvolutionPlan("patch-matrix, window-rows") == mixed)
        #expect(ConvolutionPlan("window-rows") == ConvolutionPlan([.windowRows]))
        #expect(mixed.fits(Self.architecture) && ConvolutionPlan([.patchMatrix]).fits(Self.architecture))
        #expect(!ConvolutionPlan([.patchMatrix, .windowRows, .windowRows]).fits(Self.architecture))
        for text in ["", "im2col", "window-rows,", "patch-matrix,,window-rows"] {
            #expect(ConvolutionPlan(text) == nil, "\(text) is not a plan")
        }
        let single = try #require(ConvolutionPlan("patch-matrix"))
        #expect(single.strategy(ofLayer: 3, in: Self.architecture) == .patchMatrix)
        #expect(mixed.strategy(ofLayer: 0, in: Self.architecture) == .patchMatrix)
        #expect(mixed.strategy(ofLayer: 3, in: Self.architecture) == .windowRows)
    }

    static func train(_ plan: ConvolutionPlan?) -> TrainingResult {
        var options = TrainerTests.quickOptions(seed: 5, epochs: 2)
        options.convolution = plan
        return Trainer(architecture: architecture, options: options)
            .train(TrainerTests.shapes(perClass: 12, seed: 1), validation: TrainerTests.shapes(perClass: 5, seed: 2))
    }

    @Test func aPinnedPlanGivesTheSameBitsAndAnotherPlanOthers() {
        let windowRows = Self.train(ConvolutionPlan([.windowRows]))
        let again = Self.train(ConvolutionPlan([.windowRows]))
        let patches = Self.train(ConvolutionPlan([.patchMatrix]))
        #expect(windowRows.convolution == ConvolutionPlan([.windowRows]))
        #expect(patches.convolution == ConvolutionPlan([.patchMatrix]))
        #expect(again.parameters.arrays == windowRows.parameters.arrays)
        #expect(patches.parameters.arrays != windowRows.parameters.arrays, "the plan is what ran")
        // The same sums in another order: the runs stay close.
        let difference = zip(patches.parameters.arrays.joined(), windowRows.parameters.arrays.joined()).map { abs($0 - $1) }.max() ?? 0
        #expect(difference < 0.05)
    }

    @Test func aMeasuredPlanFitsTheNetworkAndIsRecorded() {
        let result = Self.train(nil)
        #expect(result.convolution.fits(Self.architecture))
        #expect(result.convolution == ConvolutionTuning.trainingPlan(for: Self.architecture, batch: 8), "measured once, then kept")
    }

    @Test func aResumedRunKeepsItsCheckpointsPlan() throws {
        // The plan this machine would not measure, so that resuming without one must read it.
        let measured = ConvolutionTuning.trainingPlan(for: Self.architecture, batch: 8)
        let other = ConvolutionPlan(measured.strategies.map { $0 == .windowRows ? .patchMatrix : .windowRows })
        var pinned = TrainerTests.quickOptions(seed: 9, epochs: 3)
        pinned.convolution = other
        let reference = try CheckpointTests.run(nil, options: pinned)
        let url = try CheckpointTests.folder().appendingPathComponent("run.checkpoint")
        #expect(throws: TrainingError.self) { try CheckpointTests.run(url, stopAfter: 4, options: pinned) }
        let saved = try TrainingCheckpoint.read(from: url, architecture: Self.architecture)
        #expect(saved.state.convolution == other.description)
        let resumed = try CheckpointTests.run(url, resume: true, options: TrainerTests.quickOptions(seed: 9, epochs: 3))
        #expect(resumed.convolution == other)
        #expect(resumed.parameters.arrays == reference.parameters.arrays)
    }
}
