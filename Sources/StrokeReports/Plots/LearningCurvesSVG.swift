/// Learning curves of a training run: loss (left) and accuracy (right) against the epoch.
///
/// Training lines are solid, validation lines dashed; a dashed grey vertical line marks the epoch
/// whose weights were kept. Missing or non-finite values break a line instead of being invented.
package enum LearningCurvesSVG {
    /// An SVG document with the two panels of `curves` under `title`.
    package static func render(_ curves: LearningCurves, title: String) -> String {
        let epochs = curves.epochs.map(Double.init)
        let keptEpoch = curves.keptEpoch.map(Double.init)
        let xTicks = NiceTicks(
            covering: (epochs + [keptEpoch].compactMap { $0 }).min() ?? 0,
            (epochs + [keptEpoch].compactMap { $0 }).max() ?? 1, targetCount: 6, minimumStep: 1)

        let loss = CurvePanel(
            name: "loss", title: "Loss", yTitle: "loss",
            series: [
                CurveSeries(id: "train-loss", label: "train", color: PlotPalette.train, dash: nil, epochs: epochs,
                            values: curves.trainLoss),
                CurveSeries(id: "validation-loss", label: "validation", color: PlotPalette.validation, dash: [6, 4],
                            epochs: epochs, values: curves.validationLoss),
            ],
            yTicks: lossTicks)
        let accuracy = CurvePanel(
            name: "accuracy", title: "Accuracy", yTitle: "accuracy (%)",
            series: [
                CurveSeries(id: "train-accuracy", label: "train", color: PlotPalette.train, dash: nil, epochs: epochs,
                            values: curves.trainAccuracy.map { $0 * 100 }),
                CurveSeries(id: "validation-accuracy", label: "validation", color: PlotPalette.validation, dash: [6, 4],
                            epochs: epochs, values: curves.validationAccuracy.map { $0.map { $0 * 100 } }),
            ],
            yTicks: accuracyTicks)

        let layout = CurvesLayout(panels: [loss, accuracy], title: title)
        var canvas = SVGCanvas(width: layout.width, height: layout.height)
        canvas.title(title)
        canvas.text(
            title, at: SVGPoint(x: layout.width / 2, y: layout.titleBaseline), size: 16, anchor: .middle, bold: true,
            attributes: [("class", "title")])
        for (panel, area) in zip([loss, accuracy], layout.areas) {
            draw(panel, in: area, xTicks: xTicks, keptEpoch: keptEpoch, canvas: &canvas)
        }
        return canvas.render()
    }

    /// Loss axes start at zero, so a plateau at 0.05 does not look like a plateau at 1.
    private static func lossTicks(_ values: [Double]) -> NiceTicks {
        let low = min(0, values.min() ?? 0)
        var high = values.max() ?? 1
        if high <= low { high = low + 1 }
        // A little headroom so the highest point does not sit on the frame.
        high += (high - low) * 0.02
        return NiceTicks(covering: low, high, targetCount: 5)
    }

    /// Accuracy axes end at 100% and span at least ten points, so small wobbles are not magnified.
    private static func accuracyTicks(_ values: [Double]) -> NiceTicks {
        let low = min(values.min() ?? 0, 90)
        let high = max(values.max() ?? 100, 100)
        return NiceTicks(covering: low, high, targetCount: 5)
    }

    private static func draw(
        _ panel: CurvePanel, in area: PlotArea, xTicks: NiceTicks, keptEpoch: Double?, canvas: inout SVGCanvas
    ) {
        let yTicks = panel.yTicks
        let x = LinearScale(domain: xTicks.lower...xTicks.upper, range: (area.left, area.right))
        let y = LinearScale(domain: yTicks.lower...yTicks.upper, range: (area.bottom, area.top))
        canvas.group([("class", "panel"), ("data-panel", panel.name)]) { canvas in
            canvas.text(
                panel.title, at: SVGPoint(x: (area.left + area.right) / 2, y: area.top - 12), size: 13.5,
                anchor: .middle, bold: true, attributes: [("class", "panel-title")])
            PlotAxes.horizontalGrid(yTicks.values, scale: y, area: area, label: yTicks.label, in: &canvas)
            PlotAxes.verticalGrid(xTicks.values, scale: x, area: area, label: xTicks.label, in: &canvas)
            PlotAxes.spines(area, in: &canvas)
            PlotAxes.xTitle("epoch", area: area, in: &canvas)
            PlotAxes.yTitle(panel.yTitle, area: area, tickLabels: yTicks.values.map(yTicks.label), in: &canvas)

            var obstacles: [SVGPoint] = []
            var legend: [PlotLegend.Entry] = []
            if let keptEpoch {
                let lineX = x(keptEpoch)
                canvas.line(
                    from: SVGPoint(x: lineX, y: area.top), to: SVGPoint(x: lineX, y: area.bottom), stroke: PlotPalette.kept,
                    width: 1.2, dash: [4, 3], attributes: [("class", "kept-epoch")])
                obstacles += stride(from: area.top, through: area.bottom, by: 4).map { SVGPoint(x: lineX, y: $0) }
            }
            for series in panel.series where series.hasValues {
                let runs = series.runs.map { $0.map { SVGPoint(x: x($0.epoch), y: y($0.value)) } }
                for run in runs {
                    let marker: SVGAttributes = [("class", "series"), ("data-series", series.id)]
                    if run.count == 1 {
                        // A lone value (one epoch, or neighbours missing) has no line to sit on.
                        canvas.circle(center: run[0], radius: 3, fill: series.color, attributes: marker)
                    } else {
                        canvas.polyline(run, stroke: series.color, width: 2, dash: series.dash, attributes: marker)
                    }
                    obstacles += densified(run)
                }
                legend.append(.init(label: series.label, swatch: swatch(for: series)))
            }
            if let epoch = keptEpoch.map(Int.init) {
                legend.append(.init(label: "kept: epoch \(epoch)", swatch: .line(color: PlotPalette.kept, dash: [4, 3])))
            }
            guard !legend.isEmpty else { return }
            let box = PlotLegend(entries: legend, layout: .framed)
            box.draw(in: &canvas, topLeft: emptiestCorner(of: area, for: box, avoiding: obstacles))
        }
    }

    /// The legend sample that looks like the series as drawn: a line, dots, or both.
    private static func swatch(for series: CurveSeries) -> PlotLegend.Swatch {
        let lone = series.runs.contains { $0.count == 1 }
        let lines = series.runs.contains { $0.count > 1 }
        return lines ? .line(color: series.color, dash: series.dash, dot: lone) : .dot(color: series.color)
    }

    /// Points every few pixels along a line, so the legend can avoid segments and not just vertices.
    private static func densified(_ run: [SVGPoint]) -> [SVGPoint] {
        guard var previous = run.first else { return [] }
        var points = [previous]
        for point in run.dropFirst() {
            let length = ((point.x - previous.x) * (point.x - previous.x) + (point.y - previous.y) * (point.y - previous.y))
                .squareRoot()
            let steps = max(1, Int(length / 3))
            for step in 1...steps {
                let t = Double(step) / Double(steps)
                points.append(SVGPoint(x: previous.x + (point.x - previous.x) * t, y: previous.y + (point.y - previous.y) * t))
            }
            previous = point
        }
        return points
    }

    /// The corner or edge where the legend covers the fewest drawn points (matplotlib's "best" location).
    private static func emptiestCorner(of area: PlotArea, for legend: PlotLegend, avoiding points: [SVGPoint]) -> SVGPoint {
        let inset = 8.0
        let left = area.left + inset, right = area.right - inset - legend.width
        let top = area.top + inset, bottom = area.bottom - inset - legend.height
        let centreX = (area.left + area.right - legend.width) / 2, centreY = (area.top + area.bottom - legend.height) / 2
        // Corners first, upper right leading: ties go to where readers look for a legend.
        let corners = [
            SVGPoint(x: right, y: top), SVGPoint(x: right, y: bottom), SVGPoint(x: left, y: top),
            SVGPoint(x: left, y: bottom), SVGPoint(x: centreX, y: top), SVGPoint(x: centreX, y: bottom),
            SVGPoint(x: right, y: centreY), SVGPoint(x: left, y: centreY),
        ]
        func covered(_ corner: SVGPoint) -> Int {
            let box = PlotArea(left: corner.x - 4, top: corner.y - 4, width: legend.width + 8, height: legend.height + 8)
            return points.filter(box.contains).count
        }
        let scores = corners.map(covered)
        return corners[scores.firstIndex(of: scores.min() ?? 0) ?? 0]
    }
}

