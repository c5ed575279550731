import StrokeModel

/// Back-propagates a loss gradient through a `ForwardPass`'s last batch, writing the
/// gradient of every parameter. Buffers are allocated once, for the forward pass's capacity.
public final class BackwardPass: @unchecked Sendable {
    public let architecture: Architecture
    /// `gradients[i]` is the gradient with respect to layer `i`'s input; the last one is
    /// the gradient with respect to the logits, which the loss writes.
    private var gradients: [UnsafeMutablePointer<Float>] = []
    /// A conv layer's flipped kernel and gradient rows; nil for other layers.
    private var convScratch: [ConvolutionBackward.Scratch?] = []
    private let arena = ScratchArena()
    /// Laps per layer and phase when profiling (`strokes bench training --profile`); nil otherwise.
    package var profile: PhaseProfile?

    package init(for forward: ForwardPass) {
        architecture = forward.architecture
        let capacity = forward.capacity
        let floats = { [arena] (count: Int) in arena.zeros(count, of: Float.self) }
        gradients.append(floats(capacity * architecture.input.count))
        for (index, layer) in architecture.layers.enumerated() {
            let shape = architecture.shapes[index + 1]
            gradients.append(layer == .flatten ? gradients[index] : floats(capacity * shape.count))
            if case let .conv(filters, kernel, padding) = layer {
                let g = ForwardPass.geometry(architecture.shapes[index], kernel: kernel, padding: padding, batch: capacity)
                convScratch.append(ConvolutionBackward.Scratch(g, filters: filters, strategy: forward.strategy(ofLayer: index)))
            } else {
                convScratch.append(nil)
            }
        }
    }

    /// Where the loss writes its gradient with respect to the logits.
    public var logitsGradient: UnsafeMutablePointer<Float> { gradients[architecture.layers.count] }

    /// The gradient with respect to the network's input (filled only with `inputGradient: true`).
    public var inputGradient: UnsafeMutablePointer<Float> { gradients[0] }

    /// Fills `parameterGradients` from `logitsGradient` for the forward pass's last batch.
    /// The gradient with respect to the input image is skipped unless asked for (tests).
    package func run(
        forward: ForwardPass, parameters: ParameterBuffer, parameterGradients: ParameterBuffer,
        inputGradient wantsInputGradient: Bool = false
    ) {
        let batch = forward.batch
        var parameterIndex = parameters.specs.count
        for index in architecture.layers.indices.reversed() {
            let layer = architecture.layers[index]
            let inShape = architecture.shapes[index]
            let dy = gradients[index + 1]
            let dx: UnsafeMutablePointer<Float>? = index > 0 || wantsInputGradient ? gradients[index] : nil
            switch layer {
            case let .conv(filters, kernel, padding):
                parameterIndex -= 2
                let g = ForwardPass.geometry(inShape, kernel: kernel, padding: padding, batch: batch)
                ConvolutionBackward.run(
                    outputGradient: dy, rows: forward.rows(index), geometry: g, strategy: forward.strategy(ofLayer: index),
                    filters: filters,
                    weight: parameters.pointer(parameterIndex),
                    weightGradient: parameterGradients.pointer(parameterIndex),
                    biasGradient: parameterGradients.pointer(parameterIndex + 1),
                    scratch: convScratch[index]!, inputGradient: dx, profile: profile.map { LayerProfile($0, layer: index) })
            case let .dense(units):
                parameterIndex -= 2
                DenseBackward.run(
                    outputGradient: dy, input: forward.activation(index), batch: batch,
                    inputs: inShape.count, outputs: units, weight: parameters.pointer(parameterIndex),
                    weightGradient: parameterGradients.pointer(parameterIndex),
                    biasGradient: parameterGradients.pointer(parameterIndex + 1), inputGradient: dx,
                    profile: profile.map { LayerProfile($0, layer: index) })
            case .relu:
                // Before a max-pool, the pool's backward did this ReLU's too.
                if let dx, !poolFollows(index) {
                    ReLUBackward.run(
                        outputGradient: dy, output: forward.activation(index + 1),
                        count: batch * inShape.count, inputGradient: dx)
                    profile?.lap(.reluBackward, layer: index)
                }
            case let .maxPool(size):
                let fused = index > 0 && architecture.layers[index - 1] == .relu
                let target = fused ? gradients[index - 1] : gradients[index]
                if fused ? index - 1 > 0 || wantsInputGradient : dx != nil {
                    MaxPoolBackward.run(
                        outputGradient: dy, input: forward.activation(index), output: forward.activation(index + 1),
                        images: batch, height: inShape.height, width: inShape.width, channels: inShape.channels,
                        size: size, reluBefore: fused, inputGradient: target)
                    profile?.lap(.poolBackward, layer: index)
                }
            case .flatten:
                break
            }
        }
    }

    private func poolFollows(_ index: Int) -> Bool {
        guard index + 1 < architecture.layers.count, case .maxPool = architecture.layers[index + 1] else { return false }
        return true
    }
}
