/// The shape of one sample's activation: channels, height, width (the batch dimension is
/// implicit). The kernels store activations channels-last, `[H, W, C]` per sample.
public struct TensorShape: Hashable, Sendable, CustomStringConvertible {
/// Channels (feature maps); for a vector, its length.
    public var channels: Int
/// Rows of each channel.
    public var height: Int
/// Columns of each channel.
    public var width: Int

/// A `channels`×`height`×`width` tensor.
    public init(channels: Int, height: Int, width: Int) {
        self.channels = channels
        self.height = height
        self.width = width
    }

    /// A flat vector (the output of `flatten` and of dense layers).
    public static func vector(_ count: Int) -> TensorShape {
        TensorShape(channels: count, height: 1, width: 1)
    }

/// How many numbers it holds.
    public var count: Int { channels * height * width }
/// One value per channel: a dense layer's input or output.
    public var isVector: Bool { height == 1 && width == 1 }
    public var description: String { isVector ? "\(channels)" : "\(channels)×\(height)×\(width)" }
}
