/// Stratified train/validation splits and k-fold partitions: every class keeps its share in
/// each part. Deterministic for a seed (our own shuffle, independent of the standard library's).

/// Splits indices `0..<targets.count` so that about `validationFraction` of each class goes to
/// validation; a class with at least 2 images gets at least one validation and one training
/// image, a class of one image stays in training. Both lists come back sorted.
public func stratifiedSplit(targets: [Int], validationFraction: Double, seed: UInt64) -> (train: [Int], validation: [Int]) {
    precondition(validationFraction >= 0 && validationFraction < 1, "validation fraction must be in [0, 1)")
    var generator = SeededGenerator(seed: seed)
    var train: [Int] = [], validation: [Int] = []
    for var members in indicesByClass(targets) {
        shuffle(&members, using: &generator)
        // At least one image of every class stays in training; classes of 2+ also get one in validation.
        var held = min(Int((Double(members.count) * validationFraction).rounded()), members.count - 1)
        if validationFraction > 0 && members.count >= 2 { held = max(held, 1) }
        validation += members[..<held]
        train += members[held...]
    }
    return (train.sorted(), validation.sorted())
}

/// Partitions indices `0..<targets.count` into `k` disjoint folds. Each class is dealt round
/// robin, continuing where the previous class stopped, so folds differ in size by at most one
/// and in each class's count by at most one. Each fold is sorted.
public func stratifiedFolds(targets: [Int], k: Int, seed: UInt64) -> [[Int]] {
    precondition(k >= 1, "need at least one fold")
    var generator = SeededGenerator(seed: seed)
    var folds = [[Int]](repeating: [], count: k)
    var next = 0
    for var members in indicesByClass(targets) {
        shuffle(&members, using: &generator)
        for index in members {
            folds[next].append(index)
            next = (next + 1) % k
        }
    }
    return folds.map { $0.sorted() }
}

/// Picks `count` of the indices `0..<targets.count` at random, each class taking its share:
/// the floor of its proportional quota, and the places left over go to the classes with the
/// largest remainders (ties to the lower class). Sorted.
public func stratifiedSample(targets: [Int], count: Int, seed: UInt64) -> [Int] {
    precondition((0...targets.count).contains(count), "cannot pick \(count) of \(targets.count) images")
    var generator = SeededGenerator(seed: seed)
    let classes = indicesByClass(targets)
    // Integer arithmetic, so the quotas never depend on floating-point rounding.
    var quotas = classes.map { $0.count * count / targets.count }
    let remainders = classes.map { $0.count * count % targets.count }
    let leftover = count - quotas.reduce(0, +)
    let byRemainder = classes.indices.sorted { remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1 }
    for c in byRemainder.prefix(leftover) { quotas[c] += 1 }
    var chosen: [Int] = []
    for (c, var members) in classes.enumerated() {
        shuffle(&members, using: &generator)
        chosen += members[..<quotas[c]]
    }
    return chosen.sorted()
}

/// Indices of each target value, in ascending target order.
private func indicesByClass(_ targets: [Int]) -> [[Int]] {
    var byClass: [Int: [Int]] = [:]
    for (index, target) in targets.enumerated() { byClass[target, default: []].append(index) }
    return byClass.keys.sorted().map { byClass[$0]! }
}

/// Fisher–Yates with an unbiased-enough bounded draw (multiply-high); written out so the
/// order never depends on the standard library's `shuffle` implementation.
private func shuffle(_ values: inout [Int], using generator: inout SeededGenerator) {
    guard values.count > 1 else { return }
    for i in stride(from: values.count - 1, to: 0, by: -1) {
        let j = Int(UInt64(i + 1).multipliedFullWidth(by: generator.next()).high)
        values.swapAt(i, j)
    }
}
