import Foundation
@testable import StrokeModel
import Testing

/// The file that keeps measured convolution plans between processes: a plan kept is read
/// back, the first one kept for a key wins, a damaged file is measured over, and a plan kept
/// for another machine is not this machine's.
@Suite struct ConvolutionPlanStoreTests {
    static func scratchStore() throws -> (ConvolutionPlanStore, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plan-store-\(UUID().uuidString)")
        return (ConvolutionPlanStore(url: folder.appendingPathComponent("sub/convolution-plans.json")), folder)
    }

    @Test func aKeptPlanIsReadBackAndTheFirstOneWins() throws {
        let (store, folder) = try Self.scratchStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mixed = ConvolutionPlan([.patchMatrix, .windowRows])
        #expect(store.plan(for: "training|a") == nil)
        #expect(store.record(mixed, for: "training|a") == mixed)
        #expect(store.plan(for: "training|a") == mixed)
        #expect(store.plan(for: "training|b") == nil)
        // Another process measured the other plan later: it runs the one kept first.
        #expect(store.record(ConvolutionPlan([.windowRows]), for: "training|a") == mixed)
        #expect(store.plan(for: "training|a") == mixed)
        store.forget("training|a")
        #expect(store.plan(for: "training|a") == nil)
        #expect(store.record(ConvolutionPlan([.windowRows]), for: "training|a") == ConvolutionPlan([.windowRows]))
    }

    @Test func aDamagedFileIsMeasuredOverAndWrittenAnew() throws {
        let (store, folder) = try Self.scratchStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try #require(store.url)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        for damage in ["{\"plans\": {", "[1, 2]", "{\"plans\": {\"\(ConvolutionPlanStore.machine) | k\": \"im2col\"}}"] {
            try Data(damage.utf8).write(to: url)
            #expect(store.plan(for: "k") == nil, "\(damage)")
            #expect(store.record(ConvolutionPlan([.patchMatrix]), for: "k") == ConvolutionPlan([.patchMatrix]))
            #expect(store.plan(for: "k") == ConvolutionPlan([.patchMatrix]))
        }
    }

    @Test func aPlanKeptForAnotherMachineIsNotThisOnes() throws {
        let (store, folder) = try Self.scratchStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try #require(store.url)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let other = "{\"plans\": {\"AMD EPYC 7B13 | OpenBLAS 0.3.21 | Zen | k\": \"patch-matrix\"}}"
        try Data(other.utf8).write(to: url)
        #expect(store.plan(for: "k") == nil)
        store.record(ConvolutionPlan([.windowRows]), for: "k")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("AMD EPYC 7B13 | OpenBLAS 0.3.21 | Zen | k"), "the other machine's plan is kept too: \(text)")
        #expect(store.plan(for: "k") == ConvolutionPlan([.windowRows]))
    }

    @Test func noFolderMeansNothingKept() {
        let store = ConvolutionPlanStore(url: nil)
        #expect(store.record(ConvolutionPlan([.patchMatrix]), for: "k") == ConvolutionPlan([.patchMatrix]))
        #expect(store.plan(for: "k") == nil)
    }

}
