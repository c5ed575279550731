import Foundation

/// A LaTeX file that draws the document with TikZ's `automata` library, as courses typeset
/// automata for exercise sheets, slides and theses. It compiles on its own with `pdflatex`
/// (the `article` class, `tikz` only) and is meant to be edited.
///
/// States stand where they were drawn (scaled so the drawing fits a page), named in math mode
/// when the name reads as one (`q0` → `$q_{0}$`), with `initial` (on the side the initial
/// arrow came from) and `accepting` marks. Edges go straight (bent apart when a pair runs
/// both ways), curves keep their drawn controls, self-loops sit on the side they were drawn,
/// and each edge carries all its symbols in one label, ε as `$\varepsilon$`. Transitions with
/// a free end are not part of the automaton: a comment names them.
public enum TikZExport {
    /// The widest and tallest the drawing may be on the page, in centimetres.
    static let pageWidth = 12.0, pageHeight = 18.0
    /// Centimetres per canvas point when the drawing fits the page anyway.
    static let naturalScale = 0.02

    public static func render(_ document: AutomatonDocument) -> String {
        let drawn = DrawnEdges(document)
        let place = Placement(document)
        var lines = ["% An automaton drawn with Strokes: TikZ and its automata library, for pdflatex.",
                     "\\documentclass{article}",
                     "\\usepackage[T1]{fontenc}",
                     "\\usepackage{tikz}",
                     "\\usetikzlibrary{automata, arrows.meta}",
                     "\\pagestyle{empty}",
                     "\\begin{document}",
                     "\\begin{center}",
                     "\\begin{tikzpicture}[>={Stealth[round]}, shorten >=1pt, auto, initial text=,",
                     "    every state/.style={draw, minimum size=\(number(place.stateSize)) cm, inner sep=1pt}]"]
        if !drawn.dangling.isEmpty {
            lines.append("% Left out, as not on a state at both ends:")
            lines += drawn.dangling.map { "%   the transition \(DocumentWording.ends(of: $0, in: document))" }
        }
        for state in document.states {
            var options = ["state"]
            if state.isInitial {
                let from = state.initialArrowStart ?? drawn.initialArrows[state.id]?.start
                options += ["initial", "initial where=\(from.map { side(of: $0, from: state.center) } ?? "left")"]
            }
            if state.isFinal { options.append("accepting") }
            lines.append("  \\node[\(options.joined(separator: ", "))] (\(node(state.id))) at \(place.at(state.center)) {\(name(state.name))};")
        }
        for edge in drawn.edges {
            let label = edge.symbols.isEmpty ? "" : "node {\(symbols(edge.symbols))} "
            let (from, to) = (node(edge.from), node(edge.to))
            if edge.isSelfLoop, let state = document.state(edge.from) {
                lines.append("  \\path[->] (\(from)) edge[loop \(side(of: edge.transitions[0].end, from: state.center))] \(label)();")
            } else if let curve = edge.transitions.lazy.compactMap(\.curve).first {
                // The label goes on the side the curve bulges to, as on the canvas.
                let swap = bulgesRight(curve) ? "swap, " : ""
                let labelled = label.isEmpty ? "" : "node[\(swap)pos=0.5] {\(symbols(edge.symbols))} "
                lines.append("  \\draw[->] (\(from)) .. controls \(place.at(curve.control1)) and \(place.at(curve.control2)) .. \(labelled)(\(to));")
            } else {
                let bend = drawn.hasOpposite(of: edge) ? "[bend left=15]" : ""
                lines.append("  \\path[->] (\(from)) edge\(bend) \(label)(\(to));")
            }
        }
        lines += ["\\end{tikzpicture}", "\\end{center}", "\\end{document}"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Canvas points to centimetres: y flipped (TikZ's grows upwards), the top-left corner of
    /// the drawing at the origin, scaled down when it is larger than the page.
    private struct Placement {
        let left: Double, top: Double, scale: Double, stateSize: Double

        init(_ document: AutomatonDocument) {
            let states = document.states
            left = states.map { $0.center.x - $0.radius }.min() ?? 0
            top = states.map { $0.center.y - $0.radius }.min() ?? 0
            let width = (states.map { $0.center.x + $0.radius }.max() ?? 0) - left
            let height = (states.map { $0.center.y + $0.radius }.max() ?? 0) - top
            scale = min(naturalScale, pageWidth / max(width, 1), pageHeight / max(height, 1))
            // The states' drawn size, but never so small that a name does not fit.
            let radius = states.map(\.radius).sorted().dropFirst(states.count / 2).first ?? 30
            stateSize = max(0.8, 2 * radius * scale)
        }

        func at(_ point: CanvasPoint) -> String {
            "(\(number((point.x - left) * scale)), \(number(-(point.y - top) * scale)))"
        }
    }

    private static func node(_ id: Int) -> String { "s\(id)" }

    /// Greek letters by their LaTeX names (courses name states and symbols with them).
    static let greekLetters: [Character: String] = {
        let names = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda", "mu",
                     "nu", "xi", "omicron", "pi", "rho", "varsigma", "sigma", "tau", "upsilon", "phi", "chi", "psi", "omega"]
        var letters: [Character: String] = [:]
        for (offset, name) in names.enumerated() where name != "omicron" {
            letters[Character(UnicodeScalar(0x3B1 + offset)!)] = name
        }
        return letters
    }()

    /// Centimetres with at most three decimals, without trailing zeros.
    static func number(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// Above, below, left or right: where `point` lies from `centre` (canvas y grows downwards).
    static func side(of point: CanvasPoint, from centre: CanvasPoint) -> String {
        let (dx, dy) = (point.x - centre.x, point.y - centre.y)
        if abs(dx) >= abs(dy) { return dx < 0 ? "left" : "right" }
        return dy < 0 ? "above" : "below"
    }

    /// Whether the curve's middle lies right of its chord as travelled (on the page, y up).
    private static func bulgesRight(_ curve: CubicCurve) -> Bool {
        let middle = curve.point(at: 0.5)
        let (cx, cy) = (curve.end.x - curve.start.x, curve.end.y - curve.start.y)
        let (mx, my) = (middle.x - curve.start.x, middle.y - curve.start.y)
        // The canvas's y points down: a positive cross product there is a right turn on the page.
        return cx * my - cy * mx > 0
    }

    /// A state's name: math mode when it reads as one (`q0`, `p12`, `q`), else text.
    static func name(_ name: String) -> String {
        let letters = name.prefix { $0.isASCII && $0.isLetter }
        let digits = name.dropFirst(letters.count)
        if !letters.isEmpty, letters.count <= 2, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
            return digits.isEmpty ? "$\(letters)$" : "$\(letters)_{\(digits)}$"
        }
        return text(name)
    }

    /// An edge's symbols, one label: `$a, b$`, ε as `$\varepsilon$`.
    static func symbols(_ symbols: [Symbol]) -> String {
        let parts = symbols.map { symbol -> String in
            switch symbol {
            case .epsilon: return "\\varepsilon"
            case .text(let text):
                return text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) ? text : "\\mbox{\(self.text(text))}"
            }
        }
        return "$" + parts.joined(separator: ", ") + "$"
    }

    /// Text with LaTeX's special characters escaped, and the symbols of set names in math.
    static func text(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\textbackslash{}"
            case "{", "}", "$", "&", "#", "_", "%": result += "\\\(character)"
            case "^": result += "\\textasciicircum{}"
            case "~": result += "\\textasciitilde{}"
            case "∅": result += "$\\emptyset$"
            case "ε": result += "$\\varepsilon$"
            default:
                if let greek = greekLetters[character] {
                    result += "$\\\(greek)$"
                } else {
                    // pdflatex's fonts stop at Latin letters: anything further shows as "?".
                    result += character.unicodeScalars.allSatisfy { $0.value < 0x180 } ? String(character) : "?"
                }
            }
        }
        return result
    }
}
