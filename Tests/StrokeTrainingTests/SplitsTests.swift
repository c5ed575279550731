import Testing
@testable import StrokeTraining

/// 50 of class 0, 30 of class 1, 20 of class 2, interleaved.
private let targets: [Int] = (0..<100).map { i in i % 10 < 5 ? 0 : i % 10 < 8 ? 1 : 2 }

private func counts(_ indices: [Int], in targets: [Int], classes: Int = 3) -> [Int] {
    var result = [Int](repeating: 0, count: classes)
    for i in indices { result[targets[i]] += 1 }
    return result
}

@Test func splitKeepsEachClassShare() {
    let split = stratifiedSplit(targets: targets, validationFraction: 0.2, seed: 1)
    #expect(counts(split.validation, in: targets) == [10, 6, 4])
    #expect(counts(split.train, in: targets) == [40, 24, 16])
}

@Test func splitIsDisjointCoveringAndSorted() {
    let split = stratifiedSplit(targets: targets, validationFraction: 0.3, seed: 9)
    #expect(Set(split.train).isDisjoint(with: split.validation))
    #expect((split.train + split.validation).sorted() == Array(0..<100))
    #expect(split.train == split.train.sorted() && split.validation == split.validation.sorted())
}

@Test func smallClassesStillReachValidation() {
    // Classes of 2 and 3 images at 10 %: rounding would give none.
    let small = [0, 0, 1, 1, 1] + [Int](repeating: 2, count: 100)
    let split = stratifiedSplit(targets: small, validationFraction: 0.1, seed: 3)
    #expect(counts(split.validation, in: small) == [1, 1, 10])
    #expect(counts(split.train, in: small) == [1, 2, 90])
    // A single image stays in training.
    let single = stratifiedSplit(targets: [0, 1, 1, 1], validationFraction: 0.5, seed: 3)
    #expect(counts(single.validation, in: [0, 1, 1, 1], classes: 2) == [0, 2])
}

@Test func splitIsDeterministicForASeed() {
    let a = stratifiedSplit(targets: targets, validationFraction: 0.2, seed: 42)
    let b = stratifiedSplit(targets: targets, validationFraction: 0.2, seed: 42)
    let c = stratifiedSplit(targets: targets, validationFraction: 0.2, seed: 43)
    #expect(a.train == b.train && a.validation == b.validation)
    #expect(a.validation != c.validation)
}

@Test func zeroFractionKeepsEverythingForTraining() {
    let split = stratifiedSplit(targets: targets, validationFraction: 0, seed: 1)
    #expect(split.validation.isEmpty && split.train == Array(0..<100))
}

@Test func foldsPartitionAndStratify() {
    let folds = stratifiedFolds(targets: targets, k: 5, seed: 5)
    #expect(folds.count == 5)
    #expect(folds.flatMap { $0 }.sorted() == Array(0..<100))
    #expect(folds.allSatisfy { $0 == $0.sorted() })
    for fold in folds { #expect(counts(fold, in: targets) == [10, 6, 4]) }
}

@Test func foldsStayBalancedWhenClassesDoNotDivide() {
    let uneven = [Int](repeating: 0, count: 7) + [Int](repeating: 1, count: 5) + [Int](repeating: 2, count: 3)
    let folds = stratifiedFolds(targets: uneven, k: 4, seed: 11)
    #expect(folds.flatMap { $0 }.sorted() == Array(0..<15))
    let sizes = folds.map(\.count)
    #expect(sizes.max()! - sizes.min()! <= 1)
    for c in 0..<3 {
        let perFold = folds.map { fold in fold.filter { uneven[$0] == c }.count }
        #expect(perFold.max()! - perFold.min()! <= 1, "class \(c): \(perFold)")
    }
}

@Test func foldsAreDeterministicForASeed() {
    #expect(stratifiedFolds(targets: targets, k: 4, seed: 8) == stratifiedFolds(targets: targets, k: 4, seed: 8))
    #expect(stratifiedFolds(targets: targets, k: 4, seed: 8) != stratifiedFolds(targets: targets, k: 4, seed: 9))
}
