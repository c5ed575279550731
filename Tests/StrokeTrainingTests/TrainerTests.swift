import StrokeModel
import Testing
@testable import StrokeTraining

/// Training as a whole: it learns, it is reproducible, it keeps the best epoch.
@Suite("trainer")
struct TrainerTests {
    /// Three easy classes (horizontal bar, vertical bar, square outline) at random
    /// positions and sizes, 28×28 white on black.
    static func shapes(perClass: Int, seed: UInt64) -> Dataset {
        var random = SeededGenerator(seed: seed)
        var images: [UInt8] = [], targets: [Int] = [], paths: [String] = []
        for index in 0..<(3 * perClass) {
            let label = index % 3
            var image = [UInt8](repeating: 0, count: 784)
            let size = 10 + Int(random.next() % 10), x0 = 2 + Int(random.next() % 6), y0 = 2 + Int(random.next() % 6)
            let ink = UInt8(150 + random.next() % 100)
            for y in y0..<(y0 + size) {
                for x in x0..<(x0 + size) {
                    let edge = y == y0 || y == y0 + size - 1 || x == x0 || x == x0 + size - 1
                    let onShape = switch label {
                    case 0: y == y0 + size / 2
                    case 1: x == x0 + size / 2
                    default: edge
                    }
                    if onShape { image[y * 28 + x] = ink }
                }
            }
            images += image
            targets.append(label)
            paths.append("shape-\(index).png")
        }
        return Dataset(labels: ["horizontal", "square", "vertical"].sorted(), images: images, targets: targets, paths: paths)
    }

    static func quickOptions(seed: UInt64 = 7, threads: Int = 1, epochs: Int = 3) -> TrainingOptions {
        var options = TrainingOptions()
        options.epochs = epochs
        options.batchSize = 16
        options.seed = seed
        options.threads = threads
        return options
    }

    @Test func learnsEasyShapesToHighAccuracy() {
        let train = Self.shapes(perClass: 40, seed: 1), validation = Self.shapes(perClass: 20, seed: 2)
        var options = Self.quickOptions(epochs: 8)
        options.augmentation = .none
        var lines: [String] = []
        let result = Trainer(architecture: .reference(classes: 3), options: options)
            .train(train, validation: validation) { lines.append($0.line) }
        #expect(result.validation!.accuracy >= 0.95)
        #expect(result.history.count == 8)
        #expect(result.history.last!.trainLoss < result.history.first!.trainLoss)
        #expect(lines.first?.hasPrefix("epoch 1/8") == true && lines.first!.contains("img/s") && lines.first!.contains("val "))
    }

    @Test func keepsTheBestValidationEpoch() {
        let train = Self.shapes(perClass: 10, seed: 4), validation = Self.shapes(perClass: 10, seed: 5)
        var options = Self.quickOptions(epochs: 4)
        options.learningRate = 0.02 // large enough that later epochs can get worse
        let result = Trainer(architecture: .reference(classes: 3), options: options).train(train, validation: validation)
        let best = result.history.map { $0.validationAccuracy! }.max()!
        #expect(result.history[result.keptEpoch - 1].validationAccuracy == best)
        #expect(result.validation!.accuracy == best, "the returned weights are the kept epoch's")
    }

    @Test func sgdWithMomentumAlsoLearns() {
        let train = Self.shapes(perClass: 30, seed: 6)
        var options = Self.quickOptions(epochs: 6)
        options.optimizer = .sgd(momentum: 0.9)
        options.learningRate = 0.05
        options.augmentation = .none
        let result = Trainer(architecture: .reference(classes: 3), options: options).train(train, validation: train)
        #expect(result.validation!.accuracy >= 0.9)
    }

    @Test func crossValidationScoresEveryImageOnce() {
        let data = Self.shapes(perClass: 10, seed: 8)
        let result = CrossValidation.run(data, folds: 3, architecture: .reference(classes: 3), options: Self.quickOptions(epochs: 2))
        #expect(result.folds.count == 3)
        #expect(result.summedConfusion.total == data.count)
        #expect(Set(result.folds.flatMap(\.indices)) == Set(data.targets.indices))
        #expect(abs(result.meanAccuracy - result.accuracies.reduce(0, +) / 3) < 1e-12)
        #expect(result.worstAccuracy == result.accuracies.min())
    }
}
