/// Runs a network forward over a batch, with every buffer allocated once, up front.
///
/// The one forward pass of the package: the classifier, evaluation and the trainer all use
/// it, so what is measured is what ships. Activations are channels-last (`[N, H, W, C]`);
/// weights are in `ParameterLayout`'s kernel order. What the backward pass needs (every
/// layer's input and output, and each conv layer's window rows) stays readable after `run`.
/// Not thread-safe: give each thread its own.
package final class ForwardPass: @unchecked Sendable {
    package let architecture: Architecture
    /// The largest batch `run` accepts.
    package let capacity: Int
    /// `activations[i]` holds layer `i`'s input for the current batch; the last one holds the logits.
    private var activations: [UnsafeMutablePointer<Float>] = []
    /// How each conv layer shapes its sgemms (window rows unless a measured plan says otherwise).
    package let plan: ConvolutionPlan
    /// `plan`'s strategy for each layer (window rows for layers that are not conv layers),
    /// looked up once here: a forward pass allocates nothing.
    private let strategies: [ConvolutionStrategy]
    /// A conv layer's window rows or patch matrix for the whole batch (see
    /// `ConvolutionForward`), kept for the weight gradient; nil for other layers.
    private var rowScratch: [UnsafeMutablePointer<Float>?] = []
    private let arena = ScratchArena()
    /// Images in the current batch.
    package private(set) var batch = 0
    /// Laps per layer and phase when profiling (`strokes bench training --profile`); nil otherwise.
    package var profile: PhaseProfile?

    package init(architecture: Architecture, capacity: Int, plan: ConvolutionPlan? = nil) {
        precondition(capacity > 0, "capacity must be positive")
        self.architecture = architecture
        self.capacity = capacity
        self.plan = plan ?? ConvolutionPlan([.windowRows])
        precondition(self.plan.fits(architecture), "convolution plan \(self.plan) does not fit the network")
        strategies = architecture.layers.indices.map { [plan = self.plan] in plan.strategy(ofLayer: $0, in: architecture) }
        let floats = { [arena] (count: Int) in arena.zeros(count, of: Float.self) }
        activations.append(floats(capacity * architecture.input.count))
        for (index, layer) in architecture.layers.enumerated() {
            let input = architecture.shapes[index]
            let output = architecture.shapes[index + 1]
            // Flatten is free: a batch of images is already a row per sample. ReLU works in
            // place: its backward reads only its output, and nothing else reads its input.
            let inPlace = layer == .flatten || layer == .relu
            activations.append(inPlace ? activations[index] : floats(capacity * output.count))
            if case let .conv(_, kernel, padding) = layer {
                let g = Self.geometry(input, kernel: kernel, padding: padding, batch: capacity)
                rowScratch.append(floats(g.scratchCount(strategies[index])))
            } else {
                rowScratch.append(nil)
            }
        }
    }

    /// Where the next batch's input goes: `capacity × input.count` floats.
    package var input: UnsafeMutablePointer<Float> { activations[0] }

    /// Writes `count` 8-bit images (`input.count` bytes each) into the input, scaled.
    package func setInput(bytes: UnsafePointer<UInt8>, count: Int, scale: Float) {
        precondition(count <= capacity, "batch larger than the workspace")
        let values = count * architecture.input.count
        for i in 0..<values { activations[0][i] = Float(bytes[i]) * scale }
    }

    /// Runs the network on the first `count` inputs; returns the logits, `[count, classes]`.
    @discardableResult
    package func run(parameters: ParameterBuffer, count: Int) -> UnsafeMutablePointer<Float> {
        precondition(count > 0 && count <= capacity, "batch of \(count) outside 1…\(capacity)")
        batch = count
        var parameterIndex = 0
        for (index, layer) in architecture.layers.enumerated() {
            let inShape = architecture.shapes[index]
            let x = activations[index], y = activations[index + 1]
            switch layer {
            case let .conv(filters, kernel, padding):
                ConvolutionForward.run(
                    input: x, geometry: Self.geometry(inShape, kernel: kernel, padding: padding, batch: count),
                    filters: filters, weight: parameters.pointer(parameterIndex),
                    bias: parameters.pointer(parameterIndex + 1), rows: rowScratch[index]!,
                    strategy: strategy(ofLayer: index), output: y,
                    relu: reluFollows(index), profile: profile.map { LayerProfile($0, layer: index) })
                parameterIndex += 2
            case let .dense(units):
                DenseForward.run(
                    input: x, batch: count, inputs: inShape.count, outputs: units,
                    weight: parameters.pointer(parameterIndex), bias: parameters.pointer(parameterIndex + 1),
                    output: y, profile: profile.map { LayerProfile($0, layer: index) })
                parameterIndex += 2
            case .relu:
                // In place, so after a conv that applied it already there is nothing left to do.
                if index == 0 || !isConv(index - 1) {
                    ReLUForward.run(x, count: count * inShape.count, output: y)
                    profile?.lap(.reluForward, layer: index)
                }
            case let .maxPool(size):
                MaxPoolForward.run(
                    x, images: count, height: inShape.height, width: inShape.width, channels: inShape.channels,
                    size: size, output: y)
                profile?.lap(.poolForward, layer: index)
            case .flatten:
                break
            }
        }
        return activations[architecture.layers.count]
    }

    private func isConv(_ layer: Int) -> Bool {
        if case .conv = architecture.layers[layer] { true } else { false }
    }

    /// Whether layer `index + 1` is a ReLU, which the conv at `index` then applies itself.
    private func reluFollows(_ index: Int) -> Bool {
        index + 1 < architecture.layers.count && architecture.layers[index + 1] == .relu
    }

    // MARK: what the backward pass reads

    package func activation(_ layer: Int) -> UnsafeMutablePointer<Float> { activations[layer] }

    /// Conv layer `layer`'s window rows or patch matrix for the last batch
    /// (`ConvolutionForward`), from which the backward pass takes the weight gradient.
    package func rows(_ layer: Int) -> UnsafePointer<Float> { UnsafePointer(rowScratch[layer]!) }

    /// How conv layer `layer` shapes its sgemms.
    package func strategy(ofLayer layer: Int) -> ConvolutionStrategy { strategies[layer] }

    package static func geometry(_ input: TensorShape, kernel: Int, padding: Int, batch: Int) -> ConvGeometry {
        ConvGeometry(
            batch: batch, channels: input.channels, height: input.height, width: input.width,
            kernel: kernel, padding: padding)
    }
}
