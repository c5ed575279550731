import Foundation

/// A confusion matrix drawn as a labelled heat map.
///
/// Rows are true classes, columns predicted ones. Each cell shows its count and the share of its
/// row (the images of that true class), and is shaded by that share from white to dark blue, so the
/// diagonal reads as recall and bright off-diagonal cells point at the confusions worth looking at.
package enum ConfusionMatrixSVG {
    /// An SVG document for `counts[t][p]`, the number of images of true class `t` predicted as `p`.
    ///
    /// - Parameters:
    ///   - labels: class names, in the order of `counts`' rows and columns; they set the matrix size.
    ///   - counts: a square matrix; missing entries count as 0 and extra ones are ignored.
    ///   - title: the heading drawn above the matrix.
    package static func render(labels: [String], counts: [[Int]], title: String) -> String {
        let grid = ConfusionGrid(labels: labels, counts: counts)
        let layout = ConfusionLayout(grid: grid, title: title)
        var canvas = SVGCanvas(width: layout.width, height: layout.height)
        canvas.title(title)
        canvas.text(
            title, at: layout.titleBaseline, size: layout.titleSize, anchor: .middle, bold: true,
            attributes: [("class", "title")])
        drawCells(grid, layout, in: &canvas)
        drawAxes(grid, layout, in: &canvas)
        drawRowTotals(grid, layout, in: &canvas)
        drawColorBar(layout, in: &canvas)
        return canvas.render()
    }

    private static func drawCells(_ grid: ConfusionGrid, _ layout: ConfusionLayout, in canvas: inout SVGCanvas) {
        canvas.group([("class", "cells")]) { canvas in
            for t in 0..<grid.size {
                for p in 0..<grid.size {
                    let share = grid.share(truth: t, predicted: p)
                    let fill = PlotPalette.blue(share)
                    let cell = layout.cell(row: t, column: p)
                    canvas.rect(
                        x: cell.x, y: cell.y, width: layout.cellSide, height: layout.cellSide, fill: fill.hex,
                        stroke: PlotPalette.cellBorder,
                        attributes: [("class", "cell"), ("data-true", String(t)), ("data-predicted", String(p))])
                    let count = grid.count(truth: t, predicted: p)
                    // Zeros off the diagonal are greyed so the real confusions stand out.
                    let quiet = count == 0 && t != p
                    let ink = quiet ? PlotPalette.faintText : PlotPalette.text(on: fill)
                    let middle = cell.x + layout.cellSide / 2
                    canvas.text(
                        String(count), at: SVGPoint(x: middle, y: cell.y + layout.countBaseline),
                        size: layout.countSize, anchor: .middle, bold: !quiet, fill: ink,
                        attributes: [("class", "count")])
                    canvas.text(
                        SVGFormat.percent(share), at: SVGPoint(x: middle, y: cell.y + layout.shareBaseline),
                        size: layout.shareSize, anchor: .middle, fill: ink, attributes: [("class", "share")])
                }
            }
            // The diagonal (correct predictions) gets a thin dark frame so it can be followed at a glance.
            for d in 0..<grid.size {
                let cell = layout.cell(row: d, column: d)
                canvas.rect(
                    x: cell.x + 1, y: cell.y + 1, width: layout.cellSide - 2, height: layout.cellSide - 2,
                    fill: "none", stroke: "#1a1a1a", strokeWidth: 1.5, attributes: [("class", "diagonal")])
            }
        }
    }

    private static func drawAxes(_ grid: ConfusionGrid, _ layout: ConfusionLayout, in canvas: inout SVGCanvas) {
        canvas.group([("class", "axes")]) { canvas in
            for (row, label) in grid.labels.enumerated() {
                let y = layout.cell(row: row, column: 0).y + layout.cellSide / 2
                canvas.text(
                    label, at: SVGPoint(x: layout.gridLeft - 10, y: y + PlotText.capHeight(size: layout.labelSize) / 2),
                    size: layout.labelSize, anchor: .end, attributes: [("class", "row-label")])
            }
            for (column, label) in grid.labels.enumerated() {
                let x = layout.cell(row: 0, column: column).x + layout.cellSide / 2
                if layout.rotatesColumnLabels {
                    canvas.text(
                        label, at: SVGPoint(x: x + layout.labelSize * 0.35, y: layout.gridBottom + 10),
                        size: layout.labelSize, anchor: .end, rotation: -ConfusionLayout.columnLabelAngle,
                        attributes: [("class", "column-label")])
                } else {
                    canvas.text(
                        label, at: SVGPoint(x: x, y: layout.gridBottom + 8 + PlotText.capHeight(size: layout.labelSize)),
                        size: layout.labelSize, anchor: .middle, attributes: [("class", "column-label")])
                }
            }
            canvas.text(
                "predicted class", at: layout.predictedTitleBaseline, size: layout.axisTitleSize, anchor: .middle,
                attributes: [("class", "axis-title")])
            canvas.text(
                "true class", at: layout.trueTitleBaseline, size: layout.axisTitleSize, anchor: .middle, rotation: -90,
                attributes: [("class", "axis-title")])
        }
    }

    private static func drawRowTotals(_ grid: ConfusionGrid, _ layout: ConfusionLayout, in canvas: inout SVGCanvas) {
        canvas.group([("class", "row-totals")]) { canvas in
            canvas.text(
                ConfusionLayout.totalsHeader, at: SVGPoint(x: layout.totalsCentre, y: layout.gridTop - 8),
                size: layout.totalsSize, anchor: .middle, fill: PlotPalette.mutedText)
            for row in 0..<grid.size {
                let y = layout.cell(row: row, column: 0).y + layout.cellSide / 2
                canvas.text(
                    String(grid.rowTotal(row)),
                    at: SVGPoint(x: layout.totalsCentre, y: y + PlotText.capHeight(size: layout.totalsSize) / 2),
                    size: layout.totalsSize, anchor: .middle, fill: PlotPalette.mutedText,
                    attributes: [("class", "row-total")])
            }
        }
    }

    /// The key to the shading: a gradient bar from 0% to 100% of a row.
    private static func drawColorBar(_ layout: ConfusionLayout, in canvas: inout SVGCanvas) {
        canvas.group([("class", "color-bar")]) { canvas in
            let stops = stride(from: 0.0, through: 1.0, by: 0.125).map { (offset: $0, color: PlotPalette.blue($0).hex) }
            canvas.linearGradient(id: "confusion-share", stops: stops, bottomToTop: true)
            let bar = layout.colorBar
            canvas.rect(
                x: bar.x, y: bar.y, width: bar.width, height: bar.height, fill: "url(#confusion-share)",
                stroke: PlotPalette.cellBorder)
            for share in stride(from: 0.0, through: 1.0, by: 0.25) {
                let y = bar.y + bar.height * (1 - share)
                canvas.line(
                    from: SVGPoint(x: bar.x + bar.width, y: y), to: SVGPoint(x: bar.x + bar.width + 4, y: y),
                    stroke: PlotPalette.axis)
                canvas.text(
                    SVGFormat.percent(share, decimals: 0),
                    at: SVGPoint(x: bar.x + bar.width + 7, y: y + PlotText.capHeight(size: layout.totalsSize) / 2),
                    size: layout.totalsSize, fill: PlotPalette.mutedText)
            }
            canvas.text(
                ConfusionLayout.colorBarCaption, at: layout.colorBarCaptionBaseline, size: layout.totalsSize,
                anchor: .middle, fill: PlotPalette.mutedText, rotation: -90)
        }
    }
}

