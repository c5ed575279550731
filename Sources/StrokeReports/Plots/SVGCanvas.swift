import StrokeModel

/// A point in SVG user units (y grows downwards).
struct SVGPoint: Sendable, Equatable {
    var x: Double
    var y: Double
}

/// Which point of a text its coordinates name, along the baseline.
enum SVGTextAnchor: String, Sendable {
    case start, middle, end
}

/// An attribute written as given (after escaping), for classes and `data-` markers that tests and styles use.
typealias SVGAttributes = [(name: String, value: String)]

/// A small builder for SVG documents: shapes and text are appended in drawing order,
/// `render()` wraps them in the XML declaration and a sized `<svg>` root with a white background.
struct SVGCanvas: Sendable {
    /// Every plot uses the same fonts; DejaVu Sans is what Debian's rsvg-convert finds first.
    static let fontFamily = "DejaVu Sans, Helvetica, Arial, sans-serif"

    let width: Double
    let height: Double
    private var documentTitle: String?
    private var elements: [String] = []
    private var depth = 1

    init(width: Double, height: Double) {
        // Whole-pixel sizes keep PNG renderings from gaining a blurry half-pixel edge.
        self.width = max(1, width.rounded(.up))
        self.height = max(1, height.rounded(.up))
    }

    /// The document's accessible name (`<title>`), shown as a tooltip by browsers.
    mutating func title(_ text: String) {
        documentTitle = text
    }

    mutating func rect(
        x: Double, y: Double, width: Double, height: Double, fill: String,
        stroke: String? = nil, strokeWidth: Double = 1, cornerRadius: Double = 0, attributes: SVGAttributes = []
    ) {
        var list: SVGAttributes = [
            ("x", SVGFormat.number(x)), ("y", SVGFormat.number(y)),
            ("width", SVGFormat.number(max(0, width))), ("height", SVGFormat.number(max(0, height))),
        ]
        if cornerRadius > 0 { list.append(("rx", SVGFormat.number(cornerRadius))) }
        list.append(("fill", fill))
        list += strokeAttributes(stroke, width: strokeWidth, dash: nil)
        append("rect", list + attributes)
    }

    mutating func line(
        from start: SVGPoint, to end: SVGPoint, stroke: String, width: Double = 1, dash: [Double]? = nil,
        attributes: SVGAttributes = []
    ) {
        let list: SVGAttributes = [
            ("x1", SVGFormat.number(start.x)), ("y1", SVGFormat.number(start.y)),
            ("x2", SVGFormat.number(end.x)), ("y2", SVGFormat.number(end.y)),
        ]
        append("line", list + strokeAttributes(stroke, width: width, dash: dash) + attributes)
    }

    /// An open line through `points`; round joins so sharp turns in noisy curves do not spike.
    mutating func polyline(
        _ points: [SVGPoint], stroke: String, width: Double = 1, dash: [Double]? = nil, attributes: SVGAttributes = []
    ) {
        let coordinates = points.map { SVGFormat.number($0.x) + "," + SVGFormat.number($0.y) }.joined(separator: " ")
        let list: SVGAttributes = [("points", coordinates), ("fill", "none")]
        let joins: SVGAttributes = [("stroke-linejoin", "round"), ("stroke-linecap", "round")]
        append("polyline", list + strokeAttributes(stroke, width: width, dash: dash) + joins + attributes)
    }

    /// A path from `commands` whose numbers are given as `SVGPoint`s, e.g. `[("M", [p]), ("L", [q])]`.
    mutating func path(
        _ commands: [(command: String, points: [SVGPoint])], fill: String = "none", stroke: String? = nil,
        width: Double = 1, attributes: SVGAttributes = []
    ) {
        let data = commands.map { step in
            ([step.command] + step.points.map { SVGFormat.number($0.x) + "," + SVGFormat.number($0.y) })
                .joined(separator: " ")
        }.joined(separator: " ")
        append("path", [("d", data), ("fill", fill)] + strokeAttributes(stroke, width: width, dash: nil) + attributes)
    }

    mutating func circle(
        center: SVGPoint, radius: Double, fill: String, stroke: String? = nil, strokeWidth: Double = 1,
        attributes: SVGAttributes = []
    ) {
        let list: SVGAttributes = [
            ("cx", SVGFormat.number(center.x)), ("cy", SVGFormat.number(center.y)),
            ("r", SVGFormat.number(max(0, radius))), ("fill", fill),
        ]
        append("circle", list + strokeAttributes(stroke, width: strokeWidth, dash: nil) + attributes)
    }

