/// An SVG picture of a document as drawn: every state and transition at its canvas
/// position, in the style of a textbook figure (circles, double circles for final states,
/// arrows labelled with their symbols, curved as drawn or gently bent when drawn straight,
/// loops, an arrow into each initial state).
public enum SVGExport {
    static let labelFontSize = 16.0
    /// The length of the arrow into an initial state, when not given by the drawing.
    static let initialArrowLength = 40.0
    /// How much edges bend (sagitta per length): a little alone, more when a pair runs both ways.
    static let gentleBend = 0.07, pairedBend = 0.16

    /// A final state's inner ring, inside its circle of `radius`.
    static func innerRingRadius(of radius: Double) -> Double { radius - max(4, radius * 0.12) }

    /// The SVG file's text, with a viewBox fitted to the content plus a margin.
    /// Dangling transitions are drawn grey and dashed, to or from their free end.
    public static func render(_ document: AutomatonDocument) -> String {
        drawing(of: document).svg()
    }

    /// The drawing's layers in canvas coordinates, without the `<svg>` element, for an editor
    /// that puts them into its own canvas: `<defs>`, then `<g class="edges">`, `<g class="states">`
    /// and `<g class="labels">`. Each piece names what it shows: `data-state="ID"` on a state's
    /// circles, name and initial arrow, `data-transitions="ID …"` on an edge and its label.
    /// Handwritten words are shown too (the file's picture leaves them out): their ink faded
    /// in `<g class="words">` under the labels, and what they read in place of it, each piece
    /// with `data-word="N"` (N: the word's place in `writtenWords`).
    public static func layers(_ document: AutomatonDocument) -> String {
        drawing(of: document, showingWords: true).layers()
    }

    static func drawing(of document: AutomatonDocument, showingWords: Bool = false) -> SVGDrawing {
        let drawn = DrawnEdges(document)
        let words = showingWords ? WordPlaces(document) : WordPlaces()
        let circles = Dictionary(
            document.states.map { ($0.id, SVGCircle(center: SVGVector($0.center), radius: $0.radius)) },
            uniquingKeysWith: { first, _ in first })
        var drawing = SVGDrawing()

        var arrows: [(edge: DrawnEdges.Edge, curve: SVGCurve)] = []
        for edge in drawn.edges {
            guard let source = circles[edge.from], let target = circles[edge.to] else { continue }
            let curve: SVGCurve
            if edge.isSelfLoop {
                // `end` of a drawn loop is its outermost point: the loop goes that way.
                let outermost = SVGVector(edge.transitions[0].end) - source.center
                let direction = outermost.length > source.radius * 0.3 ? outermost.unit() : SVGVector(x: 0, y: -1)
                curve = SVGShapes.loop(on: source, direction: direction)
            } else if let drawnCurve = edge.transitions.lazy.compactMap(\.curve).first {
                curve = SVGShapes.drawn(drawnCurve, from: source, to: target)
            } else {
                curve = SVGShapes.edge(from: source, to: target, bend: drawn.hasOpposite(of: edge) ? pairedBend : gentleBend)
            }
            let element = SVGDrawing.Element.transitions(edge.transitions.map(\.id))
            let provisional = !edge.isSelfLoop && edge.transitions.allSatisfy { $0.head == .awaited }
            drawing.addArrow(curve, role: provisional ? "transition provisional" : "transition",
                             stroke: provisional ? .provisional : .solid, element: element)
            arrows.append((edge, curve))
        }

        // Labels that stay where they are (a loop's, a handwritten one's) first, then the
        // others round them.
        var labels = SVGLabelPlacement(states: Array(circles.values), lines: arrows.map { $0.curve.points(count: max(24, Int($0.curve.reach / 4))) })
        let labelled = arrows.enumerated().filter { !$0.element.edge.label.isEmpty }
        for fixed in [true, false] {
            for (index, (edge, curve)) in labelled {
                let element = SVGDrawing.Element.transitions(edge.transitions.map(\.id))
                let word = edge.transitions.count == 1 ? words.labelling[edge.transitions[0].id] : nil
                guard (edge.isSelfLoop || word != nil) == fixed else { continue }
                if let word {
                    // A label written by hand is read where it was written, over its faded ink.
                    let center = SVGVector(document.writtenWords[word].center)
                    labels.keep(edge.label, centeredAt: center, fontSize: labelFontSize)
                    drawing.addText(edge.label, centeredAt: center, fontSize: labelFontSize, role: "label", element: element, word: word)
                    continue
                }
                let spot = edge.isSelfLoop ? (curve.labelAnchor, curve.labelSide)
                    : labels.place(edge.label, on: curve, line: index, fontSize: labelFontSize)
                if edge.isSelfLoop {
                    labels.keep(edge.label, centeredAt: SVGLabelPlacement.box(SVGDrawing.estimatedSize(of: edge.label, fontSize: labelFontSize),
                                                                             beside: spot.0, side: spot.1), fontSize: labelFontSize)
                }
                drawing.addText(edge.label, beside: spot.0, side: spot.1, fontSize: labelFontSize, role: "label", element: element)
            }
        }

        for transition in drawn.dangling {
            let source = transition.from.flatMap { circles[$0] }
            let target = transition.to.flatMap { circles[$0] }
            let freeStart = SVGVector(transition.start), freeEnd = SVGVector(transition.end)
            let start = source.map { $0.boundary(toward: target?.center ?? freeEnd) } ?? freeStart
            let end = target.map { $0.boundary(toward: source?.center ?? freeStart) } ?? freeEnd
            let curve = SVGShapes.straight(from: start, to: end)
            let element = SVGDrawing.Element.transitions([transition.id])
            drawing.addArrow(curve, role: "dangling", stroke: .dangling, element: element)
            if !transition.symbols.isEmpty {
                let label = transition.symbols.map(\.description).joined(separator: ", ")
                drawing.addText(label, beside: curve.labelAnchor, side: curve.labelSide, fontSize: labelFontSize,
                                role: "dangling-label", element: element)
            }
        }

        func room(_ state: AutomatonDocument.State) -> Double { state.isFinal ? Self.innerRingRadius(of: state.radius) : state.radius }
        let compacting = document.states.contains { StateNameFit($0.name, radius: $0.radius, room: room($0)).isCompacted }
        for state in document.states {
            guard let circle = circles[state.id] else { continue }
            let element = SVGDrawing.Element.state(state.id)
            if state.isInitial {
                drawing.addArrow(initialArrow(into: circle, drawnFrom: state.initialArrowStart ?? drawn.initialArrows[state.id]?.start),
                                 role: "initial", stroke: .solid, element: element)
            }
            let name = state.name.trimmingCharacters(in: .whitespacesAndNewlines)
            let innerRadius = room(state)
            let fitted = StateNameFit(name, radius: circle.radius, room: innerRadius, compacting: compacting)
            let wholeName = fitted.shown == name ? nil : name
            // The name's text lets the pointer through to the circle: the tooltip is on both.
            drawing.addCircle(circle, role: "state", element: element, title: wholeName)
            if state.isFinal {
                drawing.addCircle(SVGCircle(center: circle.center, radius: innerRadius), role: "final", element: element, title: wholeName)
            }
            if !name.isEmpty {
                drawing.addText(fitted.shown, centeredAt: circle.center, fontSize: fitted.fontSize, role: "state-name", element: element,
                                subscriptDigits: true, word: words.naming[state.id], fullText: wholeName)
            }
        }
        addWaiting(document.pending, words: words, to: &drawing)
        if showingWords { addWords(of: document, placed: words, to: &drawing) }
        return drawing
    }

