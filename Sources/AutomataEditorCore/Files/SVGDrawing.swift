import StrokeModel

/// Collects the elements of an SVG drawing in layers and the area they cover, then writes
/// the file with a viewBox fitted around everything.
struct SVGDrawing {
    /// Space left around the content.
    static let margin = 16.0
    static let fontFamily = "Helvetica, Arial, sans-serif"

    private var lines: [String] = []   // transitions and arrows, drawn first
    private var shapes: [String] = []  // states, over the lines' ends
    private var ink: [String] = []     // handwriting, faded, under the labels
    private var texts: [String] = []   // labels, on top of everything
    /// Where each arrow, state and text went: what `LayoutCheck` checks for readability.
    private(set) var placed = Placed()
    private var minX = Double.infinity, minY = Double.infinity
    private var maxX = -Double.infinity, maxY = -Double.infinity

    /// The drawing's geometry, element by element.
    struct Placed {
        var arrows: [(curve: SVGCurve, element: Element)] = []
        var states: [(circle: SVGCircle, id: Int)] = []
        var texts: [(center: SVGVector, size: SVGVector, role: String)] = []
    }

    enum Stroke {
        /// `provisional`: a transition whose head has not been drawn yet, dashed and without a head.
        case solid, dangling, provisional
    }

    /// Which document elements a piece of the drawing shows, written as a data attribute so
    /// that an editor can find what was hit and highlight states.
    enum Element {
        case state(Int)
        case transitions([Int])
        /// Ink waiting for the stroke that completes it: no element yet.
        case waiting

        var attribute: String {
            switch self {
            case .state(let id): " data-state=\"\(id)\""
            case .transitions(let ids): " data-transitions=\"\(ids.map(String.init).joined(separator: " "))\""
            case .waiting: " data-waiting=\"\""
            }
        }
    }

    /// A curve ending in an arrowhead.
    mutating func addArrow(_ curve: SVGCurve, role: String, stroke: Stroke, element: Element) {
        curve.points(count: 24).forEach { cover($0, by: 6) } // the arrowhead stands out a little
        placed.arrows.append((curve, element))
        let style = switch stroke {
        case .solid: "marker-end=\"url(#arrowhead)\""
        case .dangling: "stroke=\"#888888\" stroke-dasharray=\"6 4\" marker-end=\"url(#arrowhead-dangling)\""
        case .provisional: "stroke-dasharray=\"9 5\""
        }
        lines.append("<path class=\"\(role)\"\(element.attribute) d=\"\(SVGMarkup.pathData(curve))\" \(style)/>")
    }

    /// An open line through `points` in grey: a head drawn on its own, waiting for its shaft.
    mutating func addMark(_ points: [SVGVector], role: String) {
        points.forEach { cover($0, by: 2) }
        let data = points.map { "\(SVGMarkup.number($0.x)),\(SVGMarkup.number($0.y))" }.joined(separator: " ")
        lines.append("<polyline class=\"\(role)\"\(Element.waiting.attribute) points=\"\(data)\" stroke=\"#888888\"/>")
    }

    /// A handwritten word's strokes, faded: the reading drawn over them is what counts.
    mutating func addInk(_ strokes: [[SVGVector]], word: Int) {
        for stroke in strokes where !stroke.isEmpty {
            stroke.forEach { cover($0, by: 1) }
            let data = stroke.map { "\(SVGMarkup.number($0.x)),\(SVGMarkup.number($0.y))" }.joined(separator: " ")
            ink.append("<polyline class=\"word-ink\" data-word=\"\(word)\" points=\"\(data)\"/>")
        }
    }

    /// `title`: a tooltip (a state's whole name when it is shown shortened).
    mutating func addCircle(_ circle: SVGCircle, role: String, element: Element, title: String? = nil) {
        cover(circle.center, by: circle.radius + 1)
        if role == "state", case .state(let id) = element { placed.states.append((circle, id)) }
        shapes.append("<circle class=\"\(role)\"\(element.attribute) cx=\"\(SVGMarkup.number(circle.center.x))\" cy=\"\(SVGMarkup.number(circle.center.y))\" r=\"\(SVGMarkup.number(circle.radius))\"" + (title.map { "><title>\(XMLText.escaped($0))</title></circle>" } ?? "/>"))
    }

    /// Text whose box is centred on `center`; a trailing number becomes a subscript when
    /// `subscriptDigits` is set (q0 → q₀, as in textbooks).
    /// `word`: the handwritten word it shows, which a click on it corrects.
    mutating func addText(_ text: String, centeredAt center: SVGVector, fontSize: Double, role: String, element: Element,
                          subscriptDigits: Bool = false, word: Int? = nil, fullText: String? = nil) {
        let size = Self.estimatedSize(of: text, fontSize: fontSize)
        cover(center, halfWidth: size.x / 2, halfHeight: size.y / 2)
        placed.texts.append((center, size, role))
        let baseline = center.y + fontSize * 0.35 // a capital letter's middle sits about there
        var body = XMLText.escaped(text)
        if subscriptDigits, let split = Self.subscriptSplit(text) {
            body = XMLText.escaped(split.stem) + "<tspan baseline-shift=\"sub\" font-size=\"70%\">\(XMLText.escaped(split.digits))</tspan>"
        }
        let grey = switch role {
        case "dangling-label": " fill=\"#888888\""
        case "waiting": " fill=\"#888888\" font-style=\"italic\""
        case "word unsure": " fill=\"#b45309\" font-style=\"italic\""
        default: ""
        }
        let wordAttribute = word.map { " data-word=\"\($0)\"" } ?? ""
        // A shortened text keeps the whole one as its tooltip.
        if let fullText { body += "<title>\(XMLText.escaped(fullText))</title>" }
        texts.append("<text class=\"\(role)\"\(element.attribute)\(wordAttribute) x=\"\(SVGMarkup.number(center.x))\" y=\"\(SVGMarkup.number(baseline))\" font-size=\"\(SVGMarkup.number(fontSize))\"\(grey)>\(body)</text>")
    }

