import StrokeModel

/// The network as Core ML `NeuralNetworkLayer` messages: one per layer of the architecture,
/// in order, then (when the temperature is not 1) a linear activation `temperature` that
/// multiplies the logits by 1/temperature, then a softmax, so the classifier's probabilities
/// come out of the file as they come out of `StrokeClassifier`.
///
/// Each layer's output blob is named after the layer (`conv_0`, `relu_1`, …, with the index
/// PyTorch and the model file use), and reads the previous layer's blob; the first reads the
/// image input.
enum CoreMLLayers {
    typealias Field = CoreMLField

    /// The blob the softmax writes: the classifier's `labelProbabilityLayerName`.
    static let probabilitiesBlob = "probabilities"

    /// Assumes `CoreMLCompatibility.check(model)` passed.
    static func messages(for model: ClassifierModel, input: String) -> [ProtobufWriter] {
        let architecture = model.architecture
        var parameters: [Int: [ParameterSpec.Kind: [Float]]] = [:]
        for (spec, values) in zip(architecture.parameterSpecs, model.parameters) {
            parameters[spec.layer, default: [:]][spec.kind] = values
        }

        var messages: [ProtobufWriter] = []
        var blob = input
        for (index, layer) in architecture.layers.enumerated() {
            let name = "\(kind(of: layer))_\(index)"
            let weights = parameters[index]?[.weight] ?? []
            let bias = parameters[index]?[.bias] ?? []
            messages.append(self.layer(name: name, input: blob, output: name) { w in
                write(layer, inputShape: architecture.shapes[index], weights: weights, bias: bias, to: &w)
            })
            blob = name
        }
        if let scale = ExportCalibration(model: model).logitScale {
            // The same Float 1/T StrokeClassifier multiplies by; beta is proto3's default 0,
            // so it is left out as a proto3 writer would.
            messages.append(self.layer(name: "temperature", input: blob, output: "temperature") { w in
                w.message(Field.NeuralNetworkLayer.activation) { a in
                    a.message(Field.ActivationParams.linear) { $0.float(Field.ActivationLinear.alpha, scale) }
                }
            })
            blob = "temperature"
        }
        messages.append(self.layer(name: "softmax", input: blob, output: probabilitiesBlob) { w in
            w.message(Field.NeuralNetworkLayer.softmax) { _ in }
        })
        return messages
    }

    private static func kind(of layer: LayerSpec) -> String {
        switch layer {
        case .conv: "conv"
        case .relu: "relu"
        case .maxPool: "pool"
        case .flatten: "flatten"
        case .dense: "dense"
        }
    }

    private static func layer(
        name: String, input: String, output: String, body: (inout ProtobufWriter) -> Void
    ) -> ProtobufWriter {
        var w = ProtobufWriter()
        w.string(Field.NeuralNetworkLayer.name, name)
        w.string(Field.NeuralNetworkLayer.input, input)
        w.string(Field.NeuralNetworkLayer.output, output)
        body(&w)
        return w
    }

    /// The layer's `oneof layer` member.
    private static func write(
        _ layer: LayerSpec, inputShape: TensorShape, weights: [Float], bias: [Float], to w: inout ProtobufWriter
    ) {
        switch layer {
        case let .conv(filters, kernel, padding):
            w.message(Field.NeuralNetworkLayer.convolution) { c in
                typealias P = Field.ConvolutionLayerParams
                c.int(P.outputChannels, filters)
                c.int(P.kernelChannels, inputShape.channels)
                c.int(P.nGroups, 1)
                c.packedInts(P.kernelSize, [Int64(kernel), Int64(kernel)])
                c.packedInts(P.stride, [1, 1])
                c.packedInts(P.dilationFactor, [1, 1])
                // Explicit amounts, not `same`: zero padding `padding` on every side whatever
                // the kernel, exactly as the network pads.
                c.message(P.valid) { validPadding(padding, to: &$0) }
                c.bool(P.hasBias, true)
                // Core ML's order `[outputChannels, kernelChannels, kH, kW]` is PyTorch's.
                c.message(P.weights) { $0.packedFloats(Field.WeightParams.floatValue, weights) }
                c.message(P.bias) { $0.packedFloats(Field.WeightParams.floatValue, bias) }
            }
        case .relu:
            w.message(Field.NeuralNetworkLayer.activation) { a in
                a.message(Field.ActivationParams.reLU) { _ in }
            }
        case let .maxPool(size):
            w.message(Field.NeuralNetworkLayer.pooling) { p in
                typealias P = Field.PoolingLayerParams
                p.int(P.type, P.max)
                p.packedInts(P.kernelSize, [Int64(size), Int64(size)])
                p.packedInts(P.stride, [Int64(size), Int64(size)])
                // Valid: a window never hangs over the edge, like our pooling (size rounded down).
                p.message(P.valid) { validPadding(0, to: &$0) }
            }
        case .flatten:
            w.message(Field.NeuralNetworkLayer.flatten) { f in
                f.int(Field.FlattenLayerParams.mode, Field.FlattenLayerParams.channelFirst)
            }
        case let .dense(units):
            w.message(Field.NeuralNetworkLayer.innerProduct) { d in
                typealias P = Field.InnerProductLayerParams
                d.int(P.inputChannels, inputShape.count)
                d.int(P.outputChannels, units)
                d.bool(P.hasBias, true)
                // `[C_out, C_in]` with C_in in (c, y, x) order: our dense weights as they are.
                d.message(P.weights) { $0.packedFloats(Field.WeightParams.floatValue, weights) }
                d.message(P.bias) { $0.packedFloats(Field.WeightParams.floatValue, bias) }
            }
        }
    }

    /// A `ValidPadding` with the same amount on all four sides (height first, then width).
    private static func validPadding(_ amount: Int, to w: inout ProtobufWriter) {
        w.message(Field.ValidPadding.paddingAmounts) { border in
            for _ in 0..<2 {
                border.message(Field.BorderAmounts.borderAmounts) { edges in
                    edges.int(Field.EdgeSizes.startEdgeSize, amount)
                    edges.int(Field.EdgeSizes.endEdgeSize, amount)
                }
            }
        }
    }
}
