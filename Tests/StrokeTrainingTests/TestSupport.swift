import StrokeModel
@testable import StrokeTraining

/// Random test tensors from a seed.
func randomFloats(_ count: Int, seed: UInt64, scale: Float = 1) -> [Float] {
    var random = SeededGenerator(seed: seed)
    return (0..<count).map { _ in random.uniform(-scale, scale) }
}

/// Largest |a − b| relative to the larger magnitude (at least `floor`).
func maxRelativeError(_ a: [Float], _ b: [Float], floor: Float = 1e-3) -> Float {
    precondition(a.count == b.count, "sizes differ: \(a.count) vs \(b.count)")
    var worst: Float = 0
    for (x, y) in zip(a, b) { worst = max(worst, abs(x - y) / max(floor, abs(x), abs(y))) }
    return worst
}

/// Calls `body` with mutable pointers to copies of `arrays`, then returns the copies.
func withPointers(_ arrays: [[Float]], _ body: ([UnsafeMutablePointer<Float>]) -> Void) -> [[Float]] {
    let pointers = arrays.map { array -> UnsafeMutablePointer<Float> in
        let p = UnsafeMutablePointer<Float>.allocate(capacity: max(array.count, 1))
        p.initialize(from: array, count: array.count)
        return p
    }
    body(pointers)
    defer { pointers.forEach { $0.deallocate() } }
    return zip(pointers, arrays).map { Array(UnsafeBufferPointer(start: $0.0, count: $0.1.count)) }
}

/// Central finite differences of a scalar function, evaluated in Double.
func numericalGradient(_ x: [Float], epsilon: Float = 1e-2, indices: [Int]? = nil, _ f: ([Float]) -> Double) -> [Int: Float] {
    var result: [Int: Float] = [:]
    for i in indices ?? Array(x.indices) {
        var plus = x, minus = x
        plus[i] += epsilon
        minus[i] -= epsilon
        result[i] = Float((f(plus) - f(minus)) / Double(2 * epsilon))
    }
    return result
}

/// Σ a ⊙ b in Double: the loss whose output gradient is `b`.
func dot(_ a: [Float], _ b: [Float]) -> Double {
    zip(a, b).reduce(0) { $0 + Double($1.0) * Double($1.1) }
}

/// Largest |a − b| as a share of the largest |b|: float32 sums of many terms are compared
/// to double-precision references on the scale of the whole tensor.
func normwiseError(_ a: [Float], _ b: [Float]) -> Float {
    precondition(a.count == b.count, "sizes differ: \(a.count) vs \(b.count)")
    let scale = b.map(abs).max() ?? 0
    return zip(a, b).map { abs($0 - $1) }.max().map { $0 / max(scale, 1e-12) } ?? 0
}
