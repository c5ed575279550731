import Foundation
import InkFiles
import StrokeModel
import Testing

/// The reader on real InkML: the FC_A flowcharts (hand-drawn by 35 writers), each checked
/// against what plain string searches of the same file find.
@Suite(.enabled(if: InkMLFixtures.flowchartsExist, "\(InkMLFixtures.needsFlowcharts)"))
struct InkMLFlowchartTests {
    static let sample = "writer10_10b.inkml"

    @Test(arguments: ["writer10_10b.inkml", "writer1_1.inkml", "writer31_5.inkml", "writer14_4.inkml"])
    func tracesAreEveryTraceElementAndTheFirstPointsAreAsWritten(file: String) throws {
        let url = InkMLFixtures.flowchart(file)
        let document = try InkMLDocument.read(contentsOf: url)
        let text = try InkMLText(url)
        #expect(document.traces.count == text.traceTagCount)
        #expect(document.traces.count > 10)
        let numbers = try text.firstTraceNumbers()
        let first = try #require(document.traces.first).points
        #expect(first.count * 2 == numbers.count, "two values per point")
        #expect(Array(first.prefix(3)) == [0, 2, 4].map { StrokePoint(x: numbers[$0], y: numbers[$0 + 1]) })
        #expect(document.events.count == document.traces.count)
        #expect(document.events.first == .stroke(first))
    }

    @Test func traceIDsAreInDocumentOrder() throws {
        let url = InkMLFixtures.flowchart(Self.sample)
        let ids = try InkMLText(url).matches(#"<trace id="([^"]*)""#, group: 1)
        #expect(try InkMLDocument.read(contentsOf: url).traces.map(\.id) == ids.map(Optional.some))
    }

    /// Each symbol's group: its truth, the traces it ties together and the symbol it names.
    @Test func traceGroupsCarryTheirTruthTracesAndHref() throws {
        let url = InkMLFixtures.flowchart(Self.sample)
        let document = try InkMLDocument.read(contentsOf: url)
        let text = try InkMLText(url)
        let outer = try #require(document.traceGroups.first)
        #expect(document.traceGroups.count == 1)
        #expect(outer.id == text.matches(#"\n<traceGroup xml:id="([^"]*)""#, group: 1).first)
        #expect(outer.annotations["truth"] == "From ITF")
        #expect(outer.traceIDs.isEmpty)

        // The inner groups as written: truth, trace references, href.
        let pattern = #"<traceGroup xml:id="([^"]*)">\s*<annotation type="truth">([^<]*)</annotation>((?:\s*<traceView traceDataRef="[^"]*"/>)*)\s*<annotationXML href="([^"]*)"/>"#
        let ids = text.matches(pattern, group: 1), truths = text.matches(pattern, group: 2)
        let views = text.matches(pattern, group: 3), hrefs = text.matches(pattern, group: 4)
        #expect(outer.groups.count == ids.count && ids.count > 5)
        for (index, group) in outer.groups.enumerated() where index < ids.count {
            #expect(group.id == ids[index])
            #expect(group.annotations == ["truth": truths[index]])
            #expect(group.href == hrefs[index].replacingOccurrences(of: "&gt;", with: ">"))
            #expect(group.traceIDs == InkMLText(text: views[index]).matches(#"traceDataRef="([^"]*)""#, group: 1))
        }
        // An arrow drawn as a shaft and then its head: two traces, both in the file.
        let arrow = try #require(outer.groups.first { $0.annotations["truth"] == "arrow" && $0.traceIDs.count >= 2 })
        let known = Set(document.traces.compactMap(\.id))
        #expect(arrow.traceIDs.allSatisfy(known.contains))
    }

    /// The flowchart meant: nodes with their texts, arrows from node to node.
    @Test func annotationXMLHoldsTheFlowchartsNodesAndArrows() throws {
        let url = InkMLFixtures.flowchart(Self.sample)
        let document = try InkMLDocument.read(contentsOf: url)
        let text = try InkMLText(url)
        let truth = try #require(document.annotationXML.first)
        #expect(document.annotationXML.count == 1)
        #expect(truth.attributes["type"] == "truth")
        let flowchart = try #require(truth.children.first)
        #expect(flowchart.name == "flowchart")
        let nodes = flowchart.children(named: "node"), arrows = flowchart.children(named: "arrow")
        #expect(nodes.count == text.matches("<node ").count && nodes.count > 2)
        #expect(arrows.count == text.matches("<arrow ").count && arrows.count > 2)
        #expect(nodes.map { $0.attributes["type"] } == text.matches(#"<node xml:id="[^"]*" type="([^"]*)""#, group: 1).map(Optional.some))
        #expect(nodes.first?.children(named: "text").first?.text == text.matches(#"<text xml:id="[^"]*">([^<]*)</text>"#, group: 1).first)
        let nodeIDs = Set(nodes.compactMap { $0.attributes["xml:id"] })
        for arrow in arrows {
            #expect(arrow.attributes["source"].map(nodeIDs.contains) == true, "\(arrow.attributes)")
            #expect(arrow.attributes["target"].map(nodeIDs.contains) == true, "\(arrow.attributes)")
        }
        #expect(document.annotations["writer"] == text.matches(#"<annotation type="writer">([^<]*)<"#, group: 1).first)
    }

    /// writer1_1.inkml writes `inkml:` without declaring it, and declares a third channel (F)
    /// that its points leave out: read, X and Y taken.
    @Test func theUndeclaredInkmlPrefixIsInkMLs() throws {
        let url = InkMLFixtures.flowchart("writer1_1.inkml")
        let text = try InkMLText(url)
        #expect(!text.text.contains("xmlns:inkml"), "the file still has no declaration")
        #expect(text.text.contains("<inkml:traceFormat>"))
        let document = try InkMLDocument.read(contentsOf: url)
        #expect(document.traces.count == text.traceTagCount)
        #expect(document.traces.first?.id == "n0")
        #expect(document.traceGroups.first?.groups.first?.traceIDs == text.matches(#"traceDataRef="([^"]*)""#, group: 1).prefix(1).map { $0 })
    }

    /// Every file reads; its strokes are its traces, each at least one point.
    @Test func everyFlowchartReads() throws {
        let files = try InkMLFixtures.allFlowcharts()
        #expect(files.count > 400)
        var failures: [String] = []
        var strokes = 0, tags = 0
        for file in files {
            do {
                let document = try InkMLDocument.read(contentsOf: file)
                let count = try InkMLText(file).traceTagCount
                if document.events.count != count { failures.append("\(file.lastPathComponent): \(document.events.count) strokes, \(count) traces") }
                if document.traces.contains(where: \.points.isEmpty) { failures.append("\(file.lastPathComponent): an empty trace") }
                if document.annotationXML.isEmpty || document.traceGroups.isEmpty { failures.append("\(file.lastPathComponent): no truth") }
                strokes += document.events.count
                tags += count
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        #expect(strokes == tags && strokes > 30_000)
    }

    /// Every traceView names a trace of its own file.
    @Test func everyGroupedTraceExists() throws {
        for file in try InkMLFixtures.allFlowcharts().prefix(60) {
            let document = try InkMLDocument.read(contentsOf: file)
            let known = Set(document.traces.compactMap(\.id))
            func check(_ group: InkMLDocument.TraceGroup) {
                #expect(group.traceIDs.allSatisfy(known.contains), "\(file.lastPathComponent) group \(group.id ?? "?")")
                group.groups.forEach(check)
            }
            document.traceGroups.forEach(check)
        }
    }
}
