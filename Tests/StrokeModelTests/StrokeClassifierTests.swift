import Foundation
import StrokeModel
import Testing

/// The shipped classifier on strokes built in code, and the classifier's API contracts:
/// images as bytes or floats, strokes, batches, probabilities, rejection, odd inputs.
@Suite struct StrokeClassifierTests {
    typealias S = CodeBuiltStrokes
    let classifier = CodeBuiltStrokes.shipped

    /// Sizes across (an editor's state is 60–150 points; a whole-canvas drawing 600) and
    /// positions far from the origin, in both signs.
    static let sizes: [Double] = [60, 150, 600]
    static let positions: [(x: Double, y: Double)] = [(0, 0), (3000, -2000), (-12_345.5, 48_000)]

    private func describe(_ stroke: [StrokePoint], _ result: Classification) -> String {
        "\(result) for \(stroke.count) points from (\(stroke.first?.x ?? .nan), \(stroke.first?.y ?? .nan))"
    }

    // MARK: the three classes, drawn in code

    @Test(arguments: sizes)
    func circlesAndEllipsesAreStates(size: Double) {
        for position in Self.positions {
            for clockwise in [true, false] {
                // Started anywhere round the circle, with 40 to 80 points.
                for (index, start) in stride(from: 0.0, to: 2 * .pi, by: .pi / 4).enumerated() {
                    let count = [40, 60, 80][index % 3]
                    let circle = S.circle(size: size, cx: position.x, cy: position.y, start: start,
                                          clockwise: clockwise, count: count)
                    let result = classifier.classify(stroke: circle)
                    #expect(result.label == "circle", "circle \(size) at \(start) rad: \(describe(circle, result))")
                }
                // Ellipses, wide (h/w 0.6) and tall (h/w 1.35; the dataset's circles are at most
                // 1.27 tall to 1 wide, see the known issue below).
                for (rx, ry) in [(size / 2, size * 0.3), (size * 0.37, size / 2)] {
                    let ellipse = S.ellipse(cx: position.x, cy: position.y, rx: rx, ry: ry, clockwise: clockwise, count: 70)
                    let result = classifier.classify(stroke: ellipse)
                    #expect(result.label == "circle", "ellipse \(rx)×\(ry): \(describe(ellipse, result))")
                }
            }
        }
    }

    @Test(arguments: sizes)
    func linesWithAndWithoutArrowheadsAreTransitions(length: Double) {
        for position in Self.positions {
            for degrees in stride(from: 0.0, to: 360, by: 30) {
                for head in [true, false] {
                    let arrow = S.arrow(length: length, angle: degrees * .pi / 180, x: position.x, y: position.y, head: head)
                    let result = classifier.classify(stroke: arrow)
                    #expect(result.label == "arrow", "line at \(degrees)°, head \(head): \(describe(arrow, result))")
                }
            }
        }
    }

