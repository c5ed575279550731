import AutomataEditorCore
import Foundation
import InkFiles

/// A hand-drawn flowchart (FC_A, in InkML) as the benchmark uses it: its nodes, arrows and
/// texts, each with its strokes in the order drawn. Nodes and arrows come from the file's
/// `annotationXML` (`flowchart › node xml:id type`, `arrow xml:id source target`), their ink
/// from the trace group whose `href` names them; texts are the groups whose truth is `text`.
package struct Flowchart: Sendable {
    package struct Symbol: Sendable {
        package var id: String
        /// `process`, `decision`, … for a node; `arrow`; `text`.
        package var kind: String
        package var strokes: [[CanvasPoint]]
        /// What a text says (its `<text>` element's content), when the file has it.
        package var transcription: String? = nil

        package init(id: String, kind: String, strokes: [[CanvasPoint]], transcription: String? = nil) {
            (self.id, self.kind, self.strokes, self.transcription) = (id, kind, strokes, transcription)
        }
    }

    package struct Arrow: Sendable {
        package var id: String
        package var source: String?
        package var target: String?
        package var strokes: [[CanvasPoint]]

        package init(id: String, source: String?, target: String?, strokes: [[CanvasPoint]]) {
            (self.id, self.source, self.target, self.strokes) = (id, source, target, strokes)
        }
    }

    /// The file's name, e.g. `writer10_10b.inkml`.
    package var name: String
    /// The nodes drawn (with ink), in the annotation's order.
    package var nodes: [Symbol]
    /// Every annotated arrow, drawn or not.
    package var arrows: [Arrow]
    package var texts: [Symbol]

    package init(name: String, nodes: [Symbol], arrows: [Arrow], texts: [Symbol]) {
        (self.name, self.nodes, self.arrows, self.texts) = (name, nodes, arrows, texts)
    }

    /// The flowchart an InkML file holds.
    package init(_ ink: InkMLDocument, name: String) {
        var order: [String: Int] = [:], points: [String: [CanvasPoint]] = [:]
        for (index, trace) in ink.traces.enumerated() {
            guard let id = trace.id else { continue }
            order[id] = index
            points[id] = trace.points
        }
        /// The group's strokes, in the order they were drawn (not the order the group lists them).
        func strokes(_ group: InkMLDocument.TraceGroup?) -> [[CanvasPoint]] {
            (group?.traceIDs ?? []).filter { order[$0] != nil }.sorted { order[$0]! < order[$1]! }.map { points[$0]! }
        }
        let groups = Self.flattened(ink.traceGroups)
        var byHref: [String: InkMLDocument.TraceGroup] = [:]
        for group in groups { if let href = group.href, byHref[href] == nil { byHref[href] = group } }
        let elements = ink.annotationXML.flatMap(Self.descendants)

        self.name = name
        // Fourteen files annotate one arrow as a node of type "arrow", with a source and a
        // target: it is an arrow, not a node to stand a state on.
        func isArrow(_ element: InkMLDocument.Element) -> Bool {
            element.name == "arrow" || (element.name == "node" && element.attributes["type"] == "arrow" && element.attributes["source"] != nil)
        }
        nodes = elements.filter { $0.name == "node" && !isArrow($0) }.compactMap { node in
            guard let id = Self.id(of: node) else { return nil }
            let ink = strokes(byHref[id])
            return ink.isEmpty ? nil : Symbol(id: id, kind: node.attributes["type"] ?? "node", strokes: ink)
        }
        arrows = elements.filter(isArrow).enumerated().map { index, arrow in
            let id = Self.id(of: arrow)
            return Arrow(id: id ?? "arrow \(index + 1)", source: arrow.attributes["source"], target: arrow.attributes["target"],
                         strokes: id.map { strokes(byHref[$0]) } ?? [])
        }
        let transcriptions = Dictionary(elements.filter { $0.name == "text" }.compactMap { text in Self.id(of: text).map { ($0, text.text) } },
                                        uniquingKeysWith: { first, _ in first })
        texts = groups.enumerated().filter { $0.element.annotations["truth"] == "text" }.map { index, group in
            Symbol(id: group.href ?? group.id ?? "group \(index + 1)", kind: "text", strokes: strokes(group),
                   transcription: group.href.flatMap { transcriptions[$0] })
        }.filter { !$0.strokes.isEmpty }
    }

    /// The flowchart in the InkML file at `url`, named by its file name.
    package static func read(contentsOf url: URL) throws(InkMLError) -> Flowchart {
        Flowchart(try InkMLDocument.read(contentsOf: url), name: url.lastPathComponent)
    }

    /// `xml:id`, or `id` as some files write it.
    static func id(of element: InkMLDocument.Element) -> String? {
        element.attributes["xml:id"] ?? element.attributes["id"]
    }

    static func descendants(_ element: InkMLDocument.Element) -> [InkMLDocument.Element] {
        [element] + element.children.flatMap(descendants)
    }

    static func flattened(_ groups: [InkMLDocument.TraceGroup]) -> [InkMLDocument.TraceGroup] {
        groups.flatMap { [$0] + flattened($0.groups) }
    }
}
