/// A sequential network: an input shape and a list of layers, with every shape worked out.
///
/// The last layer's output is the logits, one per class; softmax is applied by the
/// classifier and the loss, not stored as a layer.
public struct Architecture: Hashable, Sendable {
    /// The image the network takes.
    public let input: TensorShape
    /// The layers in order, input first.
    public let layers: [LayerSpec]
    /// `shapes[i]` is the input of layer `i`; `shapes[layers.count]` is the output.
    public let shapes: [TensorShape]

/// A network taking `input` through `layers`.
/// - Throws: `ArchitectureError` when a layer does not fit the shape before it, or the output is not a vector.
    public init(input: TensorShape, layers: [LayerSpec]) throws(ArchitectureError) {
        var shapes = [input]
        var current = input
        for (index, layer) in layers.enumerated() {
            current = try Self.outputShape(of: layer, at: index, input: current)
            shapes.append(current)
        }
        guard !layers.isEmpty, current.isVector else { throw .outputNotVector(current) }
        self.input = input
        self.layers = layers
        self.shapes = shapes
    }

    /// The reference network of DESIGN.md.
    public static func reference(classes: Int, input: TensorShape = .init(channels: 1, height: 28, width: 28)) -> Architecture {
        // The reference layer list is valid for any 28×28 input and any class count ≥ 1.
        try! Architecture(input: input, layers: [
            .conv(filters: 16, kernel: 5, padding: 2), .relu, .maxPool(size: 2),
            .conv(filters: 32, kernel: 5, padding: 2), .relu, .maxPool(size: 2),
            .flatten, .dense(units: 128), .relu, .dense(units: classes),
        ])
    }

/// The shape of the last layer's output: one value per class.
    public var output: TensorShape { shapes[layers.count] }
/// How many classes the network tells apart.
    public var classCount: Int { output.channels }

    /// Parameter tensors in file order, with PyTorch names and shapes
    /// (conv `[out, in, kh, kw]`, dense `[out, in]`, biases `[out]`).
    public var parameterSpecs: [ParameterSpec] {
        layers.enumerated().flatMap { index, layer -> [ParameterSpec] in
            let input = shapes[index]
            switch layer {
            case let .conv(filters, kernel, _):
                return [
                    ParameterSpec(layer: index, kind: .weight, shape: [filters, input.channels, kernel, kernel]),
                    ParameterSpec(layer: index, kind: .bias, shape: [filters]),
                ]
            case let .dense(units):
                return [
                    ParameterSpec(layer: index, kind: .weight, shape: [units, input.count]),
                    ParameterSpec(layer: index, kind: .bias, shape: [units]),
                ]
            case .relu, .maxPool, .flatten:
                return []
            }
        }
    }

/// Weights and biases in all.
    public var parameterCount: Int { parameterSpecs.reduce(0) { $0 + $1.count } }

    /// Multiply-adds ×2 of one forward pass of one sample (convolutions and dense layers).
    public var forwardFLOPs: Int {
        layers.enumerated().reduce(0) { total, item in
            let (index, layer) = item
            switch layer {
            case let .conv(filters, kernel, _):
                let out = shapes[index + 1]
                return total + 2 * filters * out.height * out.width * shapes[index].channels * kernel * kernel
            case let .dense(units):
                return total + 2 * units * shapes[index].count
            default:
                return total
            }
        }
    }

    private static func outputShape(of layer: LayerSpec, at index: Int, input: TensorShape) throws(ArchitectureError) -> TensorShape {
        switch layer {
        case let .conv(filters, kernel, padding):
            guard filters > 0, kernel > 0, padding >= 0 else { throw .invalidLayer(index, layer) }
            let h = input.height + 2 * padding - kernel + 1
            let w = input.width + 2 * padding - kernel + 1
            guard !input.isVector || index == 0, h > 0, w > 0 else { throw .shapeMismatch(index, layer, input) }
            return TensorShape(channels: filters, height: h, width: w)
        case .relu:
            return input
        case let .maxPool(size):
            guard size > 0 else { throw .invalidLayer(index, layer) }
            guard input.height >= size, input.width >= size else { throw .shapeMismatch(index, layer, input) }
            return TensorShape(channels: input.channels, height: input.height / size, width: input.width / size)
        case .flatten:
            return .vector(input.count)
        case let .dense(units):
            guard units > 0 else { throw .invalidLayer(index, layer) }
            guard input.isVector else { throw .shapeMismatch(index, layer, input) }
            return .vector(units)
        }
    }
}

/// One tensor of trainable numbers: a layer's weight or bias, with its shape.
public struct ParameterSpec: Hashable, Sendable {
/// Which of a layer's tensors.
    public enum Kind: String, Sendable { case weight, bias }
/// The layer it belongs to (0-based, in `Architecture.layers`).
    public let layer: Int
    /// Weight or bias.
    public let kind: Kind
/// PyTorch's order: `[out, in, kh, kw]` for a convolution, `[out, in]` for a dense layer, `[out]` for a bias.
    public let shape: [Int]

/// Its name in the model file: `layers.<i>.weight` or `layers.<i>.bias`.
    public var name: String { "layers.\(layer).\(kind.rawValue)" }
/// How many numbers it holds.
    public var count: Int { shape.reduce(1, *) }
}

/// Why a layer list is not a network.
public enum ArchitectureError: Error, Equatable, CustomStringConvertible {
    case invalidLayer(Int, LayerSpec)
    case shapeMismatch(Int, LayerSpec, TensorShape)
    case outputNotVector(TensorShape)

    public var description: String {
        switch self {
        case let .invalidLayer(i, layer): "layer \(i) (\(layer.summary)) has a size that is zero or negative"
        case let .shapeMismatch(i, layer, input): "layer \(i) (\(layer.summary)) cannot take an input of shape \(input); add a flatten before dense layers"
        case let .outputNotVector(shape): "the network must end in a vector of class scores, not \(shape)"
        }
    }
}