    /// Self-loops as people draw them: in the dataset, 208 of the 236 cycles open towards the
    /// bottom (the loop sits on top of a state), drawn either way round. Here: 0.75 turn, the gap
    /// centred straight down or 15° either side, both directions, with an arrowhead at the end.
    @Test(arguments: sizes)
    func openLoopsWithAnArrowheadAreSelfLoops(size: Double) {
        for position in Self.positions {
            for clockwise in [true, false] {
                for gapDegrees in [75.0, 90, 105] {
                    for count in [40, 80] {
                        let cycle = S.cycle(size: size, cx: position.x, cy: position.y, gap: gapDegrees * .pi / 180,
                                            clockwise: clockwise, count: count, headLength: 0.25)
                        let result = classifier.classify(stroke: cycle)
                        #expect(result.label == "cycle",
                                "loop gap at \(gapDegrees)°, clockwise \(clockwise): \(describe(cycle, result))")
                    }
                }
            }
        }
    }

    /// Once the shipped model's weak spot (a known issue until it was trained with generated
    /// strokes): the same open loop, turned so that its gap faces right, left or up, was taken
    /// for a state. The dataset has few such cycles (5 of 236 open to the right, 11 to the
    /// left, 12 upwards, 208 downwards); the generated self-loops come in every orientation.
    @Test func openLoopsFacingSidewaysOrUpAreCycles() {
        var misread: [String] = []
        for clockwise in [true, false] {
            for gapDegrees in [0.0, 180, 270] {
                let cycle = S.cycle(size: 150, gap: gapDegrees * .pi / 180, clockwise: clockwise, headLength: 0.25)
                let result = classifier.classify(stroke: cycle)
                if result.label != "cycle" { misread.append("gap \(gapDegrees)° clockwise \(clockwise): \(result)") }
            }
        }
        #expect(misread.isEmpty, "\(misread.count) of 6 sideways/upward loops misread:\n\(misread.joined(separator: "\n"))")
    }

    /// Also a known issue before the generated strokes: an ellipse 1.67 times as tall as wide
    /// (60 × 100) was taken for a self-loop. The dataset's circles are at most 1.27 times as
    /// tall as wide; the generated ones stand on either axis with aspects down to 0.5.
    @Test func tallEllipsesAreCircles() {
        var misread: [String] = []
        for clockwise in [true, false] {
            for start in stride(from: 0.0, to: 2 * .pi, by: .pi / 2) {
                let result = classifier.classify(stroke: S.ellipse(rx: 30, ry: 50, start: start, clockwise: clockwise, count: 70))
                if result.label != "circle" { misread.append("start \(start) clockwise \(clockwise): \(result)") }
            }
        }
        #expect(misread.isEmpty, "\(misread.count) of 8 tall ellipses misread:\n\(misread.joined(separator: "\n"))")
    }

    // MARK: one input, several ways

    @Test func imageBytesAndScaledFloatsGiveTheSameResult() {
        let rasterizer = StrokeRasterizer(parameters: classifier.model.rasterizer)
        let scale = classifier.model.input.scale
        var images = [S.circle(size: 100), S.arrow(length: 200, angle: 0.4), S.cycle(size: 80)].map { rasterizer.rasterize([$0]) }
        // And an image with every byte value, not only the rasterizer's.
        images.append((0..<classifier.imageSize).map { UInt8(($0 * 37) % 256) })
        for bytes in images {
            let fromBytes = classifier.classify(image: bytes)
            let fromFloats = classifier.classify(image: bytes.map { Float($0) * scale })
            #expect(fromBytes == fromFloats, "bytes: \(fromBytes); floats: \(fromFloats)")
        }
    }

    @Test func aStrokeIsADrawingOfOneStrokeAndTheImageOfTheModelsRasterizer() {
        let rasterizer = StrokeRasterizer(parameters: classifier.model.rasterizer)
        for stroke in [S.circle(size: 90, cx: 500), S.arrow(length: 300, angle: 2), S.cycle(size: 140, clockwise: false)] {
            let single = classifier.classify(stroke: stroke)
            #expect(single == classifier.classify(strokes: [stroke]))
            #expect(single == classifier.classify(image: rasterizer.rasterize([stroke])))
        }
    }

    /// Strokes are drawn with the rasterizer parameters stored in the model, not defaults.
    @Test func strokesAreRasterizedWithTheModelsOwnParameters() {
        var model = classifier.model
        model.rasterizer = RasterizerParameters(side: 28, lineWidth: 3.5, margin: 3, ink: 1)
        let thick = StrokeClassifier(model: model)
        let stroke = S.cycle(size: 150, clockwise: false)
        let own = StrokeRasterizer(parameters: model.rasterizer).rasterize([stroke])
        let defaults = StrokeRasterizer().rasterize([stroke])
        #expect(own != defaults)
        #expect(thick.classify(stroke: stroke) == thick.classify(image: own))
        #expect(thick.classify(stroke: stroke) != thick.classify(image: defaults))
    }

    @Test func severalStrokesAreOneDrawing() {
        // A final state: two rings around one centre, as two strokes.
        let rings = [S.circle(size: 150, cx: 40, cy: 40), S.circle(size: 120, cx: 40, cy: 40, start: 1)]
        let together = classifier.classify(strokes: rings)
        let rasterizer = StrokeRasterizer(parameters: classifier.model.rasterizer)
        #expect(together == classifier.classify(image: rasterizer.rasterize(rings)))
        #expect(together != classifier.classify(stroke: rings[0]), "the second ring changes the image")
        #expect(together.label == "circle", "\(together)")
    }

    // MARK: batches

    /// 150 mixed drawings and their images, through a classifier whose batches hold 64: three
    /// forward batches (64, 64, 22), each result the single call's. Batches of drawings and of
    /// their images are identical; against single calls the probabilities may differ in the
    /// last bits (BLAS sums a one-image product in another order than a 64-image one), so
    /// those are compared to 1e-6, labels and rejection exactly.
    @Test func batchesEqualSingleCallsBeyondOneBatch() {
        let classifier = StrokeClassifier(model: self.classifier.model, batchCapacity: 64)
        #expect(classifier.batchCapacity == 64)
        let drawings = Self.mixedDrawings(150)
        let rasterizer = StrokeRasterizer(parameters: classifier.model.rasterizer)
        let images = drawings.map { rasterizer.rasterize($0) }

        let batchOfDrawings = classifier.classify(drawings: drawings)
        let batchOfImages = classifier.classify(images: images)
        #expect(batchOfDrawings.count == 150 && batchOfImages.count == 150)
        #expect(batchOfDrawings == batchOfImages)
        var worst: Float = 0, bitExact = 0
        for i in drawings.indices {
            let single = classifier.classify(strokes: drawings[i])
            #expect(single == classifier.classify(image: images[i]))
            let batched = batchOfDrawings[i]
            let difference = Self.maxDifference(batched, single)
            worst = max(worst, difference)
            if batched == single { bitExact += 1 }
            #expect(batched.topIndex == single.topIndex && batched.label == single.label && difference <= 1e-6,
                    "drawing \(i): single \(single), batch \(batched)")
        }
        print("batch vs single: \(bitExact) of 150 bit-identical, largest probability difference \(worst)")
        // The three classes all occur, so a batch that repeated one result would not pass.
        #expect(Set(batchOfDrawings.map(\.topLabel)) == ["arrow", "circle", "cycle"])
        #expect(classifier.classify(images: []).isEmpty && classifier.classify(drawings: []).isEmpty)
    }

    /// Largest difference between two results' probabilities (infinite when labels differ).
    static func maxDifference(_ a: Classification, _ b: Classification) -> Float {
        guard a.labels == b.labels else { return .infinity }
        return zip(a.probabilities, b.probabilities).map { abs($0 - $1) }.max() ?? 0
    }

    /// `count` drawings cycling through circles, arrows, self-loops and a two-stroke state, each
    /// at its own size, place and angle.
    static func mixedDrawings(_ count: Int) -> [[[StrokePoint]]] {
        (0..<count).map { i in
            let size = 60 + Double(i % 7) * 80
            let x = Double(i) * 1000 - 50_000, y = Double(i % 11) * -700
            switch i % 4 {
            case 0: return [S.circle(size: size, cx: x, cy: y, start: Double(i), clockwise: i % 8 == 0, count: 40 + i % 41)]
            case 1: return [S.arrow(length: size, angle: Double(i) * 0.37, x: x, y: y, head: i % 3 != 0)]
            case 2: return [S.cycle(size: size, cx: x, cy: y, gap: .pi / 2 + Double(i % 5 - 2) * 0.1, clockwise: i % 6 == 2,
                                    headLength: 0.25)]
            default: return [S.circle(size: size, cx: x, cy: y), S.circle(size: size * 0.8, cx: x, cy: y, start: 2)]
            }
        }
    }

    // MARK: probabilities and rejection

    @Test func probabilitiesAreADistributionOverTheLabels() {
        #expect(classifier.labels == ["arrow", "circle", "cycle", "other"])
        let results = classifier.classify(drawings: Self.mixedDrawings(40))
            + [classifier.classify(image: [UInt8](repeating: 255, count: classifier.imageSize))]
        for result in results {
            let p = result.probabilities
            #expect(p.count == 4)
            #expect(p.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 }, "\(p)")
            #expect(abs(p.reduce(0, +) - 1) < 1e-5, "sum \(p.reduce(0, +))")
            #expect(result.confidence == p.max(), "\(result)")
            #expect(result.topLabel == result.labels[p.firstIndex(of: p.max()!)!])
            #expect(result.probability(of: result.topLabel) == result.confidence)
            #expect(result.probability(of: "no such class") == nil)
        }
    }

    @Test func thresholdZeroRejectsNothing() {
        #expect(classifier.rejectionThreshold == 0, "as loaded for these tests")
        let odd: [[[StrokePoint]]] = [[], [[]], [[StrokePoint(x: 1, y: 1)]],
                                      [(0..<50).map { StrokePoint(x: Double(($0 * 7919) % 97), y: Double(($0 * 104_729) % 89)) }]]
        for result in classifier.classify(drawings: Self.mixedDrawings(30) + odd) {
            // Only the model's own `other` is rejected at 0.
            #expect(result.isRejected == result.isOther && (result.isOther || result.label == result.topLabel), "\(result)")
        }
    }

    @Test func aThresholdAboveTheConfidenceRejectsButKeepsTheTopLabel() throws {
        // The least sure of a range of loops with gaps turned sideways (the model's weak spot),
        // so the test does not hang on one stroke's score under one trained model.
        let candidates = stride(from: 0.3, through: 2.4, by: 0.3).flatMap { turn in
            [true, false].map { S.cycle(size: 150, gap: .pi / 2 + turn, clockwise: $0, headLength: 0.25) }
        }
        let stroke = candidates.min { classifier.classify(stroke: $0).confidence < classifier.classify(stroke: $1).confidence }!
        let plain = classifier.classify(stroke: stroke)
        #expect(plain.shapeConfidence < 1, "a score below 1 leaves room for a threshold above it: \(plain)")

        let above = plain.shapeConfidence.nextUp
        let strict = StrokeClassifier(model: classifier.model, rejectionThreshold: above)
        #expect(strict.rejectionThreshold == above)
        let rejected = strict.classify(stroke: stroke)
        #expect(rejected.isRejected)
        #expect(rejected.label == nil)
        #expect(rejected.topLabel == plain.topLabel && rejected.topIndex == plain.topIndex)
        #expect(rejected.probabilities == plain.probabilities, "rejection changes no probability")
        #expect(rejected.description.contains("rejected (unsure, \(plain.topLabel))"), "\(rejected)")
        // The batch calls and images reject alike.
        #expect(strict.classify(drawings: [[stroke]]) == [rejected])
        let image = StrokeRasterizer(parameters: classifier.model.rasterizer).rasterize([stroke])
        #expect(strict.classify(images: [image]) == [rejected] && strict.classify(image: image) == rejected)

        // At exactly the confidence, the result stands; a confident one passes a strict threshold.
        let atConfidence = StrokeClassifier(model: classifier.model, rejectionThreshold: plain.shapeConfidence).classify(stroke: stroke)
        #expect(!atConfidence.isRejected && atConfidence.label == plain.topLabel)
        let sure = strict.classify(stroke: S.arrow(length: 200, angle: 0))
        #expect(sure.confidence > above && !sure.isRejected && sure.label == "arrow", "\(sure)")

        // The threshold also comes through the file-loading initialiser; above 1 rejects all.
        let all = try StrokeClassifier(contentsOf: S.shippedModelURL, rejectionThreshold: 1.5)
        #expect(all.classify(drawings: Self.mixedDrawings(12)).allSatisfy { $0.isRejected && $0.label == nil })
    }

    // MARK: sampling and odd input

    /// An editor may pass a point every 50 units, or every unit: same shape, same label.
    @Test(arguments: [150.0, 600])
    func sparseAndDensePointsOfOneShapeAgree(size: Double) {
        let shapes: [(String, [StrokePoint])] = [
            ("circle", S.circle(size: size, cx: 700, cy: 700, count: 80)),
            ("arrow", S.arrow(length: size * 1.5, angle: -0.5, x: 100, y: -4000)),
        ]
        for (label, shape) in shapes {
            let sparse = S.thinned(S.densified(shape, spacing: 1), spacing: 50)
            let dense = S.densified(shape, spacing: 1)
            #expect(sparse.count >= 4 && sparse.count < shape.count, "\(sparse.count) sparse points")
            #expect(dense.count > 5 * shape.count, "\(dense.count) dense points")
            let a = classifier.classify(stroke: sparse), b = classifier.classify(stroke: dense)
            #expect(a.label == label && b.label == label, "sparse \(a); dense \(b)")
        }
    }

    @Test func aDotAnEmptyDrawingAndNonFinitePointsGiveFiniteProbabilities() {
        let dot = StrokePoint(x: 42, y: -7)
        let inputs: [(String, [[StrokePoint]])] = [
            ("one point", [[dot]]),
            ("points on one spot", [[dot, dot, dot, dot]]),
            ("no strokes", []),
            ("one empty stroke", [[]]),
            ("non-finite points only", [[StrokePoint(x: .nan, y: 1), StrokePoint(x: .infinity, y: -.infinity)]]),
            ("a circle with a NaN in it", [S.circle(size: 100) + [StrokePoint(x: .nan, y: .nan)]]),
            ("huge coordinates", [S.circle(size: 1e300, cx: 1e307), S.circle(size: 1e-300)]),
        ]
        for (name, drawing) in inputs {
            let result = classifier.classify(strokes: drawing)
            let p = result.probabilities
            #expect(p.allSatisfy(\.isFinite) && abs(p.reduce(0, +) - 1) < 1e-5, "\(name): \(result)")
            #expect(result == classifier.classify(drawings: [drawing])[0], "\(name): batch and single agree")
        }
        // A dot is drawn (not an empty image), the same wherever it is; an empty drawing is a
        // black image.
        #expect(classifier.classify(stroke: [dot]) != classifier.classify(strokes: []))
        #expect(classifier.classify(stroke: [dot]) == classifier.classify(stroke: [StrokePoint(x: -9000, y: 1e6)]))
        #expect(classifier.classify(strokes: []) == classifier.classify(image: [UInt8](repeating: 0, count: classifier.imageSize)))
        #expect(classifier.classify(stroke: []) == classifier.classify(strokes: []))
    }
}
