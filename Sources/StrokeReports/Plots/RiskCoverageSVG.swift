import StrokeTraining
/// What each rejection threshold costs: against the threshold, the share of real strokes kept,
/// the accuracy on them and the share of `other` strokes rejected, with the recommended
/// threshold (and the one in use, when another) marked by vertical lines.
package enum RiskCoverageSVG {
    /// An SVG document for `rows` under `title`. `recommended` and `inUse` are marked when
    /// given; a threshold of 0 rejects nothing by shape confidence and is not marked.
    package static func render(
        _ rows: [RiskCoverage.Row], recommended: Double?, inUse: Double?, title: String
    ) -> String {
        let thresholds = rows.map(\.shownThreshold)
        // CurveSeries takes its x values as "epochs"; here they are thresholds.
        let series = [
            CurveSeries(id: "coverage", label: "real strokes kept", color: PlotPalette.coverage, dash: nil,
                        epochs: thresholds, values: rows.map(\.coverage)),
            CurveSeries(id: "accuracy", label: "accuracy on kept", color: PlotPalette.keptAccuracy, dash: nil,
                        epochs: thresholds, values: rows.map(\.accuracy)),
            CurveSeries(id: "other-rejected", label: "other rejected", color: PlotPalette.otherRejected, dash: [6, 3],
                        epochs: thresholds, values: rows.map(\.otherRejected)),
        ].filter(\.hasValues)
        var markers: [ThresholdMarker] = []
        if let recommended {
            markers.append(ThresholdMarker(id: "recommended-threshold", label: "recommended", threshold: recommended,
                                           color: PlotPalette.recommended, dash: nil))
        }
        if let inUse, inUse > 0, inUse != recommended {
            markers.append(ThresholdMarker(id: "threshold-in-use", label: "in use", threshold: inUse,
                                           color: PlotPalette.inUse, dash: [4, 3]))
        }
        // The markers are labelled on the plot, so the legend names the curves only.
        let legend = PlotLegend(
            entries: series.map { .init(label: $0.label, swatch: .line(color: $0.color, dash: $0.dash)) }, layout: .row)
        let layout = RiskCoverageLayout(title: title, legend: legend, markerRows: markers.count)
        let area = layout.area
        let yTicks = shareTicks(series.flatMap(\.values))
        let x = LinearScale(domain: 0...1, range: (area.left, area.right))
        let y = LinearScale(domain: yTicks.lower...yTicks.upper, range: (area.bottom, area.top))

        var canvas = SVGCanvas(width: layout.width, height: layout.height)
        canvas.title(title)
        canvas.text(title, at: layout.titleBaseline, size: 16, anchor: .middle, bold: true, attributes: [("class", "title")])
        legend.draw(in: &canvas, topLeft: layout.legendTopLeft)
        let ticks = stride(from: 0.0, through: 1.0, by: 0.2).map { $0 }
        PlotAxes.horizontalGrid(yTicks.values, scale: y, area: area, label: { SVGFormat.percent($0, decimals: 0) }, in: &canvas)
        PlotAxes.verticalGrid(ticks, scale: x, area: area, label: { SVGFormat.fixed($0, decimals: 1) }, in: &canvas)
        PlotAxes.spines(area, in: &canvas)
        PlotAxes.xTitle("rejection threshold (shape confidence: 1 − p(other), or top probability)", area: area, in: &canvas)
        PlotAxes.yTitle("share of strokes", area: area, tickLabels: ["100%"], in: &canvas)

        for s in series {
            for run in s.runs {
                let points = run.map { SVGPoint(x: x($0.epoch), y: y($0.value)) }
                let marker: SVGAttributes = [("class", "series"), ("data-series", s.id)]
                if points.count == 1 {
                    canvas.circle(center: points[0], radius: 3, fill: s.color, attributes: marker)
                } else {
                    canvas.polyline(points, stroke: s.color, width: 2, dash: s.dash, attributes: marker)
                }
            }
        }
        for (row, marker) in markers.enumerated() {
            draw(marker, row: row, rows: rows, series: series, x: x, y: y, layout: layout, in: &canvas)
        }
        return canvas.render()
    }

    /// Shares end at 100% and span at least ten points: what a threshold costs is often a
    /// point or two near the top, which a 0–100% axis would flatten.
    static func shareTicks(_ values: [Double]) -> NiceTicks {
        NiceTicks(covering: min(values.min() ?? 0, 0.9), 1, targetCount: 5)
    }

    /// The vertical line, its label above the plot, and a dot where it meets each curve.
    private static func draw(
        _ marker: ThresholdMarker, row: Int, rows: [RiskCoverage.Row], series: [CurveSeries],
        x: LinearScale, y: LinearScale, layout: RiskCoverageLayout, in canvas: inout SVGCanvas
    ) {
        let area = layout.area
        let lineX = x(min(max(marker.threshold, 0), 1))
        canvas.group([("class", marker.id), ("data-threshold", SVGFormat.fixed(marker.threshold, decimals: 4, trimmingZeros: true))]) { canvas in
            canvas.line(
                from: SVGPoint(x: lineX, y: area.top), to: SVGPoint(x: lineX, y: area.bottom), stroke: marker.color, width: 1.5,
                dash: marker.dash, attributes: [("class", "threshold-line"), ("data-marker", marker.id)])
            let text = "\(marker.label) \(marker.text)"
            let textWidth = PlotText.width(text, size: PlotAxes.tickLabelSize)
            let middle = min(max(lineX, layout.margin + textWidth / 2), layout.width - layout.margin - textWidth / 2)
            canvas.text(
                text, at: SVGPoint(x: middle, y: layout.markerBaseline(row)), size: PlotAxes.tickLabelSize, anchor: .middle,
                bold: marker.dash == nil, fill: marker.color, attributes: [("class", "threshold-label")])
            guard let at = rows.first(where: { $0.shownThreshold == marker.threshold }) else { return }
            let values: [String: Double?] = ["coverage": at.coverage, "accuracy": at.accuracy, "other-rejected": at.otherRejected]
            for s in series {
                guard let value = values[s.id] ?? nil else { continue }
                canvas.circle(
                    center: SVGPoint(x: lineX, y: y(value)), radius: 3.5, fill: s.color, stroke: "#ffffff", strokeWidth: 1,
                    attributes: [("class", "threshold-dot")])
            }
        }
    }
}