    /// Text whose baseline passes through `point`; `rotation` is in degrees, clockwise, about `point`.
    mutating func text(
        _ content: String, at point: SVGPoint, size: Double, anchor: SVGTextAnchor = .start, bold: Bool = false,
        fill: String = PlotPalette.text, rotation: Double = 0, attributes: SVGAttributes = []
    ) {
        var list: SVGAttributes = [
            ("x", SVGFormat.number(point.x)), ("y", SVGFormat.number(point.y)),
            ("font-size", SVGFormat.number(size)), ("fill", fill),
        ]
        if anchor != .start { list.append(("text-anchor", anchor.rawValue)) }
        if bold { list.append(("font-weight", "bold")) }
        if rotation != 0 && rotation.isFinite {
            let turn = [rotation, point.x, point.y].map(SVGFormat.number).joined(separator: " ")
            list.append(("transform", "rotate(\(turn))"))
        }
        append("text", list + attributes, content: content)
    }

    /// A vertical or horizontal linear gradient that shapes can use as `fill="url(#id)"`.
    mutating func linearGradient(id: String, stops: [(offset: Double, color: String)], bottomToTop: Bool) {
        open("defs", [])
        let direction: SVGAttributes = bottomToTop
            ? [("x1", "0"), ("y1", "1"), ("x2", "0"), ("y2", "0")]
            : [("x1", "0"), ("y1", "0"), ("x2", "1"), ("y2", "0")]
        open("linearGradient", [("id", id)] + direction)
        for stop in stops {
            append("stop", [("offset", SVGFormat.number(min(max(stop.offset, 0), 1))), ("stop-color", stop.color)])
        }
        close("linearGradient")
        close("defs")
    }

    /// Elements drawn by `build` inside one `<g>`, so they can be found (and styled) together.
    mutating func group(_ attributes: SVGAttributes = [], _ build: (inout SVGCanvas) -> Void) {
        open("g", attributes)
        build(&self)
        close("g")
    }

    /// The finished document.
    func render() -> String {
        let width = SVGFormat.number(width), height = SVGFormat.number(height)
        let root: SVGAttributes = [
            ("xmlns", "http://www.w3.org/2000/svg"), ("width", width), ("height", height),
            ("viewBox", "0 0 \(width) \(height)"), ("font-family", Self.fontFamily),
        ]
        let background: SVGAttributes = [
            ("x", "0"), ("y", "0"), ("width", width), ("height", height), ("fill", "#ffffff"), ("class", "background"),
        ]
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<\(Self.tag("svg", root))>"]
        // The title comes first so screen readers and browsers find it.
        if let documentTitle { lines.append("  <title>\(XMLText.escaped(documentTitle))</title>") }
        lines.append("  <\(Self.tag("rect", background))/>")
        lines += elements
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Writing elements

    private func strokeAttributes(_ stroke: String?, width: Double, dash: [Double]?) -> SVGAttributes {
        guard let stroke else { return [] }
        var list: SVGAttributes = [("stroke", stroke), ("stroke-width", SVGFormat.number(width))]
        if let dash, !dash.isEmpty { list.append(("stroke-dasharray", dash.map(SVGFormat.number).joined(separator: " "))) }
        return list
    }

    private static func tag(_ name: String, _ attributes: SVGAttributes) -> String {
        ([name] + attributes.map { "\($0.name)=\"\(XMLText.escaped($0.value))\"" }).joined(separator: " ")
    }

    private var indentation: String { String(repeating: "  ", count: depth) }

    private mutating func append(_ name: String, _ attributes: SVGAttributes, content: String? = nil) {
        let tag = Self.tag(name, attributes)
        if let content {
            elements.append("\(indentation)<\(tag)>\(XMLText.escaped(content))</\(name)>")
        } else {
            elements.append("\(indentation)<\(tag)/>")
        }
    }

    private mutating func open(_ name: String, _ attributes: SVGAttributes) {
        elements.append("\(indentation)<\(Self.tag(name, attributes))>")
        depth += 1
    }

    private mutating func close(_ name: String) {
        depth -= 1
        elements.append("\(indentation)</\(name)>")
    }
}
