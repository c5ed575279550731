import StrokeModel

/// Turns pen input into edits: each stroke is classified by the model, then the
/// `RecognitionRules` say what a circle, arrow or cycle there means for the document.
public struct StrokeInterpreter: Sendable {
    public let classifier: StrokeClassifier
    public var rules: RecognitionRules

    public init(classifier: StrokeClassifier, rules: RecognitionRules = RecognitionRules()) {
        self.classifier = classifier
        self.rules = rules
    }

    /// What one pen stroke means. A stroke the classifier rejects (top probability under its
    /// threshold) or labels with a class the rules do not know changes nothing.
    public func interpret(stroke: [CanvasPoint], in document: AutomatonDocument) -> Interpretation {
        guard stroke.count >= 2 else { return .nothing("a stroke of \(stroke.count) point(s)") }
        let classification = classifier.classify(stroke: stroke)
        guard let label = classification.label else {
            return .nothing("rejected (\(classification.topLabel)?, confidence \(Self.format(classification.confidence))"
                + " < \(Self.format(classifier.rejectionThreshold)))")
        }
        guard let kind = ShapeKind(rawValue: label) else { return .nothing("\(label): not a shape the editor knows") }
        return rules.interpret(kind, stroke: stroke, in: document)
    }

    /// What one drawing event means: a stroke as above, a text by `RecognitionRules.text`, an
    /// eraser path by `RecognitionRules.erase`.
    public func interpret(_ event: DrawingEvent, in document: AutomatonDocument) -> Interpretation {
        switch event {
        case .stroke(let points): interpret(stroke: points, in: document)
        case let .text(text, at): rules.text(text, at: at, in: document)
        case .erase(let path): rules.erase(along: path, in: document)
        }
    }

    /// `0.42`: two decimals.
    private static func format(_ value: Float) -> String { DecimalText.fixed(Double(value), digits: 2) }
}
