/// One sampled pen position, in the editor's coordinates (any unit; y grows downwards
/// as on screen). The rasterizer fits the drawing to the image, so only shape matters.
public struct StrokePoint: Hashable, Sendable, Codable {
/// Across, growing to the right.
    public var x: Double
/// Down, growing downwards as on screen.
    public var y: Double

/// The point at (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Whether both coordinates are finite; the rasterizer skips points that are not.
    public var isFinite: Bool { x.isFinite && y.isFinite }
}
