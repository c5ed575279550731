import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import StrokeReports

// The SVG plots, read back with XMLParser: well-formed documents, numbers in the right places,
// and a real renderer (rsvg-convert) that accepts them.

@Suite struct PlotSVGTests {
    // MARK: - Every document

    @Test(arguments: PlotSample.all)
    func isWellFormedSVGWithFiniteNumbers(_ sample: PlotSample) throws {
        #expect(sample.svg.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        let document = try #require(ParsedSVG(sample.svg), "\(sample.name) is not well-formed XML")
        let root = try #require(document.elements.first)
        #expect(root.name == "svg")
        #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        let width = try #require(root.number("width")), height = try #require(root.number("height"))
        #expect(root.attributes["viewBox"] == "0 0 \(Int(width)) \(Int(height))")
        #expect(root.attributes["font-family"]?.hasPrefix("DejaVu Sans") == true)
        #expect(document.elements.contains { $0.name == "rect" && $0.attributes["fill"] == "#ffffff" && $0.number("width") == width })

        let lowercased = sample.svg.lowercased()
        #expect(!lowercased.contains("nan"), "\(sample.name) contains nan")
        #expect(!lowercased.contains("inf"), "\(sample.name) contains inf")
        for element in document.elements {
            for (name, value) in element.attributes where Self.numericAttributes.contains(name) {
                let numbers = value.split(whereSeparator: { $0 == " " || $0 == "," }).map { Double($0) }
                #expect(!numbers.isEmpty && numbers.allSatisfy { $0?.isFinite == true }, "\(element.name) \(name)=\"\(value)\"")
            }
        }
    }

    private static let numericAttributes: Set = [
        "x", "y", "width", "height", "x1", "y1", "x2", "y2", "cx", "cy", "r", "points", "font-size", "stroke-width",
    ]

    /// Unrotated text stays inside the canvas (by the layout's own width estimate), so nothing is clipped.
    @Test(arguments: PlotSample.all)
    func horizontalTextStaysOnTheCanvas(_ sample: PlotSample) throws {
        let document = try #require(ParsedSVG(sample.svg))
        let width = try #require(document.elements.first?.number("width"))
        let height = try #require(document.elements.first?.number("height"))
        for text in document.texts where text.attributes["transform"] == nil {
            let x = try #require(text.number("x")), y = try #require(text.number("y"))
            let size = try #require(text.number("font-size"))
            let extent = PlotText.width(text.text, size: size, bold: text.attributes["font-weight"] == "bold")
            let left = switch text.attributes["text-anchor"] {
            case "middle": x - extent / 2
            case "end": x - extent
            default: x
            }
            #expect(left >= 0 && left + extent <= width, "\(sample.name): \"\(text.text)\" spans \(left)...\(left + extent) of \(width)")
            #expect(y - size >= 0 && y <= height, "\(sample.name): \"\(text.text)\" at y \(y) of \(height)")
        }
    }

    // MARK: - Confusion matrix

    @Test func confusionCellsShowCountAndRowShareInsideTheirSquare() throws {
        let document = try #require(ParsedSVG(PlotSample.confusion.svg))
        // Worked out by hand from PlotSample.counts: 194/198 = 97.98%, 9/236 = 3.81%, ...
        let shares = [["100.0%", "0.0%", "0.0%"], ["0.0%", "98.0%", "2.0%"], ["0.0%", "3.8%", "96.2%"]]
        for t in 0..<3 {
            for p in 0..<3 {
                let cell = try #require(document.cell(truth: t, predicted: p), "no cell (\(t), \(p))")
                let counts = document.texts.filter { $0.class == "count" && cell.contains($0) }
                let percentages = document.texts.filter { $0.class == "share" && cell.contains($0) }
                #expect(counts.map(\.text) == [String(PlotSample.counts[t][p])], "cell (\(t), \(p))")
                #expect(percentages.map(\.text) == [shares[t][p]], "cell (\(t), \(p))")
                // The count is the headline: larger type than the share, and above it.
                if let count = counts.first, let share = percentages.first {
                    #expect(count.number("font-size")! > share.number("font-size")!)
                    #expect(count.number("y")! < share.number("y")!)
                }
            }
        }
        #expect(document.texts.filter { $0.class == "count" }.count == 9)
    }

