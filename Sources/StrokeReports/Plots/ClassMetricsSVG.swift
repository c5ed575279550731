import Foundation

/// Precision, recall and F1 per class as grouped bars.
package enum ClassMetricsSVG {
    /// An SVG document with one group of three bars per class, each labelled with its value.
    ///
    /// - Parameters:
    ///   - labels: class names; they set the number of groups.
    ///   - precision, recall, f1: shares in 0...1, indexed like `labels`. NaN (or a missing entry)
    ///     is drawn as no bar and an en dash.
    ///   - title: the heading drawn above the chart.
    package static func render(
        labels: [String], precision: [Double], recall: [Double], f1: [Double], title: String
    ) -> String {
        let metrics = [
            BarMetric(id: "precision", label: "precision", color: PlotPalette.precision, values: precision),
            BarMetric(id: "recall", label: "recall", color: PlotPalette.recall, values: recall),
            BarMetric(id: "f1", label: "F1", color: PlotPalette.f1, values: f1),
        ]
        let layout = BarsLayout(labels: labels, metrics: metrics, title: title)
        let area = layout.area
        let y = LinearScale(domain: 0...1, range: (area.bottom, area.top))
        var canvas = SVGCanvas(width: layout.width, height: layout.height)
        canvas.title(title)
        canvas.text(
            title, at: layout.titleBaseline, size: 16, anchor: .middle, bold: true, attributes: [("class", "title")])
        PlotLegend(entries: metrics.map { .init(label: $0.label, swatch: .box(color: $0.color)) }, layout: .row)
            .draw(in: &canvas, topLeft: layout.legendTopLeft)

        let ticks = stride(from: 0.0, through: 1.0, by: 0.2).map { $0 }
        PlotAxes.horizontalGrid(ticks, scale: y, area: area, label: { SVGFormat.percent($0, decimals: 0) }, in: &canvas)
        PlotAxes.yTitle("score", area: area, tickLabels: ["100%"], in: &canvas)
        canvas.text(
            "class", at: SVGPoint(x: (area.left + area.right) / 2, y: layout.xTitleBaseline), size: PlotAxes.titleSize,
            anchor: .middle, attributes: [("class", "axis-title")])

        canvas.group([("class", "bars")]) { canvas in
            for (index, label) in labels.enumerated() {
                for (m, metric) in metrics.enumerated() {
                    let value = metric.value(at: index)
                    let left = layout.barLeft(group: index, metric: m)
                    let middle = left + layout.barWidth / 2
                    var top = area.bottom
                    if value.isFinite {
                        // Values outside 0...1 are clamped in height, but their label tells the truth.
                        top = y(min(max(value, 0), 1))
                        canvas.rect(
                            x: left, y: top, width: layout.barWidth, height: area.bottom - top, fill: metric.color,
                            attributes: [
                                ("class", "bar"), ("data-class", String(index)), ("data-metric", metric.id),
                                ("data-value", SVGFormat.fixed(value, decimals: 4)),
                            ])
                    }
                    let text = SVGFormat.percent(value)
                    let marker: SVGAttributes = [("class", "bar-value"), ("data-class", String(index)), ("data-metric", metric.id)]
                    if layout.rotatesValues && value.isFinite {
                        canvas.text(
                            text,
                            at: SVGPoint(x: middle + PlotText.capHeight(size: layout.valueSize) / 2, y: top - 4),
                            size: layout.valueSize, fill: PlotPalette.text, rotation: -90, attributes: marker)
                    } else {
                        canvas.text(
                            text, at: SVGPoint(x: middle, y: top - 4), size: layout.valueSize, anchor: .middle,
                            fill: PlotPalette.text, attributes: marker)
                    }
                }
                let groupMiddle = layout.groupMiddle(index)
                if layout.rotatesClassLabels {
                    canvas.text(
                        label, at: SVGPoint(x: groupMiddle + 4, y: area.bottom + PlotAxes.tickGap + 4),
                        size: layout.classLabelSize, anchor: .end, rotation: -BarsLayout.classLabelAngle,
                        attributes: [("class", "class-label")])
                } else {
                    canvas.text(
                        label,
                        at: SVGPoint(
                            x: groupMiddle,
                            y: area.bottom + PlotAxes.tickGap + PlotText.capHeight(size: layout.classLabelSize)),
                        size: layout.classLabelSize, anchor: .middle, attributes: [("class", "class-label")])
                }
            }
        }
        // The baseline goes over the bars' bottom edges so they stand on it.
        canvas.line(
            from: SVGPoint(x: area.left, y: area.bottom), to: SVGPoint(x: area.right, y: area.bottom),
            stroke: PlotPalette.axis)
        return canvas.render()
    }
}

