/// Graphviz DOT for a document, for `dot`, `neato` and the many tools that read DOT.
///
/// States are circles (double for final ones) labelled with their names; each initial state
/// gets an arrow from an invisible start node; parallel transitions become one edge with all
/// their symbols. Dangling transitions are not part of the automaton and are left out, with
/// a comment saying so.
public enum DOTExport {
    /// The DOT text for `document`.
    /// - Parameter positions: also pin each state at its canvas position (`pos`, in inches,
    ///   y flipped to point up) with its drawn size, for `neato -n`; `dot` ignores them.
    public static func render(_ document: AutomatonDocument, positions: Bool = false) -> String {
        let drawn = DrawnEdges(document)
        var lines = ["// An automaton drawn with Strokes."]
        if !drawn.dangling.isEmpty {
            lines.append("// Left out, as not on a state at both ends:")
            lines += drawn.dangling.map { "//   the transition \(comment(DocumentWording.ends(of: $0, in: document)))" }
        }
        lines.append("digraph automaton {")
        lines.append("    rankdir=LR;")
        if positions { lines.append("    inputscale=72;") } // pos in inches
        lines.append("    node [shape=circle];")

        // Graphviz's y grows upwards: flip against the lowest point so positions stay positive.
        let bottom = document.states.map { $0.center.y + $0.radius }.max() ?? 0
        func pos(_ point: CanvasPoint) -> String {
            "pos=\(quoted("\(inches(point.x)),\(inches(bottom - point.y))"))"
        }

        for state in document.states {
            var attributes = ["label=\(quoted(state.name))"]
            if state.isFinal { attributes.append("shape=doublecircle") }
            if positions {
                attributes.append(pos(state.center))
                let size = inches(2 * state.radius)
                attributes += ["width=\(size)", "height=\(size)", "fixedsize=true"]
            }
            lines.append("    \(node(state.id)) [\(attributes.joined(separator: ", "))];")
        }
        for state in document.states where state.isInitial {
            let start = quoted("start \(state.id)")
            var attributes = ["shape=point", "style=invis"]
            if positions {
                let drawnFrom = state.initialArrowStart ?? drawn.initialArrows[state.id]?.start
                let from = drawnFrom ?? CanvasPoint(x: state.center.x - state.radius - 40, y: state.center.y)
                attributes.append(pos(from))
            }
            lines.append("    \(start) [\(attributes.joined(separator: ", "))];")
            lines.append("    \(start) -> \(node(state.id));")
        }
        for edge in drawn.edges {
            let label = edge.label.isEmpty ? "" : " [label=\(quoted(edge.label))]"
            lines.append("    \(node(edge.from)) -> \(node(edge.to))\(label);")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Node ids come from document ids, so names may repeat or be empty.
    private static func node(_ id: Int) -> String { quoted("s\(id)") }

    /// A DOT quoted string. Backslashes are doubled too: in labels they start escapes (\n, \N).
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n", "\r\n", "\r": result += "\\n"
            default: result.append(character)
            }
        }
        return result + "\""
    }

    /// Comment text cannot hold a line break (it would end the comment).
    private static func comment(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    private static func inches(_ points: Double) -> String {
        let value = points / 72
        guard value.isFinite else { return "0" }
        let rounded = (value * 10_000).rounded() / 10_000
        return rounded == 0 ? "0" : "\(rounded)"
    }
}
