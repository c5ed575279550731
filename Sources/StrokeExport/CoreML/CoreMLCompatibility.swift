import StrokeModel

/// The checks a model must pass before it is written, so that the writers can assume a
/// well-formed model and a file is never half right.
enum CoreMLCompatibility {
    static func check(_ model: ClassifierModel) throws(CoreMLExportError) {
        let architecture = model.architecture
        guard architecture.input.channels == 1 else { throw .inputChannels(architecture.input.channels) }
        guard model.input.scale.isFinite, model.input.scale > 0 else { throw .invalidScale(model.input.scale) }
        if let problem = ExportCalibration(model: model).problem { throw .invalidCalibration(reason: problem) }

        var seen: Set<String> = []
        for label in model.labels {
            guard !label.isEmpty else { throw .invalidLabel("a class label is empty") }
            guard seen.insert(label).inserted else { throw .invalidLabel("class label '\(label)' appears twice") }
        }

        for (spec, values) in zip(architecture.parameterSpecs, model.parameters) where values.count != spec.count {
            throw .parameterSize(name: spec.name, expected: spec.count, found: values.count)
        }

        // Each layer must give, by Core ML's own shape rules, the shape our network gives;
        // otherwise the weights that follow would be read in the wrong layout.
        for (index, layer) in architecture.layers.enumerated() {
            let coreML = coreMLOutputShape(of: layer, input: architecture.shapes[index])
            let ours = architecture.shapes[index + 1]
            guard coreML == ours else {
                throw .unsupportedLayer(
                    index: index, layer,
                    reason: "Core ML would compute a \(coreML) output where the network has \(ours)")
            }
        }
    }

    /// The output of the layer `CoreMLLayers` writes for `layer`, by the formulas of
    /// NeuralNetwork.proto: `ValidPadding` convolution and pooling give
    /// `(H + top + bottom - kernel) / stride + 1` (rounded down); flatten gives `[C·H·W, 1, 1]`;
    /// inner product `[C_out, 1, 1]`.
    static func coreMLOutputShape(of layer: LayerSpec, input: TensorShape) -> TensorShape {
        func valid(_ size: Int, padding: Int, kernel: Int, stride: Int) -> Int {
            (size + 2 * padding - kernel) / stride + 1
        }
        switch layer {
        case let .conv(filters, kernel, padding):
            return TensorShape(
                channels: filters,
                height: valid(input.height, padding: padding, kernel: kernel, stride: 1),
                width: valid(input.width, padding: padding, kernel: kernel, stride: 1))
        case .relu:
            return input
        case let .maxPool(size):
            return TensorShape(
                channels: input.channels,
                height: valid(input.height, padding: 0, kernel: size, stride: size),
                width: valid(input.width, padding: 0, kernel: size, stride: size))
        case .flatten:
            return .vector(input.count)
        case let .dense(units):
            return .vector(units)
        }
    }
}
