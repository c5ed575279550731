/// The rectangle data is drawn in, in SVG coordinates.
struct PlotArea: Sendable {
    var left: Double
    var top: Double
    var width: Double
    var height: Double

    var right: Double { left + width }
    var bottom: Double { top + height }

    func contains(_ point: SVGPoint) -> Bool {
        point.x >= left && point.x <= right && point.y >= top && point.y <= bottom
    }
}

/// Grid lines, tick labels, spines and axis titles, drawn the same way in every plot.
enum PlotAxes {
    static let tickLabelSize = 11.0
    static let titleSize = 12.5
    /// Space between the plot area and its tick labels.
    static let tickGap = 7.0

    /// Light horizontal grid lines with value labels left of the area.
    static func horizontalGrid(
        _ values: [Double], scale: LinearScale, area: PlotArea, label: (Double) -> String, in canvas: inout SVGCanvas
    ) {
        canvas.group([("class", "y-axis")]) { canvas in
            for value in values {
                let y = scale(value)
                canvas.line(
                    from: SVGPoint(x: area.left, y: y), to: SVGPoint(x: area.right, y: y), stroke: PlotPalette.grid)
                canvas.text(
                    label(value), at: SVGPoint(x: area.left - tickGap, y: y + PlotText.capHeight(size: tickLabelSize) / 2),
                    size: tickLabelSize, anchor: .end, fill: PlotPalette.mutedText, attributes: [("class", "tick")])
            }
        }
    }

    /// Light vertical grid lines with value labels below the area.
    static func verticalGrid(
        _ values: [Double], scale: LinearScale, area: PlotArea, label: (Double) -> String, in canvas: inout SVGCanvas
    ) {
        canvas.group([("class", "x-axis")]) { canvas in
            for value in values {
                let x = scale(value)
                canvas.line(
                    from: SVGPoint(x: x, y: area.top), to: SVGPoint(x: x, y: area.bottom), stroke: PlotPalette.grid)
                canvas.text(
                    label(value), at: SVGPoint(x: x, y: area.bottom + tickGap + PlotText.capHeight(size: tickLabelSize)),
                    size: tickLabelSize, anchor: .middle, fill: PlotPalette.mutedText, attributes: [("class", "tick")])
            }
        }
    }

    /// The left and bottom spines; the open top and right keep the plot light.
    static func spines(_ area: PlotArea, in canvas: inout SVGCanvas) {
        let corner = SVGPoint(x: area.left, y: area.bottom)
        canvas.line(from: SVGPoint(x: area.left, y: area.top), to: corner, stroke: PlotPalette.axis)
        canvas.line(from: corner, to: SVGPoint(x: area.right, y: area.bottom), stroke: PlotPalette.axis)
    }

    /// Horizontal space the y tick labels and the rotated y title take left of an area.
    static func leftChrome(tickLabels: [String]) -> Double {
        titleSize + 12 + PlotText.widest(tickLabels, size: tickLabelSize) + tickGap
    }

    /// Vertical space the x tick labels and the x title take below an area.
    static let bottomChrome = tickGap + tickLabelSize + 12 + titleSize

    static func xTitle(_ text: String, area: PlotArea, in canvas: inout SVGCanvas) {
        canvas.text(
            text, at: SVGPoint(x: (area.left + area.right) / 2, y: area.bottom + bottomChrome), size: titleSize,
            anchor: .middle, attributes: [("class", "axis-title")])
    }

    /// The y title, turned to read upwards, just left of the tick labels.
    static func yTitle(_ text: String, area: PlotArea, tickLabels: [String], in canvas: inout SVGCanvas) {
        let x = area.left - leftChrome(tickLabels: tickLabels) + titleSize * 0.8
        canvas.text(
            text, at: SVGPoint(x: x, y: (area.top + area.bottom) / 2), size: titleSize, anchor: .middle, rotation: -90,
            attributes: [("class", "axis-title")])
    }
}
