import Foundation
import StrokeModel

/// The classifier an editor runs, with the rejection threshold an editor wants: the one given,
/// else the one the model file recommends (chosen by `strokes train` from held-out strokes),
/// else `fallbackThreshold` for models from before calibration.
public enum EditorClassifier {
    /// Models without a recommended threshold leave strokes they are less than half sure of undrawn.
    public static let fallbackThreshold: Float = 0.5

    /// The model file at `url` with `threshold`, or the default above when nil.
    public static func load(_ url: URL, threshold: Float? = nil) throws(ModelFileError) -> StrokeClassifier {
        let model = try ModelFile.read(from: url)
        if let mismatch = StrokeClassifier.mismatch(in: model) {
            throw .invalidMetadata(source: url.relativePath, key: mismatch.key, reason: mismatch.reason)
        }
        return StrokeClassifier(model: model, rejectionThreshold: threshold ?? model.calibration.threshold ?? fallbackThreshold)
    }
}
