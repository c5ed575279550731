@testable import StrokeTraining

/// A hand-made evaluation with known counts (rows true, columns predicted):
///
///              arrow circle cycle
///     arrow      3     0     1
///     circle     0     2     1
///     cycle      0     3     1
///
/// Probabilities are dyadic fractions, exact in Float, so expected values can be exact.
enum EvaluationFixture {
    static let labels = ["arrow", "circle", "cycle"]
    /// (true class, predicted class, probability of the prediction) per image.
    static let images: [(truth: Int, predicted: Int, confidence: Float)] = [
        (0, 0, 0.75), (0, 0, 0.75), (0, 0, 0.75), (0, 2, 0.5),
        (1, 1, 0.875), (1, 1, 0.75), (1, 2, 0.625),
        (2, 2, 0.5), (2, 1, 0.75), (2, 1, 0.875), (2, 1, 0.5),
    ]
    static let paths = images.indices.map { "data/\(labels[images[$0].truth])/\($0).png" }

    static var predictions: Predictions {
        var probabilities: [Float] = []
        for image in images {
            // The rest of the probability is split evenly between the other two classes.
            probabilities += labels.indices.map { $0 == image.predicted ? image.confidence : (1 - image.confidence) / 2 }
        }
        return Predictions(
            labels: labels, probabilities: probabilities, predicted: images.map(\.predicted),
            truth: images.map(\.truth), loss: 0.5)
    }
}
