import Foundation
import StrokeModel

/// Which update rule training uses.
public enum OptimizerKind: Hashable, Sendable, CustomStringConvertible {
    /// Adam with decoupled weight decay (AdamW).
    case adam(beta1: Float = 0.9, beta2: Float = 0.999, epsilon: Float = 1e-8)
    /// SGD with (optionally Nesterov) momentum; weight decay is added to the gradient (L2).
    case sgd(momentum: Float = 0.9, nesterov: Bool = false)

    public var description: String {
        switch self {
        case let .adam(b1, b2, eps): "adam(beta1: \(b1), beta2: \(b2), eps: \(eps))"
        case let .sgd(momentum, nesterov): "sgd(momentum: \(momentum)\(nesterov ? ", nesterov" : ""))"
        }
    }
}

/// Updates parameters from their gradients. State (moments) lives in buffers shaped like
/// the parameters; weight decay applies to weights only, never to biases.
public final class Optimizer {
    public let kind: OptimizerKind
    public var weightDecay: Float
    private let first: ParameterBuffer
    private let second: ParameterBuffer
    private var steps = 0

    private let architecture: Architecture

    public init(kind: OptimizerKind, weightDecay: Float, architecture: Architecture) {
        self.kind = kind
        self.weightDecay = weightDecay
        self.architecture = architecture
        first = ParameterBuffer(architecture: architecture)
        second = ParameterBuffer(architecture: architecture)
    }

    /// The step count and both moments (SGD uses only `first`), for a checkpoint.
    public var state: (steps: Int, first: [[Float]], second: [[Float]]) { (steps, first.arrays, second.arrays) }

    /// Puts back a `state`, to go on from a checkpoint.
    public func restore(steps: Int, first: [[Float]], second: [[Float]]) {
        self.steps = steps
        self.first.copy(from: ParameterBuffer(architecture: architecture, values: first))
        self.second.copy(from: ParameterBuffer(architecture: architecture, values: second))
    }

    package func step(parameters: ParameterBuffer, gradients: ParameterBuffer, learningRate: Float) {
        steps += 1
        for tensor in parameters.specs.indices {
            let decay = parameters.specs[tensor].kind == .weight ? weightDecay : 0
            let w = parameters.pointer(tensor), g = gradients.pointer(tensor)
            let m = first.pointer(tensor), v = second.pointer(tensor)
            let count = parameters.specs[tensor].count
            switch kind {
            case let .adam(beta1, beta2, epsilon):
                let correction1 = 1 - powf(beta1, Float(steps))
                let correction2 = 1 - powf(beta2, Float(steps))
                let stepSize = learningRate / correction1
                // Every parameter on its own: split between threads, the bits stay the same.
                Compute.parallelFor(count, minimumChunk: Compute.elementwiseChunk) { range in
                    // Sixteen at a time, written out: the compiler leaves a scalar loop where
                    // the pointers may alias. The same operations in the same order, so the
                    // same bits as the scalar tail.
                    var i = range.lowerBound
                    while i + 16 <= range.upperBound {
                        typealias V = SIMD16<Float>
                        let gi = ShortRow.load(V.self, g + i), wi = ShortRow.load(V.self, w + i)
                        let mi = beta1 * ShortRow.load(V.self, m + i) + (1 - beta1) * gi
                        let vi = beta2 * ShortRow.load(V.self, v + i) + (1 - beta2) * gi * gi
                        let denominator = (vi / correction2).squareRoot() + epsilon
                        ShortRow.store(mi, m + i)
                        ShortRow.store(vi, v + i)
                        ShortRow.store(wi - (stepSize * mi / denominator + learningRate * decay * wi), w + i)
                        i += 16
                    }
                    for i in i..<range.upperBound {
                        m[i] = beta1 * m[i] + (1 - beta1) * g[i]
                        v[i] = beta2 * v[i] + (1 - beta2) * g[i] * g[i]
                        let denominator = (v[i] / correction2).squareRoot() + epsilon
                        w[i] -= stepSize * m[i] / denominator + learningRate * decay * w[i]
                    }
                }
            case let .sgd(momentum, nesterov):
                Compute.parallelFor(count, minimumChunk: Compute.elementwiseChunk) { range in
                    for i in range {
                        let gradient = g[i] + decay * w[i]
                        m[i] = momentum * m[i] + gradient
                        w[i] -= learningRate * (nesterov ? gradient + momentum * m[i] : m[i])
                    }
                }
            }
        }
    }
}