    @Test func confusionShadesDarkerForLargerRowShares() throws {
        let document = try #require(ParsedSVG(PlotSample.confusionSix.svg))
        var shaded: [(share: Double, luminance: Double)] = []
        for (t, row) in PlotSample.sixCounts.enumerated() {
            let total = row.reduce(0, +)
            guard total > 0 else { continue }
            for (p, count) in row.enumerated() {
                let cell = try #require(document.cell(truth: t, predicted: p))
                let fill = try #require(cell.attributes["fill"].flatMap(luminance(ofHex:)), "fill of (\(t), \(p))")
                shaded.append((Double(count) / Double(total), fill))
            }
        }
        shaded.sort { $0.share < $1.share }
        // Never lighter for a larger share; visibly darker once shares differ by a few points
        // (closer ones may round to the same 8-bit colour).
        for (lighter, darker) in zip(shaded, shaded.dropFirst()) {
            #expect(darker.luminance <= lighter.luminance, "share \(darker.share) is lighter than \(lighter.share)")
        }
        for lighter in shaded {
            for darker in shaded where darker.share > lighter.share + 0.02 {
                #expect(darker.luminance < lighter.luminance, "share \(darker.share) is not darker than \(lighter.share)")
            }
        }
        #expect(shaded.first!.luminance > 0.95, "a zero share should be (nearly) white")
        #expect(shaded.last!.luminance < 0.15, "a large share should be dark")
    }

    @Test func confusionTextTurnsWhiteOnDarkCells() throws {
        let document = try #require(ParsedSVG(PlotSample.confusion.svg))
        let dark = try #require(document.cell(truth: 0, predicted: 0))
        let light = try #require(document.cell(truth: 1, predicted: 2))
        let onDark = document.texts.filter { $0.class == "count" && dark.contains($0) }
        let onLight = document.texts.filter { $0.class == "count" && light.contains($0) }
        #expect(onDark.map { $0.attributes["fill"] } == ["#ffffff"])
        #expect(onLight.count == 1 && onLight[0].attributes["fill"] != "#ffffff")
    }

    @Test func confusionRowWithoutImagesShowsDashesNotNaN() throws {
        let document = try #require(ParsedSVG(PlotSample.confusionSix.svg))
        let emptyRow = PlotSample.sixCounts.count - 1
        for p in PlotSample.sixLabels.indices {
            let cell = try #require(document.cell(truth: emptyRow, predicted: p))
            #expect(cell.attributes["fill"] == "#ffffff")
            #expect(document.texts.filter { $0.class == "share" && cell.contains($0) }.map(\.text) == ["\u{2013}"])
            #expect(document.texts.filter { $0.class == "count" && cell.contains($0) }.map(\.text) == ["0"])
        }
    }

    @Test func confusionLabelsBothAxesAndTotalsEachRow() throws {
        let document = try #require(ParsedSVG(PlotSample.confusion.svg))
        #expect(document.texts(class: "row-label") == PlotSample.labels)
        #expect(document.texts(class: "column-label") == PlotSample.labels)
        #expect(document.texts(class: "axis-title").sorted() == ["predicted class", "true class"])
        #expect(document.texts(class: "title") == [PlotSample.confusionTitle])
        #expect(document.texts.contains { $0.class == "axis-title" && $0.text == "true class" && $0.attributes["transform"] != nil })
        let totals = document.texts.filter { $0.class == "row-total" }
        #expect(totals.map(\.text) == ["161", "198", "236"])
        for (row, total) in totals.enumerated() {
            let cell = try #require(document.cell(truth: row, predicted: 0))
            let y = total.number("y")!
            #expect(y > cell.number("y")! && y < cell.number("y")! + cell.number("height")!, "total of row \(row)")
            #expect(total.number("x")! > cell.number("x")! + 3 * cell.number("width")!, "totals sit right of the grid")
        }
    }

    @Test func confusionWorksForTwoToTenClasses() throws {
        for n in [2, 6, 10] {
            let labels = (0..<n).map { "class number \($0)" }
            let counts = (0..<n).map { t in (0..<n).map { p in t == p ? 100 + t : (t + p) % 3 } }
            let document = try #require(ParsedSVG(ConfusionMatrixSVG.render(labels: labels, counts: counts, title: "n = \(n)")))
            #expect(document.elements.filter { $0.class == "cell" }.count == n * n)
            #expect(document.elements.filter { $0.class == "diagonal" }.count == n)
            #expect(document.texts(class: "row-label") == labels)
            let cell = try #require(document.cell(truth: n - 1, predicted: n - 1))
            #expect(document.texts.filter { $0.class == "count" && cell.contains($0) }.map(\.text) == [String(100 + n - 1)])
        }
    }