/// One line of a learning-curve panel.
struct CurveSeries: Sendable {
    let id: String
    let label: String
    let color: String
    let dash: [Double]?
    /// Finite values with their epochs, in runs broken wherever a value is missing or not finite.
    let runs: [[(epoch: Double, value: Double)]]

    init(id: String, label: String, color: String, dash: [Double]?, epochs: [Double], values: [Double?]) {
        self.id = id
        self.label = label
        self.color = color
        self.dash = dash
        var runs: [[(epoch: Double, value: Double)]] = []
        var current: [(epoch: Double, value: Double)] = []
        for (epoch, value) in zip(epochs, values) {
            if let value, value.isFinite {
                current.append((epoch, value))
            } else if !current.isEmpty {
                runs.append(current)
                current = []
            }
        }
        if !current.isEmpty { runs.append(current) }
        self.runs = runs
    }

    init(id: String, label: String, color: String, dash: [Double]?, epochs: [Double], values: [Double]) {
        self.init(id: id, label: label, color: color, dash: dash, epochs: epochs, values: values.map { Optional($0) })
    }

    var hasValues: Bool { !runs.isEmpty }
    var values: [Double] { runs.flatMap { $0.map(\.value) } }
}

/// One panel's content: its series and the y ticks that fit them.
struct CurvePanel: Sendable {
    let name: String
    let title: String
    let yTitle: String
    let series: [CurveSeries]
    let yTicks: NiceTicks

    init(name: String, title: String, yTitle: String, series: [CurveSeries], yTicks: (([Double]) -> NiceTicks)) {
        self.name = name
        self.title = title
        self.yTitle = yTitle
        self.series = series
        self.yTicks = yTicks(series.flatMap(\.values))
    }
}

/// Side-by-side panels of equal size with room for their tick labels.
struct CurvesLayout: Sendable {
    let margin = 18.0
    let titleBaseline: Double
    let areas: [PlotArea]
    let width: Double
    let height: Double

    init(panels: [CurvePanel], title: String) {
        let plotWidth = 400.0, plotHeight = 280.0, panelGap = 40.0
        titleBaseline = margin + 13
        let top = titleBaseline + 44
        var areas: [PlotArea] = []
        var x = margin
        for panel in panels {
            let chrome = PlotAxes.leftChrome(tickLabels: panel.yTicks.values.map(panel.yTicks.label))
            areas.append(PlotArea(left: x + chrome, top: top, width: plotWidth, height: plotHeight))
            x += chrome + plotWidth + panelGap
        }
        self.areas = areas
        // The last x tick label is centred on the right edge and sticks out by half its width.
        let contentRight = (areas.last?.right ?? margin) + 14 + margin
        width = max(contentRight, PlotText.width(title, size: 16, bold: true) + 2 * margin)
        height = top + plotHeight + PlotAxes.bottomChrome + margin
    }
}
