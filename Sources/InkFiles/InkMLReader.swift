import BoundedXML
import Foundation

/// InkML bytes → an `InkMLDocument`: the XML read within limits, the root checked, then the
/// traces, groups and annotations collected.
enum InkMLReader {
    /// Databases keep a page or a session per file (FC_A's largest is 190 KB); 16 MB leaves
    /// room for long sessions and bounds what a hostile file costs.
    static let limits = BoundedXML.Limits(bytes: 16 << 20, depth: 64, elements: 200_000)

    static func document(from data: Data) throws(InkMLProblem) -> InkMLDocument {
        let root: BoundedXML.Element
        do {
            root = try BoundedXML.parse(data, limits: limits)
        } catch {
            throw InkMLProblem(error.message)
        }
        let ink = InkMLNode(root)
        guard ink.localName == "ink" else {
            throw InkMLProblem("not InkML: the root element is <\(ink.qualifiedName.prefix(40))>, not InkML's <ink>")
        }
        guard ink.isInkML else {
            let namespace = ink.namespace.map { "namespace \($0.prefix(80))" } ?? "an undeclared namespace"
            throw InkMLProblem("not InkML: the root <\(ink.qualifiedName.prefix(40))> is in \(namespace), not \(InkMLNode.namespace)")
        }
        let text = InkMLTraceText(format: try InkMLTraceFormat(of: ink))
        var traces: [InkMLDocument.Trace] = []
        for node in traceNodes(in: ink) {
            let place = "trace \(traces.count + 1)" + (node.id.map { " (id \"\($0.prefix(40))\")" } ?? "")
            guard !node.isBlank else { throw InkMLProblem("\(place) has no points") }
            do throws(InkMLProblem) {
                traces.append(.init(id: node.id, points: try text.points(of: node.text)))
            } catch {
                throw InkMLProblem("\(place), \(error.words)")
            }
        }
        guard !traces.isEmpty else { throw InkMLProblem("no traces: the file holds no <trace>, so no ink") }
        return InkMLDocument(
            traces: traces,
            traceGroups: ink.inkChildren(named: "traceGroup").map(group),
            annotations: annotations(of: ink),
            annotationXML: ink.inkChildren(named: "annotationXML").map(\.element))
    }

    /// Annotations hold any content, even elements named like InkML's: never ink.
    static func isAnnotation(_ node: InkMLNode) -> Bool {
        node.localName == "annotation" || node.localName == "annotationXML"
    }

    /// Every `<trace>` in document order, outside annotations and `<definitions>` (whose
    /// traces are templates that views refer to, not strokes drawn).
    private static func traceNodes(in node: InkMLNode) -> [InkMLNode] {
        node.children.filter { $0.isInkML && !isAnnotation($0) && $0.localName != "definitions" }.flatMap {
            $0.localName == "trace" ? [$0] : traceNodes(in: $0)
        }
    }

    private static func group(_ node: InkMLNode) -> InkMLDocument.TraceGroup {
        let members = node.children.filter { $0.isInkML && ($0.localName == "traceView" || $0.localName == "trace") }
        return InkMLDocument.TraceGroup(
            id: node.id,
            annotations: annotations(of: node),
            href: node.inkChildren(named: "annotationXML").lazy.compactMap { $0.attributes["href"] }.first,
            traceIDs: members.compactMap { member in
                guard member.localName == "traceView" else { return member.id }
                return member.attributes["traceDataRef"].map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
            },
            groups: node.inkChildren(named: "traceGroup").map(group))
    }

    /// `<annotation type="truth">arrow</annotation>` children as `["truth": "arrow"]`.
    private static func annotations(of node: InkMLNode) -> [String: String] {
        var annotations: [String: String] = [:]
        for annotation in node.inkChildren(named: "annotation") where annotations[annotation.attributes["type"] ?? ""] == nil {
            annotations[annotation.attributes["type"] ?? ""] = annotation.trimmedText
        }
        return annotations
    }
}