    @Test func labelsAndTitlesAreEscaped() throws {
        let svg = PlotSample.confusionSix.svg
        #expect(svg.contains("&lt;&amp;&gt;&quot;&apos;"))
        let document = try #require(ParsedSVG(svg))
        #expect(document.texts(class: "row-label") == PlotSample.sixLabels)
        #expect(document.texts(class: "column-label") == PlotSample.sixLabels)
        #expect(document.texts(class: "title") == [PlotSample.awkwardTitle])
        #expect(document.elements.first { $0.name == "title" }?.text == PlotSample.awkwardTitle)

        let bars = try #require(ParsedSVG(PlotSample.metricsSeven.svg))
        #expect(bars.texts(class: "class-label") == PlotSample.sevenLabels)
        let curves = try #require(ParsedSVG(PlotSample.curvesNaN.svg))
        #expect(curves.texts(class: "title") == [PlotSample.awkwardTitle])
    }

    // MARK: - Learning curves

    @Test func curvesDrawOnePointPerFiniteValue() throws {
        let curves = PlotSample.sixtyEpochs
        let document = try #require(ParsedSVG(LearningCurvesSVG.render(curves, title: "t")))
        #expect(document.pointCount(series: "train-loss") == 60)
        #expect(document.pointCount(series: "validation-loss") == 60)
        #expect(document.pointCount(series: "train-accuracy") == 60)
        #expect(document.pointCount(series: "validation-accuracy") == 60)
        #expect(document.elements.filter { $0.attributes["data-series"] == "train-loss" && $0.name == "polyline" }.count == 1)
    }

    @Test func nonFiniteLossesAreLeftOutAndBreakTheLine() throws {
        let document = try #require(ParsedSVG(PlotSample.curvesNaN.svg))
        let loss = PlotSample.curvesWithNaN.trainLoss
        #expect(document.pointCount(series: "train-loss") == loss.filter(\.isFinite).count)
        #expect(document.pointCount(series: "train-loss") == 57)
        // NaN at 20, +inf at 30 and -inf at 45 cut the line into four runs.
        #expect(document.elements.filter { $0.attributes["data-series"] == "train-loss" }.count == 4)
        #expect(document.pointCount(series: "train-accuracy") == 60)
    }

    @Test func missingValidationIsNotDrawnNorInTheLegend() throws {
        let document = try #require(ParsedSVG(PlotSample.curvesNaN.svg))
        #expect(!document.elements.contains { $0.attributes["data-series"]?.hasPrefix("validation") == true })
        #expect(!document.texts.contains { $0.text.contains("validation") })
        #expect(document.texts.filter { $0.text == "train" }.count == 2, "one legend entry per panel")

        let full = try #require(ParsedSVG(LearningCurvesSVG.render(PlotSample.sixtyEpochs, title: "t")))
        #expect(full.texts.filter { $0.text == "validation" }.count == 2)
    }

    @Test func validationGapsBreakTheLine() throws {
        var curves = PlotSample.sixtyEpochs
        // Measured every fifth epoch: twelve lone points, no line.
        curves.validationLoss = curves.validationLoss.enumerated().map { $0.offset % 5 == 4 ? $0.element : nil }
        let document = try #require(ParsedSVG(LearningCurvesSVG.render(curves, title: "t")))
        #expect(document.pointCount(series: "validation-loss") == 12)
        #expect(!document.elements.contains { $0.name == "polyline" && $0.attributes["data-series"] == "validation-loss" })
    }

    @Test func keptEpochLineIsDrawnOnlyWhenAnEpochWasKept() throws {
        let kept = try #require(ParsedSVG(LearningCurvesSVG.render(PlotSample.sixtyEpochs, title: "t")))
        let lines = kept.elements.filter { $0.class == "kept-epoch" }
        #expect(lines.count == 2, "one per panel")
        #expect(lines.allSatisfy { $0.attributes["stroke-dasharray"] != nil && $0.number("x1") == $0.number("x2") })
        #expect(kept.texts.contains { $0.text.contains("42") && $0.text.contains("kept") })
        // The line sits at epoch 42 of the train curve.
        let trainPoints = try #require(kept.points(series: "train-loss"))
        let line = try #require(lines.first)
        try #require(trainPoints.count == 60)
        #expect(abs(line.number("x1")! - trainPoints[41].x) < 0.02)

        var none = PlotSample.sixtyEpochs
        none.keptEpoch = nil
        let notKept = try #require(ParsedSVG(LearningCurvesSVG.render(none, title: "t")))
        #expect(!notKept.elements.contains { $0.class == "kept-epoch" })
        #expect(!notKept.texts.contains { $0.text.contains("kept") })
    }

