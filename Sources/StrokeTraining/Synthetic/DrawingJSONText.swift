import StrokeModel

/// Drawings as the JSON that `strokes predict --strokes` and `strokes rasterize` read: a list
/// of strokes, each a list of `[x, y]` points, compact, one drawing per file.
public enum DrawingJSONText {
    public static func encode(_ strokes: [[StrokePoint]]) -> String {
        "[" + strokes.map { stroke in
            "[" + stroke.map { "[\(number($0.x)),\(number($0.y))]" }.joined(separator: ",") + "]"
        }.joined(separator: ",") + "]\n"
    }

    /// The shortest text that reads back as the same Double ("12.5", "-3", not "-3.0").
    /// Non-finite values have no JSON form; the generator never makes them.
    private static func number(_ value: Double) -> String {
        precondition(value.isFinite, "JSON has no \(value)")
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
