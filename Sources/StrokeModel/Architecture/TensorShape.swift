/// The shape of one sample's activation: channels, height, width (the batch dimension is
/// implicit). The kernels store activations channels-last, `[H, W, C]` per sample.
public struct TensorShape: Hashable, Sendable, CustomStringConvertible {
    public var channels: Int
    public var height: Int
    public var width: Int

    public init(channels: Int, height: Int, width: Int) {
        self.channels = channels
        self.height = height
        self.width = width
    }

    /// A flat vector (the output of `flatten` and of dense layers).
    public static func vector(_ count: Int) -> TensorShape {
        TensorShape(channels: count, height: 1, width: 1)
    }

    public var count: Int { channels * height * width }
    public var isVector: Bool { height == 1 && width == 1 }
    public var description: String { isVector ? "\(channels)" : "\(channels)×\(height)×\(width)" }
}
