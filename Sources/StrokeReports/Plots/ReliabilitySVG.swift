/// A reliability diagram: for each confidence bin, the accuracy of its predictions against the
/// diagonal of perfect calibration, the gap to the bin's mean confidence shaded red, and under
/// it a strip of how many predictions each bin holds (a big gap in a nearly empty bin matters
/// little; the expected calibration error weights gaps by these counts).
package enum ReliabilitySVG {
    /// An SVG document for `calibration`'s bins under `title`, with the ECE and temperature below it.
    package static func render(_ calibration: EvaluationReport.Calibration, title: String) -> String {
        let subtitle = subtitle(calibration)
        let legend = PlotLegend(
            entries: [
                .init(label: "accuracy per bin", swatch: .box(color: PlotPalette.reliability)),
                .init(label: "gap to mean confidence", swatch: .box(color: gapSwatch)),
                .init(label: "mean confidence", swatch: .line(color: PlotPalette.text, dash: nil)),
                .init(label: "perfect calibration", swatch: .line(color: PlotPalette.axis, dash: [5, 4])),
            ],
            layout: .row)
        let layout = ReliabilityLayout(title: title, subtitle: subtitle, legend: legend)
        let main = layout.main, strip = layout.strip
        let x = LinearScale(domain: 0...1, range: (main.left, main.right))
        let y = LinearScale(domain: 0...1, range: (main.bottom, main.top))

        var canvas = SVGCanvas(width: layout.width, height: layout.height)
        canvas.title(title)
        canvas.text(title, at: layout.titleBaseline, size: 16, anchor: .middle, bold: true, attributes: [("class", "title")])
        canvas.text(
            subtitle, at: layout.subtitleBaseline, size: 12.5, anchor: .middle, fill: PlotPalette.mutedText,
            attributes: [("class", "subtitle")])
        legend.draw(in: &canvas, topLeft: layout.legendTopLeft)

        let ticks = stride(from: 0.0, through: 1.0, by: 0.2).map { $0 }
        PlotAxes.horizontalGrid(ticks, scale: y, area: main, label: { SVGFormat.percent($0, decimals: 0) }, in: &canvas)
        // The x grid runs through both panels; its labels go under the strip.
        PlotAxes.verticalGrid(ticks, scale: x, area: layout.xAxisArea, label: { SVGFormat.fixed($0, decimals: 1) }, in: &canvas)
        PlotAxes.yTitle("accuracy", area: main, tickLabels: ["100%"], in: &canvas)
        PlotAxes.xTitle("confidence (probability of the predicted class)", area: layout.xAxisArea, in: &canvas)

        drawBins(calibration.bins, x: x, y: y, in: &canvas)
        canvas.line(
            from: SVGPoint(x: x(0), y: y(0)), to: SVGPoint(x: x(1), y: y(1)), stroke: PlotPalette.axis, width: 1.2,
            dash: [5, 4], attributes: [("class", "diagonal")])
        PlotAxes.spines(main, in: &canvas)
        drawCounts(calibration.bins, x: x, strip: strip, in: &canvas)
        return canvas.render()
    }

    /// `ECE 0.021 at temperature 1.43 · 0.045 before scaling`.
    static func subtitle(_ c: EvaluationReport.Calibration) -> String {
        var text = "ECE \(SVGFormat.fixed(c.expectedCalibrationError, decimals: 3)) at temperature "
            + SVGFormat.fixed(c.temperature, decimals: 3, trimmingZeros: true)
        if let before = c.unscaledExpectedCalibrationError, c.temperature != 1 {
            text += " \u{00B7} \(SVGFormat.fixed(before, decimals: 3)) before scaling"
        }
        return text
    }

    /// The legend's sample of the translucent gap as it looks on white.
    private static var gapSwatch: String {
        RGBColor(hex: 0xFFFFFF).mixed(with: RGBColor(hex: 0xD62728), PlotPalette.gapOpacity).hex
    }

    private static func drawBins(_ bins: [EvaluationReport.Calibration.Bin], x: LinearScale, y: LinearScale, in canvas: inout SVGCanvas) {
        canvas.group([("class", "bins")]) { canvas in
            for (index, bin) in bins.enumerated() {
                guard let accuracy = bin.accuracy, let confidence = bin.meanConfidence else { continue }
                let left = x(bin.lower) + 1, width = x(bin.upper) - x(bin.lower) - 2
                let top = y(min(max(accuracy, 0), 1))
                canvas.rect(
                    x: left, y: top, width: width, height: y(0) - top, fill: PlotPalette.reliability,
                    attributes: [
                        ("class", "accuracy-bar"), ("data-bin", String(index)), ("data-count", String(bin.count)),
                        ("data-accuracy", SVGFormat.fixed(accuracy, decimals: 4)),
                        ("data-confidence", SVGFormat.fixed(confidence, decimals: 4)),
                    ])
                // From the accuracy to the mean confidence: under it the bin is overconfident, over it under.
                let confidenceY = y(min(max(confidence, 0), 1))
                canvas.rect(
                    x: left, y: min(top, confidenceY), width: width, height: abs(top - confidenceY), fill: PlotPalette.gap,
                    stroke: PlotPalette.gap, strokeWidth: 1,
                    attributes: [("class", "gap"), ("data-bin", String(index)), ("fill-opacity", SVGFormat.number(PlotPalette.gapOpacity))])
                // The mean confidence as a line across the bin, so an underconfident bin (the gap over
                // its bar) reads as clearly as an overconfident one.
                canvas.line(
                    from: SVGPoint(x: left, y: confidenceY), to: SVGPoint(x: left + width, y: confidenceY), stroke: PlotPalette.text,
                    width: 2, attributes: [("class", "mean-confidence"), ("data-bin", String(index))])
            }
        }
    }

    /// Bars of each bin's share of the predictions, its count written above.
    private static func drawCounts(_ bins: [EvaluationReport.Calibration.Bin], x: LinearScale, strip: PlotArea, in canvas: inout SVGCanvas) {
        let most = max(bins.map(\.count).max() ?? 0, 1)
        let binWidth = bins.first.map { x($0.upper) - x($0.lower) } ?? strip.width
        // Small enough that the largest count fits over its bar.
        let size = min(10, (binWidth - 3) / max(PlotText.width(String(most), size: 1), 0.1))
        let room = size + 4
        canvas.group([("class", "counts")]) { canvas in
            canvas.text(
                "predictions", at: SVGPoint(x: strip.left - PlotAxes.tickGap, y: strip.top + PlotText.capHeight(size: PlotAxes.tickLabelSize)),
                size: PlotAxes.tickLabelSize, anchor: .end, fill: PlotPalette.mutedText, attributes: [("class", "strip-title")])
            for (index, bin) in bins.enumerated() where bin.count > 0 {
                let height = Double(bin.count) / Double(most) * (strip.height - room)
                let left = x(bin.lower) + 1, width = x(bin.upper) - x(bin.lower) - 2
                canvas.rect(
                    x: left, y: strip.bottom - height, width: width, height: height, fill: PlotPalette.faintText,
                    attributes: [("class", "count-bar"), ("data-bin", String(index)), ("data-count", String(bin.count))])
                canvas.text(
                    String(bin.count), at: SVGPoint(x: left + width / 2, y: strip.bottom - height - 3), size: size,
                    anchor: .middle, fill: PlotPalette.text, attributes: [("class", "bin-count"), ("data-bin", String(index))])
            }
            canvas.line(
                from: SVGPoint(x: strip.left, y: strip.bottom), to: SVGPoint(x: strip.right, y: strip.bottom), stroke: PlotPalette.axis)
        }
    }
}