/// The matrix as the plot reads it: square, with shares of each row.
struct ConfusionGrid: Sendable {
    let labels: [String]
    private let counts: [[Int]]

    init(labels: [String], counts: [[Int]]) {
        self.labels = labels
        self.counts = labels.indices.map { t in
            labels.indices.map { p in t < counts.count && p < counts[t].count ? counts[t][p] : 0 }
        }
    }

    var size: Int { labels.count }

    func count(truth: Int, predicted: Int) -> Int { counts[truth][predicted] }

    func rowTotal(_ truth: Int) -> Int { counts[truth].reduce(0, +) }

    /// The count as a share of its row; NaN for a row without images (drawn as "–").
    func share(truth: Int, predicted: Int) -> Double {
        let total = rowTotal(truth)
        return total > 0 ? Double(counts[truth][predicted]) / Double(total) : .nan
    }
}

/// Where every part of the confusion plot goes, worked out from the number of classes and label lengths.
struct ConfusionLayout: Sendable {
    static let columnLabelAngle = 40.0
    static let totalsHeader = "images"
    static let colorBarCaption = "share of true class"

    let margin = 18.0
    let titleSize = 16.0
    let labelSize = 13.0
    let axisTitleSize = 13.5
    let totalsSize = 11.5

    let cellSide: Double
    let countSize: Double
    let shareSize: Double
    /// Baselines of the count and the share, relative to the cell's top.
    let countBaseline: Double
    let shareBaseline: Double

