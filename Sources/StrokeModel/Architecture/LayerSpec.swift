/// One layer of a sequential network, as stored in the model file's `architecture` metadata.
///
/// Indices in the layer list name the parameters (`layers.<index>.weight`), exactly as
/// PyTorch's `nn.Sequential` names them, so a state dict loads into the equivalent
/// `Sequential(Conv2d, ReLU, MaxPool2d, …, Flatten, Linear, …)` without renaming.
public enum LayerSpec: Hashable, Sendable {
    /// Square convolution, stride 1, zero padding on every side.
    case conv(filters: Int, kernel: Int, padding: Int)
    case relu
    /// Square max-pooling with stride equal to its size.
    case maxPool(size: Int)
    case flatten
    /// Fully connected layer; its input must be a vector (after `flatten` or another dense).
    case dense(units: Int)

    /// Whether the layer has trainable numbers (convolutions and dense layers).
    public var hasParameters: Bool {
        switch self {
        case .conv, .dense: true
        case .relu, .maxPool, .flatten: false
        }
    }

    /// A short name for progress lines and reports, e.g. `conv 5×5×16 pad 2`.
    public var summary: String {
        switch self {
        case let .conv(filters, kernel, padding): "conv \(kernel)×\(kernel)×\(filters) pad \(padding)"
        case .relu: "relu"
        case let .maxPool(size): "maxpool \(size)"
        case .flatten: "flatten"
        case let .dense(units): "dense \(units)"
        }
    }
}

extension LayerSpec: Codable {
    private enum CodingKeys: String, CodingKey { case type, filters, kernel, padding, size, units }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "conv2d":
            self = .conv(
                filters: try c.decode(Int.self, forKey: .filters),
                kernel: try c.decode(Int.self, forKey: .kernel),
                padding: try c.decode(Int.self, forKey: .padding))
        case "relu": self = .relu
        case "maxpool2d": self = .maxPool(size: try c.decode(Int.self, forKey: .size))
        case "flatten": self = .flatten
        case "linear": self = .dense(units: try c.decode(Int.self, forKey: .units))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c, debugDescription: "unknown layer type '\(type)'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .conv(filters, kernel, padding):
            try c.encode("conv2d", forKey: .type)
            try c.encode(filters, forKey: .filters)
            try c.encode(kernel, forKey: .kernel)
            try c.encode(padding, forKey: .padding)
        case .relu: try c.encode("relu", forKey: .type)
        case let .maxPool(size):
            try c.encode("maxpool2d", forKey: .type)
            try c.encode(size, forKey: .size)
        case .flatten: try c.encode("flatten", forKey: .type)
        case let .dense(units):
            try c.encode("linear", forKey: .type)
            try c.encode(units, forKey: .units)
        }
    }
}