/// A threshold drawn as a vertical line.
struct ThresholdMarker: Sendable {
    let id: String
    let label: String
    let threshold: Double
    let color: String
    let dash: [Double]?

    var text: String { EvaluationReport.thresholdText(threshold) }
}

/// Title, legend, a row per marker label, then the plot.
struct RiskCoverageLayout: Sendable {
    let margin = 18.0
    let area: PlotArea
    let titleBaseline: SVGPoint
    let legendTopLeft: SVGPoint
    let width: Double
    let height: Double
    private let markersTop: Double

    func markerBaseline(_ row: Int) -> Double {
        markersTop + Double(row + 1) * 15 - 3
    }

    init(title: String, legend: PlotLegend, markerRows: Int) {
        let titleY = margin + 13
        let legendTop = titleY + 12
        markersTop = legendTop + legend.height + 4
        let left = margin + PlotAxes.leftChrome(tickLabels: ["100%"])
        area = PlotArea(left: left, top: markersTop + Double(markerRows) * 15 + 8, width: 460, height: 300)
        let titleWidth = PlotText.width(title, size: 16, bold: true)
        width = max(area.right + 14 + margin, titleWidth + 2 * margin, legend.width + 2 * margin)
        let middle = min(max((area.left + area.right) / 2, margin + titleWidth / 2), width - margin - titleWidth / 2)
        titleBaseline = SVGPoint(x: middle, y: titleY)
        let legendLeft = min(max((area.left + area.right) / 2 - legend.width / 2, margin), width - margin - legend.width)
        legendTopLeft = SVGPoint(x: legendLeft, y: legendTop)
        height = area.bottom + PlotAxes.bottomChrome + margin
    }
}
