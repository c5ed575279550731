/// A legend: a sample of each series' mark next to its name.
struct PlotLegend: Sendable {
    enum Swatch: Sendable {
        /// A line sample, with a dot on it when the series is (partly) drawn as single points.
        case line(color: String, dash: [Double]?, dot: Bool = false)
        /// A dot alone, for a series that has only isolated points.
        case dot(color: String)
        case box(color: String)
    }

    struct Entry: Sendable {
        var label: String
        var swatch: Swatch
    }

    enum Layout: Sendable {
        /// Stacked in a framed box, for placing inside a plot.
        case framed
        /// In one unframed row, for placing above a plot.
        case row
    }

    let entries: [Entry]
    let layout: Layout
    var fontSize = 11.5

    private let padding = 8.0
    private let swatchWidth = 24.0
    private let boxSide = 11.0
    private let swatchGap = 6.0
    private let entryGap = 18.0
    private var rowHeight: Double { fontSize * 1.55 }

    private func swatchSpace(_ entry: Entry) -> Double {
        switch entry.swatch {
        case .line, .dot: swatchWidth + swatchGap
        case .box: boxSide + swatchGap
        }
    }

    private func entryWidth(_ entry: Entry) -> Double {
        swatchSpace(entry) + PlotText.width(entry.label, size: fontSize)
    }

    var width: Double {
        switch layout {
        case .framed: 2 * padding + (entries.map(entryWidth).max() ?? 0)
        case .row: entries.map(entryWidth).reduce(0, +) + entryGap * Double(max(0, entries.count - 1))
        }
    }

    var height: Double {
        switch layout {
        case .framed: 2 * padding * 0.6 + rowHeight * Double(entries.count)
        case .row: rowHeight
        }
    }

    func draw(in canvas: inout SVGCanvas, topLeft: SVGPoint) {
        canvas.group([("class", "legend")]) { canvas in
            if layout == .framed {
                // Slightly see-through so a curve passing under the legend is not hidden entirely.
                canvas.rect(
                    x: topLeft.x, y: topLeft.y, width: width, height: height, fill: "#ffffff", stroke: "#cccccc",
                    cornerRadius: 3, attributes: [("fill-opacity", "0.9")])
            }
            var x = topLeft.x + (layout == .framed ? padding : 0)
            var y = topLeft.y + (layout == .framed ? padding * 0.6 : 0) + rowHeight / 2
            for entry in entries {
                draw(entry.swatch, in: &canvas, left: x, middle: y)
                let textX = x + swatchSpace(entry)
                canvas.text(
                    entry.label, at: SVGPoint(x: textX, y: y + PlotText.capHeight(size: fontSize) / 2),
                    size: fontSize, fill: PlotPalette.text)
                switch layout {
                case .framed: y += rowHeight
                case .row: x += entryWidth(entry) + entryGap
                }
            }
        }
    }

    private func draw(_ swatch: Swatch, in canvas: inout SVGCanvas, left: Double, middle: Double) {
        switch swatch {
        case .line(let color, let dash, let dot):
            canvas.line(
                from: SVGPoint(x: left, y: middle), to: SVGPoint(x: left + swatchWidth, y: middle), stroke: color,
                width: 2, dash: dash)
            if dot { canvas.circle(center: SVGPoint(x: left + swatchWidth / 2, y: middle), radius: 3, fill: color) }
        case .dot(let color):
            canvas.circle(center: SVGPoint(x: left + swatchWidth / 2, y: middle), radius: 3, fill: color)
        case .box(let color):
            canvas.rect(x: left, y: middle - boxSide / 2, width: boxSide, height: boxSide, fill: color, cornerRadius: 1.5)
        }
    }
}
