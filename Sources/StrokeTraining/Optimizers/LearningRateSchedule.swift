import Foundation
/// How the learning rate changes over training, as a factor of the base rate.
public enum LearningRateSchedule: Hashable, Sendable, CustomStringConvertible {
    case constant
    /// Linear warm-up over `warmupEpochs`, then cosine decay to 0 at the last step.
    case cosine(warmupEpochs: Int)
    /// Multiply by `factor` every `epochs` epochs.
    case step(epochs: Int, factor: Float)

    /// The factor at `step` (0-based) of `totalSteps`, with `stepsPerEpoch` steps an epoch.
    public func factor(step: Int, totalSteps: Int, stepsPerEpoch: Int) -> Float {
        switch self {
        case .constant:
            return 1
        case let .cosine(warmupEpochs):
            let warmup = warmupEpochs * stepsPerEpoch
            if step < warmup { return Float(step + 1) / Float(warmup) }
            let progress = Float(step - warmup) / Float(max(1, totalSteps - warmup))
            return 0.5 * (1 + cosf(.pi * progress))
        case let .step(epochs, factor):
            return powf(factor, Float(step / max(1, epochs * stepsPerEpoch)))
        }
    }

    public var description: String {
        switch self {
        case .constant: "constant"
        case let .cosine(warmup): "cosine(warmup: \(warmup))"
        case let .step(epochs, factor): "step(every: \(epochs), factor: \(factor))"
        }
    }
}