    let gridLeft: Double
    let gridTop: Double
    let rotatesColumnLabels: Bool
    let totalsCentre: Double
    let colorBar: (x: Double, y: Double, width: Double, height: Double)
    let colorBarCaptionBaseline: SVGPoint
    let titleBaseline: SVGPoint
    let trueTitleBaseline: SVGPoint
    let predictedTitleBaseline: SVGPoint
    let width: Double
    let height: Double

    var gridBottom: Double { gridTop + Double(classes) * cellSide }
    var gridRight: Double { gridLeft + Double(classes) * cellSide }
    private let classes: Int

    func cell(row: Int, column: Int) -> SVGPoint {
        SVGPoint(x: gridLeft + Double(column) * cellSide, y: gridTop + Double(row) * cellSide)
    }

    init(grid: ConfusionGrid, title: String) {
        classes = grid.size
        let n = Double(max(grid.size, 1))
        // Cells shrink with more classes so ten classes still fit on a page.
        cellSide = max(54, 88 - max(0, n - 4) * 6)

        // The count is the main figure: as large as the widest one allows.
        let widestCount = (0..<grid.size).flatMap { t in (0..<grid.size).map { String(grid.count(truth: t, predicted: $0)) } }
        let countWidthAtOne = PlotText.widest(widestCount, size: 1, bold: true)
        countSize = min(cellSide * 0.25, countWidthAtOne > 0 ? (cellSide - 12) / countWidthAtOne : .infinity)
        shareSize = min(max(9.5, cellSide * 0.14), (cellSide - 8) / PlotText.width("100.0%", size: 1))
        let countCap = PlotText.capHeight(size: countSize)
        let shareCap = PlotText.capHeight(size: shareSize)
        let gap = shareSize * 0.7
        let top = (cellSide - (countCap + gap + shareCap)) / 2
        countBaseline = top + countCap
        shareBaseline = countBaseline + gap + shareCap

        // Left: the rotated axis title, then right-aligned row labels.
        let widestLabel = PlotText.widest(grid.labels, size: labelSize)
        var gridLeft = margin + axisTitleSize + 14 + widestLabel + 10

        // Bottom: column labels, turned when they do not fit under their cell.
        rotatesColumnLabels = widestLabel > cellSide - 8
        let angle = Self.columnLabelAngle * .pi / 180
        let columnLabelsHeight: Double
        if rotatesColumnLabels {
            columnLabelsHeight = 10 + widestLabel * sin(angle) + labelSize * cos(angle)
            // The first column's label leans left past the grid; keep it on the canvas.
            let firstLabel = PlotText.width(grid.labels.first ?? "", size: labelSize)
            gridLeft = max(gridLeft, margin + firstLabel * cos(angle) - cellSide / 2 - labelSize * 0.35)
        } else {
            columnLabelsHeight = 8 + labelSize * 1.2
        }
        self.gridLeft = gridLeft

        let titleBaselineY = margin + titleSize * 0.8
        gridTop = titleBaselineY + 34
        let gridBottom = gridTop + n * cellSide
        let gridRight = gridLeft + n * cellSide

        // Right: row totals, then the colour key with its tick labels and caption.
        let widestTotal = PlotText.widest(
            [Self.totalsHeader] + (0..<grid.size).map { String(grid.rowTotal($0)) }, size: totalsSize)
        totalsCentre = gridRight + 12 + widestTotal / 2
        let barX = gridRight + 12 + widestTotal + 22
        colorBar = (barX, gridTop, 14, gridBottom - gridTop)
        let tickLabelsRight = barX + 14 + 7 + PlotText.width("100%", size: totalsSize)
        colorBarCaptionBaseline = SVGPoint(x: tickLabelsRight + 8 + totalsSize * 0.8, y: (gridTop + gridBottom) / 2)

        trueTitleBaseline = SVGPoint(x: margin + axisTitleSize * 0.8, y: (gridTop + gridBottom) / 2)
        let predictedY = gridBottom + columnLabelsHeight + 12 + axisTitleSize * 0.8
        predictedTitleBaseline = SVGPoint(x: (gridLeft + gridRight) / 2, y: predictedY)
        height = predictedY + margin

        // The title is centred over the grid unless it is too wide to fit there.
        let titleWidth = PlotText.width(title, size: titleSize, bold: true)
        let contentRight = colorBarCaptionBaseline.x + margin * 0.5
        width = max(contentRight, titleWidth + 2 * margin)
        let centred = (gridLeft + gridRight) / 2
        let titleX = min(max(centred, margin + titleWidth / 2), width - margin - titleWidth / 2)
        titleBaseline = SVGPoint(x: titleX, y: titleBaselineY)
    }
}
