import StrokeModel
import Testing
@testable import StrokeTraining

/// Which images validation and cross-validation may hold out when real strokes are mixed with
/// generated ones that add the `other` class.
@Suite("held-out pool")
struct HeldOutPoolTests {
    static let labels = ["arrow", "circle", RejectionRule.otherLabel]

    /// Blank images labelled `targets`, each path naming its dataset and position.
    static func dataset(_ name: String, targets: [Int]) -> Dataset {
        Dataset(labels: labels, images: [UInt8](repeating: 0, count: targets.count * Dataset.imageSize),
                targets: targets, paths: targets.indices.map { "\(name)/\($0)" })
    }

    static let real = dataset("real", targets: [0, 1, 0, 1])
    static let generated = dataset("generated", targets: [0, 2, 1, 2, 2])

    @Test func otherStrokesOfMixedInDataJoinThePoolWhenThePrimaryHasNone() {
        let mixture = TrainingMixture(primary: .init(dataset: Self.real), others: [.init(dataset: Self.generated, weight: 0.25)])
        let pool = mixture.heldOutPool
        #expect(pool.paths == ["real/0", "real/1", "real/2", "real/3", "generated/1", "generated/3", "generated/4"])
        #expect(pool.targets == [0, 1, 0, 1, 2, 2, 2])
    }

    @Test func heldOutOtherStrokesLeaveTheirSourceAndTheRestStays() {
        let mixture = TrainingMixture(primary: .init(dataset: Self.real), others: [.init(dataset: Self.generated, weight: 0.25)])
        // Train on real 0 and 3 and on generated/4 (pool 6); hold out the rest of the pool.
        let training = mixture.restrictingPool(to: [0, 3, 6])
        #expect(training.primary.paths == ["real/0", "real/3"])
        #expect(training.sources[1].dataset.paths == ["generated/0", "generated/2", "generated/4"])
        #expect(training.sources[1].weight == 0.25)
    }

    @Test func aPrimaryWithItsOwnOtherStrokesIsThePoolAlone() {
        let own = Self.dataset("real", targets: [0, 1, 2])
        let mixture = TrainingMixture(primary: .init(dataset: own), others: [.init(dataset: Self.generated)])
        #expect(mixture.heldOutPool == own)
        #expect(mixture.restrictingPool(to: [2]).sources[1].dataset == Self.generated)
    }

    @Test func crossValidationHoldsOutEveryPoolImageOnceAndNeverTrainsOnIt() {
        let mixture = TrainingMixture(primary: .init(dataset: Self.real), others: [.init(dataset: Self.generated)])
        let folds = stratifiedFolds(targets: mixture.heldOutPool.targets, k: 2, seed: 1)
        #expect(folds.flatMap { $0 }.sorted() == Array(0..<7))
        for held in folds {
            let training = mixture.restrictingPool(to: (0..<7).filter { !held.contains($0) })
            let trained = Set(training.sources.flatMap(\.dataset.paths))
            for index in held { #expect(!trained.contains(mixture.heldOutPool.paths[index])) }
        }
    }
}
