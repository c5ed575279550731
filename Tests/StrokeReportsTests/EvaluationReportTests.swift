import Testing
@testable import StrokeTraining
@testable import StrokeReports

// The report's figures, checked against values worked out by hand from `EvaluationFixture`.

private let report = EvaluationReport(
    predictions: EvaluationFixture.predictions, paths: EvaluationFixture.paths,
    model: "models/m.safetensors", dataset: "data", split: "test")

@Test func accuracyCountsEveryImage() {
    #expect(report.images == 11)
    #expect(report.correct == 6)
    #expect(report.accuracy == 6.0 / 11.0)
    #expect(report.labels == EvaluationFixture.labels)
    #expect(report.confusion.counts == [[3, 0, 1], [0, 2, 1], [0, 3, 1]])
    #expect(report.loss == 0.5)
}

@Test func perClassMetricsFollowTheMatrix() {
    #expect(report.perClass.map(\.label) == ["arrow", "circle", "cycle"])
    // precision = diagonal / column sum, recall = diagonal / row sum.
    expectClose(report.perClass.map(\.precision), [1, 2.0 / 5, 1.0 / 3])
    expectClose(report.perClass.map(\.recall), [3.0 / 4, 2.0 / 3, 1.0 / 4])
    expectClose(report.perClass.map(\.f1), [6.0 / 7, 1.0 / 2, 2.0 / 7])
    #expect(report.perClass.map(\.support) == [4, 3, 4])
}

@Test func confusionsAreLargestFirstThenInLabelOrder() {
    let expected = [
        EvaluationReport.Confusion(truth: "cycle", predicted: "circle", count: 3),
        EvaluationReport.Confusion(truth: "arrow", predicted: "cycle", count: 1),
        EvaluationReport.Confusion(truth: "circle", predicted: "cycle", count: 1),
    ]
    #expect(report.confusions == expected)
}

@Test func misclassifiedListsWrongImagesInDatasetOrder() {
    let expected: [EvaluationReport.Misclassified] = [
        .init(path: "data/arrow/3.png", truth: "arrow", predicted: "cycle", confidence: 0.5, probabilities: [0.25, 0.25, 0.5]),
        .init(path: "data/circle/6.png", truth: "circle", predicted: "cycle", confidence: 0.625,
              probabilities: [0.1875, 0.1875, 0.625]),
        .init(path: "data/cycle/8.png", truth: "cycle", predicted: "circle", confidence: 0.75,
              probabilities: [0.125, 0.75, 0.125]),
        .init(path: "data/cycle/9.png", truth: "cycle", predicted: "circle", confidence: 0.875,
              probabilities: [0.0625, 0.875, 0.0625]),
        .init(path: "data/cycle/10.png", truth: "cycle", predicted: "circle", confidence: 0.5, probabilities: [0.25, 0.5, 0.25]),
    ]
    #expect(report.misclassified == expected)
}

@Test func aPerfectModelHasNoConfusions() {
    let perfect = Predictions(
        labels: ["a", "b"], probabilities: [0.75, 0.25, 0.25, 0.75], predicted: [0, 1], truth: [0, 1], loss: 0.25)
    let r = EvaluationReport(predictions: perfect, paths: ["a/0.png", "b/0.png"], model: "m", dataset: "d")
    #expect(r.accuracy == 1)
    #expect(r.confusions.isEmpty)
    #expect(r.misclassified.isEmpty)
    #expect(r.split == nil)
}

@Test func floatFiguresKeepTheirShortFormAsDoubles() {
    // 0.87 as a Float is 0.8700000047…; the report shows it as written.
    #expect(EvaluationReport.shortest(Float(0.87)) == 0.87)
    #expect(Float(EvaluationReport.shortest(Float(1) / 3)) == Float(1) / 3)
}

func expectClose(_ actual: [Double], _ expected: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(actual.count == expected.count, sourceLocation: sourceLocation)
    for (a, e) in zip(actual, expected) {
        #expect(abs(a - e) < 1e-12, "\(actual) ≠ \(expected)", sourceLocation: sourceLocation)
    }
}
