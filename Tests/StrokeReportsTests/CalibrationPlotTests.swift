import Foundation
import Testing
@testable import StrokeReports
@testable import StrokeTraining

// reliability.svg and risk-coverage.svg, read back: the bars, lines and markers where the
// figures of `CalibrationFixture` put them. (Well-formedness, finite numbers, text on the
// canvas and rsvg-convert are checked for every sample in PlotSVGTests.)

@Suite struct CalibrationPlotTests {
    static let report = CalibrationFixture.report(threshold: 0.7, unscaled: CalibrationFixture.predictions.scaled(by: 0.5), temperature: 1.43)

    @Test func reliabilityBarsStandAtEachBinsAccuracyWithItsGapAndCount() throws {
        let calibration = try #require(Self.report.calibration)
        let svg = try #require(ParsedSVG(ReliabilitySVG.render(calibration, title: "Reliability: test")))
        let bars = svg.elements.filter { $0.class == "accuracy-bar" }
        #expect(bars.map { $0.attributes["data-bin"] } == ["5", "7", "9", "11", "13"], "one bar per bin with predictions")
        let zero = try #require(bars.first.flatMap { bar in bar.number("y").map { $0 + bar.number("height")! } })
        // The plot's height from the 100% grid line: bars are accuracy × that.
        let top = try #require(svg.texts.first { $0.text == "100%" }?.number("y"))
        let full = zero - (top - PlotText.capHeight(size: PlotAxes.tickLabelSize) / 2)
        for bar in bars {
            let bin = calibration.bins[Int(bar.attributes["data-bin"]!)!]
            #expect(abs(bar.number("height")! - bin.accuracy! * full) < 0.03, "bin \(bar.attributes["data-bin"]!)")
            #expect(bar.attributes["data-count"] == String(bin.count))
            let gap = try #require(svg.elements.first { $0.class == "gap" && $0.attributes["data-bin"] == bar.attributes["data-bin"] })
            #expect(abs(gap.number("height")! - abs(bin.accuracy! - bin.meanConfidence!) * full) < 0.03)
        }
        #expect(svg.texts(class: "bin-count") == ["2", "2", "2", "3", "3"])
        #expect(svg.elements.contains { $0.class == "diagonal" })
        #expect(svg.texts(class: "subtitle").first?.hasPrefix("ECE 0.263 at temperature 1.43 · ") == true)
        #expect(svg.texts(class: "subtitle").first?.hasSuffix(" before scaling") == true)
    }

