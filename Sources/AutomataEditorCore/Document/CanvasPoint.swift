import StrokeModel

/// A point on the editor's canvas, in points; y grows downwards, as on screen. It is the
/// pen's own point type, so a stroke goes from a drawing file or the screen to the classifier
/// as it is.
public typealias CanvasPoint = StrokePoint

extension CanvasPoint {
    public func distance(to other: CanvasPoint) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}