    @Test func higherLossesAreDrawnHigher() throws {
        let document = try #require(ParsedSVG(LearningCurvesSVG.render(PlotSample.sixtyEpochs, title: "t")))
        let points = try #require(document.points(series: "train-loss"))
        let losses = PlotSample.sixtyEpochs.trainLoss
        try #require(points.count == losses.count)
        for (i, j) in zip(losses.indices, losses.indices.dropFirst()) {
            #expect(points[i].x < points[j].x)
            // Differences below a hundredth of a pixel vanish in the two-decimal coordinates.
            if abs(losses[i] - losses[j]) > 1e-3 { #expect((points[i].y < points[j].y) == (losses[i] > losses[j])) }
        }
    }

    @Test func singleEpochAndConstantValuesDrawPoints() throws {
        let document = try #require(ParsedSVG(PlotSample.curvesSingle.svg))
        for series in ["train-loss", "validation-loss", "train-accuracy", "validation-accuracy"] {
            let marks = document.elements.filter { $0.attributes["data-series"] == series }
            #expect(marks.map(\.name) == ["circle"], "\(series)")
        }
        let constant = LearningCurves(
            epochs: [1, 2, 3], trainLoss: [0.5, 0.5, 0.5], validationLoss: [0, 0, 0], trainAccuracy: [1, 1, 1],
            validationAccuracy: [1, 1, 1], keptEpoch: 3)
        let flat = try #require(ParsedSVG(LearningCurvesSVG.render(constant, title: "flat")))
        #expect(flat.pointCount(series: "validation-loss") == 3)
        let ys = try #require(flat.points(series: "train-loss")).map(\.y)
        #expect(Set(ys).count == 1)
    }

    // MARK: - Per-class bars

    @Test func barsHaveOneRectPerFiniteValueWithProportionalHeights() throws {
        let document = try #require(ParsedSVG(PlotSample.metricsSeven.svg))
        let bars = document.elements.filter { $0.class == "bar" }
        let values = PlotSample.sevenPrecision + PlotSample.sevenRecall + PlotSample.sevenF1
        #expect(bars.count == values.filter(\.isFinite).count)
        let full = try #require(bars.first { $0.attributes["data-value"] == "1.0000" }?.number("height"))
        #expect(full > 100)
        for bar in bars {
            let value = try #require(bar.attributes["data-value"].flatMap(Double.init))
            #expect(abs(bar.number("height")! - value * full) < 0.02, "bar \(bar.attributes)")
        }
        // All bars stand on one baseline.
        #expect(Set(bars.map { ($0.number("y")! + $0.number("height")!) * 100 }.map { $0.rounded() }).count == 1)
        #expect(document.texts.filter { $0.class == "bar-value" && $0.text == "\u{2013}" }.count == 2)
    }

    @Test func eachBarIsLabelledWithItsValueAboveIt() throws {
        let document = try #require(ParsedSVG(PlotSample.metrics.svg))
        let expected: [String: [String]] = [
            "precision": ["100.0%", "95.6%", "97.9%"], "recall": ["100.0%", "98.0%", "96.2%"],
            "f1": ["100.0%", "96.8%", "97.0%"],
        ]
        for (metric, labels) in expected {
            for (index, label) in labels.enumerated() {
                let bar = try #require(document.elements.first {
                    $0.class == "bar" && $0.attributes["data-metric"] == metric && $0.attributes["data-class"] == String(index)
                })
                let text = try #require(document.texts.first {
                    $0.class == "bar-value" && $0.attributes["data-metric"] == metric && $0.attributes["data-class"] == String(index)
                })
                #expect(text.text == label)
                #expect(abs(text.number("x")! - (bar.number("x")! + bar.number("width")! / 2)) < 0.02)
                #expect(text.number("y")! < bar.number("y")!)
            }
        }
        #expect(document.texts(class: "class-label") == PlotSample.labels)
        for name in ["precision", "recall", "F1"] { #expect(document.texts.contains { $0.text == name }) }
        // Grid lines at 0, 20, ..., 100%.
        #expect(document.texts(class: "tick") == ["0%", "20%", "40%", "60%", "80%", "100%"])
    }

    // MARK: - A real renderer

    @Test func rsvgConvertRendersEveryPlotToPNG() throws {
        guard let rsvg = executableOnPath("rsvg-convert") else {
            Issue.record("rsvg-convert is not installed (Debian package librsvg2-bin): run `make deps`")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plot-svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for sample in [PlotSample.confusion, PlotSample.curves, PlotSample.metrics, PlotSample.reliability, PlotSample.riskCoverage] {
            let svg = folder.appendingPathComponent("\(sample.name).svg")
            let png = folder.appendingPathComponent("\(sample.name).png")
            try sample.svg.write(to: svg, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = rsvg
            process.arguments = ["--output", png.path, svg.path]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "rsvg-convert failed on \(sample.name): \(message)")
            let bytes = try Data(contentsOf: png)
            #expect(bytes.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(sample.name).png is not a PNG")
            #expect(bytes.count > 2000, "\(sample.name).png is suspiciously small")
        }
    }
}