    @Test func riskCoverageDrawsTheThreeLinesAndMarksBothThresholds() throws {
        let e = Self.report
        let svg = try #require(ParsedSVG(RiskCoverageSVG.render(
            e.riskCoverage, recommended: e.calibration?.recommendedThreshold, inUse: e.calibration?.threshold, title: "t")))
        #expect(svg.points(series: "coverage")?.count == 100)
        #expect(svg.points(series: "accuracy")?.count == 94, "no accuracy once nothing is kept (from 0.94)")
        #expect(svg.points(series: "other-rejected")?.count == 100)

        // The x axis from its 0.0 and 1.0 tick labels.
        let x0 = try #require(svg.texts.first { $0.text == "0.0" }?.number("x"))
        let x1 = try #require(svg.texts.first { $0.text == "1.0" }?.number("x"))
        for (marker, threshold) in [("recommended-threshold", 0.68), ("threshold-in-use", 0.7)] {
            let line = try #require(svg.elements.first { $0.class == "threshold-line" && $0.attributes["data-marker"] == marker }, "\(marker)")
            #expect(abs(line.number("x1")! - (x0 + threshold * (x1 - x0))) < 0.02, "\(marker)")
            #expect(line.number("x1") == line.number("x2"))
        }
        #expect(svg.texts(class: "threshold-label") == ["recommended 0.68", "in use 0.70"])
        #expect(svg.texts(class: "axis-title").contains { $0.hasPrefix("rejection threshold (shape confidence: 1 − p(other)") })
        // The coverage line is at 100% up to 0.68, 7/8 from 0.69 (and at 0.7), 5/8 from 0.82, 3/8
        // from 0.88 and 0 from 0.94, like the table.
        let cap = PlotText.capHeight(size: PlotAxes.tickLabelSize) / 2
        let y0 = try #require(svg.texts.first { $0.text == "0%" }?.number("y")) - cap
        let y100 = try #require(svg.texts.first { $0.text == "100%" }?.number("y")) - cap
        let coverage = try #require(svg.points(series: "coverage"))
        func at(_ share: Double) -> Double { y0 + (y100 - y0) * share }
        #expect(abs(coverage[68].y - y100) < 0.02)
        #expect(abs(coverage[69].y - at(7.0 / 8)) < 0.02)
        #expect(abs(coverage[70].y - at(7.0 / 8)) < 0.02)
        #expect(abs(coverage[82].y - at(5.0 / 8)) < 0.02)
        #expect(abs(coverage[88].y - at(3.0 / 8)) < 0.02)
        #expect(abs(coverage[94].y - y0) < 0.02)
    }

    @Test func withoutOtherStrokesThereIsNoRejectedLineNorRecommendation() throws {
        let e = EvaluationReport(predictions: EvaluationFixture.predictions, paths: EvaluationFixture.paths, model: "m", dataset: "d")
        let svg = try #require(ParsedSVG(RiskCoverageSVG.render(
            e.riskCoverage, recommended: e.calibration?.recommendedThreshold, inUse: e.calibration?.threshold, title: "t")))
        #expect(svg.points(series: "other-rejected") == nil)
        #expect(svg.pointCount(series: "coverage") == 100)
        #expect(!svg.elements.contains { $0.class == "threshold-line" }, "no recommendation, and 0 is no threshold")
    }

    @Test func reportFoldersHoldBothPlots() throws {
        let plots = Dictionary(uniqueKeysWithValues: ReportFolder.plots(CalibrationFixture.run(Self.report)).map { ($0.name, $0.svg) })
        #expect(plots[ReportFolder.reliabilitySVG]?.contains("class=\"accuracy-bar\"") == true)
        #expect(plots[ReportFolder.riskCoverageSVG]?.contains("data-marker=\"recommended-threshold\"") == true)
    }
}

extension PlotSample {
    static let reliability = PlotSample(
        name: "reliability", svg: ReliabilitySVG.render(CalibrationPlotTests.report.calibration!, title: "Reliability: test"))
    static let riskCoverage = PlotSample(
        name: "risk-coverage",
        svg: RiskCoverageSVG.render(CalibrationPlotTests.report.riskCoverage, recommended: 0.68, inUse: 0.7, title: "What each threshold costs"))

    /// 2,000 predictions, and none at all, under a title that needs escaping.
    static let calibrationSamples: [PlotSample] = {
        let realistic = CalibrationFixture.realistic
        let big = EvaluationReport(
            predictions: realistic, paths: realistic.truth.map { "\($0).png" }, model: "m", dataset: "d", threshold: 0.8)
        let none = Predictions(labels: ["a", "other"], logits: [], truth: [])
        let empty = EvaluationReport(predictions: none, paths: [], model: "m", dataset: "d")
        return [reliability, riskCoverage] + [("realistic", big), ("empty", empty)].flatMap { name, e in
            [
                PlotSample(name: "reliability-\(name)", svg: ReliabilitySVG.render(e.calibration!, title: awkwardTitle)),
                PlotSample(
                    name: "risk-coverage-\(name)",
                    svg: RiskCoverageSVG.render(
                        e.riskCoverage, recommended: e.calibration?.recommendedThreshold, inUse: e.calibration?.threshold,
                        title: awkwardTitle)),
            ]
        }
    }()
}