    /// Text placed beside a point, on the side `side` points to, clear of that point.
    mutating func addText(_ text: String, beside anchor: SVGVector, side: SVGVector, fontSize: Double, role: String, element: Element) {
        let size = Self.estimatedSize(of: text, fontSize: fontSize)
        let reach = abs(side.x) * size.x / 2 + abs(side.y) * size.y / 2
        addText(text, centeredAt: anchor + side * reach, fontSize: fontSize, role: role, element: element)
    }

    /// A rough text box (no font metrics here): average glyphs are about 0.6 em wide.
    static func estimatedSize(of text: String, fontSize: Double) -> SVGVector {
        var width = 0.0
        for character in text {
            width += character.isUppercase || character == "m" || character == "w" ? 0.75
                : ",. ilj!|:;'".contains(character) ? 0.3 : "(){}[]frt".contains(character) ? 0.36 : 0.58
        }
        if subscriptSplit(text) != nil { width -= 0.2 * Double(text.count(where: \.isNumber)) }
        return SVGVector(x: width * fontSize, y: fontSize * 1.2)
    }

    static func subscriptSplit(_ text: String) -> (stem: String, digits: String)? {
        let digits = text.reversed().prefix { $0.isASCII && $0.isNumber }
        let stem = text.dropLast(digits.count)
        guard !digits.isEmpty, !stem.isEmpty, stem.allSatisfy(\.isLetter) else { return nil }
        return (String(stem), String(digits.reversed()))
    }

    private mutating func cover(_ point: SVGVector, by radius: Double) {
        cover(point, halfWidth: radius, halfHeight: radius)
    }

    private mutating func cover(_ point: SVGVector, halfWidth: Double, halfHeight: Double) {
        guard point.x.isFinite, point.y.isFinite else { return }
        minX = min(minX, point.x - halfWidth)
        maxX = max(maxX, point.x + halfWidth)
        minY = min(minY, point.y - halfHeight)
        maxY = max(maxY, point.y + halfHeight)
    }

    /// The whole SVG file.
    func svg() -> String {
        let empty = !(minX <= maxX && minY <= maxY)
        let x = empty ? 0 : minX - Self.margin, y = empty ? 0 : minY - Self.margin
        // Whole sizes, so the width and height attributes match the viewBox exactly.
        let width = (empty ? 2 * Self.margin : maxX - minX + 2 * Self.margin).rounded(.up)
        let height = (empty ? 2 * Self.margin : maxY - minY + 2 * Self.margin).rounded(.up)
        let n = SVGMarkup.number
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(n(width))" height="\(n(height))" viewBox="\(n(x)) \(n(y)) \(n(width)) \(n(height))">
        <rect x="\(n(x))" y="\(n(y))" width="\(n(width))" height="\(n(height))" fill="white"/>
        \(layers())</svg>

        """
    }

    /// The drawing without the `<svg>` element around it, in canvas coordinates: the
    /// arrowheads' definitions, then lines, states, handwriting and labels, each layer a group.
    func layers() -> String {
        """
        <defs>
        \(Self.marker(id: "arrowhead", color: "black"))
        \(Self.marker(id: "arrowhead-dangling", color: "#888888"))
        </defs>
        <g class="edges" fill="none" stroke="black" stroke-width="1.5">
        \(lines.joined(separator: "\n"))
        </g>
        <g class="states" fill="white" stroke="black" stroke-width="1.5">
        \(shapes.joined(separator: "\n"))
        </g>
        \(inkLayer)<g class="labels" font-family="\(Self.fontFamily)" text-anchor="middle" fill="black" stroke="white" stroke-width="4" stroke-linejoin="round" paint-order="stroke">
        \(texts.joined(separator: "\n"))
        </g>

        """
    }

    /// The handwriting's group and a line break, or nothing when there is none (a file's picture).
    private var inkLayer: String {
        guard !ink.isEmpty else { return "" }
        return """
        <g class="words" fill="none" stroke="#9ca3af" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round" opacity="0.6">
        \(ink.joined(separator: "\n"))
        </g>

        """
    }

    /// A filled arrowhead whose tip is the path's end, turned along it.
    private static func marker(id: String, color: String) -> String {
        "<marker id=\"\(id)\" viewBox=\"0 0 12 10\" refX=\"12\" refY=\"5\" markerWidth=\"12\" markerHeight=\"10\" markerUnits=\"userSpaceOnUse\" orient=\"auto\"><path d=\"M 0,0.5 L 12,5 L 0,9.5 L 2.5,5 z\" fill=\"\(color)\" stroke=\"none\"/></marker>"
    }
}
