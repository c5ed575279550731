/// One sampled pen position, in the editor's coordinates (any unit; y grows downwards
/// as on screen). The rasterizer fits the drawing to the image, so only shape matters.
public struct StrokePoint: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Whether both coordinates are finite; the rasterizer skips points that are not.
    public var isFinite: Bool { x.isFinite && y.isFinite }
}