// MARK: - Inputs

/// One rendered plot, named for test output.
struct PlotSample: Sendable, CustomTestStringConvertible {
    let name: String
    let svg: String
    var testDescription: String { name }

    static let labels = ["arrow", "circle", "cycle"]
    static let counts = [[161, 0, 0], [0, 194, 4], [0, 9, 227]]
    static let confusionTitle = "Confusion matrix (test split)"
    static let awkwardTitle = #"<b> & "quoted" 'title'"#
    /// Six classes with long and markup-like labels; the last class has no images.
    static let sixLabels = ["arrow", "circle", "cycle", "double circle", "self-loop arrow", #"<&>"' odd"#]
    static let sixCounts = [
        [150, 3, 6, 9, 1, 4], [7, 187, 2, 5, 8, 0], [3, 6, 224, 1, 4, 7], [10, 2, 5, 261, 0, 3],
        [6, 9, 1, 4, 298, 10], [0, 0, 0, 0, 0, 0],
    ]
    static let sevenLabels = ["arrow", "circle", "cycle", "double circle", "self-loop arrow", "x", #"<&>"'"#]
    static let sevenPrecision = [1.0, 0.956, 0.983, .nan, 0.5, 0, 0.1]
    static let sevenRecall = [1.0, 0.98, 0.962, 0.3, 0.5, 0, 1]
    static let sevenF1 = [1.0, 0.968, 0.972, 0.2, .nan, 0, 0.18]

    /// Sixty epochs shaped like a real run: losses fall and level out, validation trails training.
    static let sixtyEpochs: LearningCurves = {
        let epochs = Array(1...60)
        func wobble(_ e: Int, _ phase: Double) -> Double { sin(Double(e) * 1.7 + phase) }
        return LearningCurves(
            epochs: epochs,
            trainLoss: epochs.map { 1.1 * exp(-Double($0) / 9) + 0.04 + 0.01 * wobble($0, 0) },
            validationLoss: epochs.map { 1.0 * exp(-Double($0) / 10) + 0.1 + 0.02 * wobble($0, 1) },
            trainAccuracy: epochs.map { 0.99 - 0.6 * exp(-Double($0) / 7) + 0.005 * wobble($0, 2) },
            validationAccuracy: epochs.map { 0.97 - 0.55 * exp(-Double($0) / 8) + 0.01 * wobble($0, 3) },
            keptEpoch: 42)
    }()

    static let curvesWithNaN: LearningCurves = {
        var loss = sixtyEpochs.trainLoss
        loss[20] = .nan
        loss[30] = .infinity
        loss[45] = -.infinity
        return LearningCurves(epochs: sixtyEpochs.epochs, trainLoss: loss, trainAccuracy: sixtyEpochs.trainAccuracy)
    }()

    static let confusion = PlotSample(
        name: "confusion", svg: ConfusionMatrixSVG.render(labels: labels, counts: counts, title: confusionTitle))
    static let confusionSix = PlotSample(
        name: "confusion-6-classes", svg: ConfusionMatrixSVG.render(labels: sixLabels, counts: sixCounts, title: awkwardTitle))
    static let confusionTwo = PlotSample(
        name: "confusion-2-classes", svg: ConfusionMatrixSVG.render(labels: ["yes", "no"], counts: [[3, 1], [0, 0]], title: "two"))
    static let curves = PlotSample(name: "curves", svg: LearningCurvesSVG.render(sixtyEpochs, title: "Learning curves"))
    static let curvesNaN = PlotSample(name: "curves-nan-no-validation", svg: LearningCurvesSVG.render(curvesWithNaN, title: awkwardTitle))
    static let curvesSingle = PlotSample(
        name: "curves-single-epoch",
        svg: LearningCurvesSVG.render(
            LearningCurves(
                epochs: [1], trainLoss: [0.7], validationLoss: [0.8], trainAccuracy: [0.6], validationAccuracy: [0.55],
                keptEpoch: 1),
            title: "one epoch"))
    static let curvesEmpty = PlotSample(
        name: "curves-empty", svg: LearningCurvesSVG.render(LearningCurves(epochs: [], trainLoss: [], trainAccuracy: []), title: "empty"))
    static let metrics = PlotSample(
        name: "metrics",
        svg: ClassMetricsSVG.render(
            labels: labels, precision: [1, 0.956, 0.979], recall: [1, 0.98, 0.962], f1: [1, 0.968, 0.970],
            title: "Per-class metrics"))
    static let metricsSeven = PlotSample(
        name: "metrics-7-classes",
        svg: ClassMetricsSVG.render(
            labels: sevenLabels, precision: sevenPrecision, recall: sevenRecall, f1: sevenF1, title: awkwardTitle))

    static let all = [
        confusion, confusionSix, confusionTwo, curves, curvesNaN, curvesSingle, curvesEmpty, metrics, metricsSeven,
    ] + calibrationSamples
}

// MARK: - Reading SVG back

/// An element of a parsed document, with its character data.
struct ParsedElement {
    let name: String
    let attributes: [String: String]
    var text = ""

    var `class`: String? { attributes["class"] }
    func number(_ attribute: String) -> Double? { attributes[attribute].flatMap(Double.init) }

    /// Whether a text element's anchor point lies inside this rectangle.
    func contains(_ text: ParsedElement) -> Bool {
        guard let x = number("x"), let y = number("y"), let w = number("width"), let h = number("height"),
              let tx = text.number("x"), let ty = text.number("y") else { return false }
        return tx > x && tx < x + w && ty > y && ty < y + h
    }
}

/// All elements of a well-formed document in document order; nil when XMLParser rejects it.
struct ParsedSVG {
    let elements: [ParsedElement]

    init?(_ svg: String) {
        let collector = ElementCollector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        guard parser.parse(), collector.open.isEmpty else { return nil }
        elements = collector.elements
    }

    var texts: [ParsedElement] { elements.filter { $0.name == "text" } }

    func texts(class name: String) -> [String] { texts.filter { $0.class == name }.map(\.text) }

    func cell(truth: Int, predicted: Int) -> ParsedElement? {
        elements.first {
            $0.class == "cell" && $0.attributes["data-true"] == String(truth)
                && $0.attributes["data-predicted"] == String(predicted)
        }
    }

    /// The vertices of a series' only polyline.
    func points(series: String) -> [(x: Double, y: Double)]? {
        let lines = elements.filter { $0.name == "polyline" && $0.attributes["data-series"] == series }
        guard lines.count == 1, let list = lines[0].attributes["points"] else { return nil }
        return list.split(separator: " ").compactMap { pair in
            let xy = pair.split(separator: ",").compactMap { Double($0) }
            return xy.count == 2 ? (xy[0], xy[1]) : nil
        }
    }

    /// Vertices of a series' polylines plus its lone points (circles).
    func pointCount(series: String) -> Int {
        elements.filter { $0.attributes["data-series"] == series }.reduce(0) { total, element in
            switch element.name {
            case "polyline": total + (element.attributes["points"] ?? "").split(separator: " ").count
            case "circle": total + 1
            default: total
            }
        }
    }
}

final class ElementCollector: NSObject, XMLParserDelegate {
    var elements: [ParsedElement] = []
    var open: [Int] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        open.append(elements.count)
        elements.append(ParsedElement(name: elementName, attributes: attributeDict))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let current = open.last { elements[current].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        open.removeLast()
    }
}

/// Relative luminance of `#rrggbb`, the same measure a reader's eye uses for "darker".
private func luminance(ofHex hex: String) -> Double? {
    guard hex.count == 7, hex.hasPrefix("#"), let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
    func channel(_ shift: UInt32) -> Double {
        let c = Double((value >> shift) & 0xFF) / 255
        return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
}

func executableOnPath(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}