    /// Each handwritten word's ink, faded; and what it read, over the ink, unless a state's
    /// name, a label or a waiting text already shows it: unsure words end in "?".
    private static func addWords(of document: AutomatonDocument, placed: WordPlaces, to drawing: inout SVGDrawing) {
        for (index, word) in document.writtenWords.enumerated() {
            drawing.addInk(word.strokes.map { $0.map(SVGVector.init) }, word: index)
            guard !placed.shown.contains(index) else { continue }
            drawing.addText(word.isSure ? word.text : word.text + "?", centeredAt: SVGVector(word.center), fontSize: labelFontSize,
                            role: word.isSure ? "word" : "word unsure", element: .waiting, word: index)
        }
    }

    /// Ink waiting for the stroke that completes it, in grey: texts where they were written,
    /// heads as a small "V" at their point, a line nothing was made of yet as drawn (a head
    /// drawn at its end makes it an arrow).
    private static func addWaiting(_ pending: PendingInk, words: WordPlaces, to drawing: inout SVGDrawing) {
        if let line = pending.line { drawing.addMark(line.map(SVGVector.init), role: "waiting-line") }
        for written in pending.texts {
            drawing.addText(written.text, centeredAt: SVGVector(written.at), fontSize: labelFontSize, role: "waiting", element: .waiting,
                            word: words.waiting[written])
        }
        for head in pending.heads {
            let apex = SVGVector(head.apex), opening = SVGVector(head.opening).unit() * head.size
            drawing.addMark([apex + opening.rotated(by: -0.45), apex, apex + opening.rotated(by: 0.45)], role: "waiting-head")
        }
    }

    /// From the left, or from where the user drew the initial arrow (kept short when that
    /// was far away or inside the state).
    private static func initialArrow(into state: SVGCircle, drawnFrom point: CanvasPoint?) -> SVGCurve {
        var direction = SVGVector(x: -1, y: 0)
        var length = initialArrowLength
        if let point {
            let offset = SVGVector(point) - state.center
            direction = offset.unit(or: direction)
            let drawnLength = offset.length - state.radius
            if drawnLength > 20 { length = min(drawnLength, 2 * initialArrowLength) }
        }
        let end = state.center + direction * state.radius
        return SVGShapes.straight(from: end + direction * length, to: end)
    }
}