/// The diagram over the count strip, both as wide as the bins need, with the title and legend above.
struct ReliabilityLayout: Sendable {
    let margin = 18.0
    let main: PlotArea
    let strip: PlotArea
    let titleBaseline: SVGPoint
    let subtitleBaseline: SVGPoint
    let legendTopLeft: SVGPoint
    let width: Double
    let height: Double

    /// Both panels, for the x grid and its labels.
    var xAxisArea: PlotArea { PlotArea(left: main.left, top: main.top, width: main.width, height: strip.bottom - main.top) }

    init(title: String, subtitle: String, legend: PlotLegend) {
        let titleY = margin + 13
        let subtitleY = titleY + 20
        let legendTop = subtitleY + 10
        let left = margin + max(PlotAxes.leftChrome(tickLabels: ["100%"]), PlotText.width("predictions", size: PlotAxes.tickLabelSize) + PlotAxes.tickGap)
        // 28 units a bin keeps a five-digit count legible over its bar.
        main = PlotArea(left: left, top: legendTop + legend.height + 14, width: 420, height: 320)
        strip = PlotArea(left: left, top: main.bottom + 12, width: 420, height: 58)
        let titleWidth = PlotText.width(title, size: 16, bold: true)
        let subtitleWidth = PlotText.width(subtitle, size: 12.5)
        // The last x tick label is centred on the right edge and sticks out by half its width.
        width = max(main.right + 14 + margin, titleWidth + 2 * margin, subtitleWidth + 2 * margin, legend.width + 2 * margin)
        let middle = min(max((main.left + main.right) / 2, margin + titleWidth / 2), width - margin - titleWidth / 2)
        titleBaseline = SVGPoint(x: middle, y: titleY)
        let subtitleMiddle = min(max((main.left + main.right) / 2, margin + subtitleWidth / 2), width - margin - subtitleWidth / 2)
        subtitleBaseline = SVGPoint(x: subtitleMiddle, y: subtitleY)
        let legendLeft = min(max((main.left + main.right) / 2 - legend.width / 2, margin), width - margin - legend.width)
        legendTopLeft = SVGPoint(x: legendLeft, y: legendTop)
        height = strip.bottom + PlotAxes.bottomChrome + margin
    }
}