/// One of the three bars of each group.
struct BarMetric: Sendable {
    let id: String
    let label: String
    let color: String
    let values: [Double]

    func value(at index: Int) -> Double { index < values.count ? values[index] : .nan }
}

/// Bar widths and positions, chosen so every value label fits over its bar.
struct BarsLayout: Sendable {
    static let classLabelAngle = 35.0
    let margin = 18.0
    let valueSize = 10.5
    let classLabelSize = 13.0

    let barWidth: Double
    let barGap = 2.0
    let groupGap: Double
    let rotatesValues: Bool
    let rotatesClassLabels: Bool
    let area: PlotArea
    let titleBaseline: SVGPoint
    let legendTopLeft: SVGPoint
    let xTitleBaseline: Double
    let width: Double
    let height: Double
    private let metricCount: Int

    var groupWidth: Double { Self.groupWidth(barWidth: barWidth, metrics: metricCount, gap: barGap) }

    func groupMiddle(_ group: Int) -> Double {
        area.left + groupGap / 2 + Double(group) * (groupWidth + groupGap) + groupWidth / 2
    }

    func barLeft(group: Int, metric: Int) -> Double {
        groupMiddle(group) - groupWidth / 2 + Double(metric) * (barWidth + barGap)
    }

    init(labels: [String], metrics: [BarMetric], title: String) {
        metricCount = metrics.count
        let valueTexts = labels.indices.flatMap { i in metrics.map { SVGFormat.percent($0.value(at: i)) } }
        let widestValue = PlotText.widest(valueTexts, size: valueSize)
        // Labels sit level over their bars while the chart stays narrow; with many classes they turn upright.
        rotatesValues = labels.count > 5
        barWidth = rotatesValues ? 22 : max(26, widestValue + 10)
        let group = Self.groupWidth(barWidth: barWidth, metrics: metrics.count, gap: barGap)
        groupGap = max(28, group * 0.4)

        let widestLabel = PlotText.widest(labels, size: classLabelSize)
        rotatesClassLabels = widestLabel > group + groupGap - 8
        let angle = Self.classLabelAngle * .pi / 180
        let classLabelsHeight = rotatesClassLabels
            ? 4 + widestLabel * sin(angle) + classLabelSize * cos(angle) : classLabelSize

        let titleY = margin + 13
        let legend = PlotLegend(
            entries: metrics.map { .init(label: $0.label, swatch: .box(color: $0.color)) }, layout: .row)
        let legendTop = titleY + 12
        // Room above a 100% bar for its value label.
        let headroom = rotatesValues ? widestValue + 8 : valueSize + 8
        let plotTop = legendTop + legend.height + headroom
        var plotLeft = margin + PlotAxes.leftChrome(tickLabels: ["100%"])
        if rotatesClassLabels, let first = labels.first {
            // The first label leans left past the axis; keep it on the canvas.
            let firstGroupMiddle = groupGap / 2 + group / 2
            plotLeft = max(plotLeft, margin + PlotText.width(first, size: classLabelSize) * cos(angle) - firstGroupMiddle)
        }
        let plotWidth = Double(max(labels.count, 1)) * (group + groupGap)
        area = PlotArea(left: plotLeft, top: plotTop, width: plotWidth, height: 260)

        let titleWidth = PlotText.width(title, size: 16, bold: true)
        width = max(area.right + margin, titleWidth + 2 * margin, legend.width + 2 * margin)
        let middle = min(max((area.left + area.right) / 2, margin + titleWidth / 2), width - margin - titleWidth / 2)
        titleBaseline = SVGPoint(x: middle, y: titleY)
        let legendLeft = min(max((area.left + area.right) / 2 - legend.width / 2, margin), width - margin - legend.width)
        legendTopLeft = SVGPoint(x: legendLeft, y: legendTop)
        xTitleBaseline = area.bottom + PlotAxes.tickGap + classLabelsHeight + 10 + PlotAxes.titleSize * 0.8
        height = xTitleBaseline + margin
    }

    private static func groupWidth(barWidth: Double, metrics: Int, gap: Double) -> Double {
        Double(metrics) * barWidth + Double(max(0, metrics - 1)) * gap
    }
}
