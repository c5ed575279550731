import Foundation
import Testing
@testable import AutomataEditorCore
#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct DocumentExportTests {
    private static let missingGraphviz = "graphviz is not installed (no `dot` on PATH): run `make deps`"
    private static let missingRsvg = "librsvg2-bin is not installed (no `rsvg-convert` on PATH): run `make deps`"

    // MARK: DOT

    @Test func dotHasTheTextbookStructure() {
        let dot = DOTExport.render(SampleDocuments.textbook)
        #expect(dot.contains("digraph automaton {") && dot.hasSuffix("}\n"))
        #expect(dot.contains("rankdir=LR;") && dot.contains("node [shape=circle];"))
        #expect(dot.contains("\"s0\" [label=\"q0\"];"))
        #expect(dot.contains("\"s2\" [label=\"q2\", shape=doublecircle];"))
        #expect(dot.contains("\"start 0\" [shape=point, style=invis];") && dot.contains("\"start 0\" -> \"s0\";"))
        #expect(dot.components(separatedBy: "->").count - 1 == 8, "one start arrow, seven merged edges:\n\(dot)")
        #expect(dot.contains("\"s1\" -> \"s2\" [label=\"a, c\"];"), "parallel transitions merged")
        #expect(dot.contains("\"s0\" -> \"s1\" [label=\"a\"];") && dot.contains("\"s1\" -> \"s0\" [label=\"b\"];"))
        #expect(dot.contains("\"s2\" -> \"s2\" [label=\"a, b\"];"), "self-loop")
        #expect(dot.contains("\"s2\" -> \"s3\" [label=\"ε\"];"))
        #expect(dot.contains("// Left out") && dot.contains("//   the transition from q2 to empty canvas (d)"))
        #expect(!dot.contains("pos="), "positions only when asked")
    }

    @Test func dotQuotesAndEscapesNamesAndLabels() {
        let p = CanvasPoint(x: 0, y: 0)
        let document = AutomatonDocument(
            states: [
                .init(id: 1, name: "say \"hi\"\\n", center: p, radius: 30, isInitial: true),
                .init(id: 2, name: "two\nlines", center: p, radius: 30),
            ],
            transitions: [
                .init(id: 3, from: 1, to: 2, start: p, end: p, symbols: [.text("\""), .text("{a}")]),
                .init(id: 4, from: 2, to: nil, start: p, end: p, symbols: [.text("x\n// y")]),
            ])
        let dot = DOTExport.render(document)
        #expect(dot.contains(#"[label="say \"hi\"\\n"]"#), "\(dot)")
        #expect(dot.contains(#"[label="two\nlines"]"#))
        #expect(dot.contains(#"[label="\", {a}"]"#))
        #expect(dot.split(separator: "\n").allSatisfy { !$0.hasPrefix("// y") && !$0.hasPrefix("x") }, "a name cannot break out of a comment")
    }

    @Test func dotPositionsAreInInchesWithYUp() {
        let dot = DOTExport.render(SampleDocuments.textbook, positions: true)
        #expect(dot.contains("inputscale=72;"))
        // q0 at (100, 200); the lowest point is trap's bottom, 370 + 36 = 406 → y = 206 pt.
        #expect(dot.contains("\"s0\" [label=\"q0\", pos=\"1.3889,2.8611\""), "100 / 72, 206 / 72: \(dot)")
        #expect(dot.contains("width=0.8889, height=0.8889, fixedsize=true"), "the drawn size: 64 pt")
        #expect(dot.contains("\"start 0\" [shape=point, style=invis, pos="), "start nodes are placed too (neato -n needs every node)")
    }

    @Test func graphvizLaysTheDotOut() throws {
        guard let dot = ExternalTool.find("dot") else {
            Issue.record(Comment(rawValue: Self.missingGraphviz))
            return
        }
        for document in [SampleDocuments.textbook, AutomatonDocument(), DocumentCheckTests.awkwardNames] {
            let result = try ExternalTool.run(dot, ["-Tsvg"], input: DOTExport.render(document))
            #expect(result.status == 0, "dot failed: \(result.errors)")
            #expect(result.errors.isEmpty, "dot warned: \(result.errors)")
            #expect(String(decoding: result.output, as: UTF8.self).contains("<svg"))
        }
        let neato = try #require(ExternalTool.find("neato"), Comment(rawValue: Self.missingGraphviz))
        let result = try ExternalTool.run(neato, ["-n", "-Tsvg"], input: DOTExport.render(SampleDocuments.textbook, positions: true))
        #expect(result.status == 0 && result.errors.isEmpty, "neato -n: \(result.errors)")
    }

    // MARK: SVG

    @Test func svgHasACircleEachAndTwoForFinalStates() throws {
        let svg = try ParsedSVG(SVGExport.render(SampleDocuments.textbook))
        #expect(svg.count("circle") == 5, "four states, one of them final")
        #expect(svg.count("circle", role: "final") == 1)
        #expect(svg.count("path", role: "transition") == 7, "merged per (from, to), loops included")
        #expect(svg.count("path", role: "initial") == 1)
        #expect(svg.count("path", role: "dangling") == 1)
        #expect(svg.texts(role: "state-name") == ["q0", "q1", "q2", "trap"])
        #expect(Set(svg.texts(role: "label")) == ["a", "b", "a, c", "a, b", "ε", "a, b, c"])
        #expect(svg.texts(role: "dangling-label") == ["d"])
        #expect(svg.paths(role: "transition").allSatisfy { $0.contains("Q") || $0.contains("C") }, "curved")
    }

    @Test func svgViewBoxHoldsEverythingWithAMargin() throws {
        let text = SVGExport.render(SampleDocuments.textbook)
        let svg = try ParsedSVG(text)
        let box = try #require(svg.viewBox)
        // Leftmost: the initial arrow's drawn start (30); lowest: trap's loop, drawn below it.
        #expect(box.minX <= 30 - 16 && box.minY <= 200 - 32 - 16)
        #expect(box.maxX >= 600 + 16, "the dangling transition's free end")
        #expect(box.maxY >= 370 + 36 + 36 + 16, "the loop below trap")
        #expect(!text.contains("NaN") && !text.lowercased().contains("inf"))
    }

    @Test func opposingTransitionsBendApart() throws {
        let svg = try ParsedSVG(SVGExport.render(SampleDocuments.textbook))
        // Control points of q0 → q1 and q1 → q0 (both between x 100 and 290, at y 200).
        let controls = svg.paths(role: "transition").compactMap { d -> Double? in
            let numbers = d.split(whereSeparator: { " ,MQC".contains($0) }).compactMap { Double($0) }
            guard d.contains("Q"), numbers.count == 6, numbers[2] > 150, numbers[2] < 250 else { return nil }
            return numbers[3]
        }
        #expect(controls.count == 2)
        #expect(controls.contains { $0 < 180 } && controls.contains { $0 > 220 }, "one above, one below: \(controls)")
    }

    @Test func svgEscapesTextAndSurvivesDegenerateGeometry() throws {
        let p = CanvasPoint(x: 50, y: 50)
        let document = AutomatonDocument(
            states: [
                .init(id: 1, name: "<&> \"'\u{1}", center: p, radius: 30, isInitial: true, isFinal: true),
                .init(id: 2, name: "same place", center: p, radius: 30),
            ],
            transitions: [
                .init(id: 3, from: 1, to: 2, start: p, end: p, symbols: [.text("<")]),
                .init(id: 4, from: 1, to: 1, start: p, end: p, symbols: [.text("&")]),
                .init(id: 5, from: nil, to: nil, start: p, end: p),
                .init(id: 6, from: nil, to: 1, start: p, end: p, symbols: [.epsilon]),
            ])
        let text = SVGExport.render(document)
        #expect(!text.contains("NaN") && !text.lowercased().contains("inf"), "\(text)")
        let svg = try ParsedSVG(text)
        #expect(svg.texts(role: "state-name").first == "<&> \"'")
        #expect(Set(svg.texts(role: "label")) == ["<", "&"])
        #expect(try ParsedSVG(SVGExport.render(AutomatonDocument())).count("circle") == 0)
    }

    @Test func theInitialArrowComesFromTheLeftUnlessDrawnElsewhere() throws {
        var document = SampleDocuments.textbook
        document.transitions.removeAll { $0.id == 13 }
        let left = try ParsedSVG(SVGExport.render(document)).paths(role: "initial")
        #expect(left == ["M 28,200 L 68,200"], "\(left)")
        let drawn = try ParsedSVG(SVGExport.render(SampleDocuments.textbook)).paths(role: "initial")
        #expect(drawn.first?.hasPrefix("M 30,150 L ") == true, "from where it was drawn: \(drawn)")
    }

    @Test func aRealisticDocumentRendersToPNG() throws {
        guard let rsvg = ExternalTool.find("rsvg-convert") else {
            Issue.record(Comment(rawValue: Self.missingRsvg))
            return
        }
        let folder = URL(fileURLWithPath: "/tmp/automata-look")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, document) in [("textbook", SampleDocuments.textbook), ("large", SampleDocuments.large)] {
            let svgURL = folder.appendingPathComponent("\(name).svg"), pngURL = folder.appendingPathComponent("\(name).png")
            try Data(SVGExport.render(document).utf8).write(to: svgURL)
            try? FileManager.default.removeItem(at: pngURL)
            let result = try ExternalTool.run(rsvg, ["--zoom", "2", "-o", pngURL.path, svgURL.path])
            #expect(result.status == 0, "rsvg-convert: \(result.errors)")
            #expect(result.errors.isEmpty, "rsvg-convert warned: \(result.errors)")
            #expect(((try? Data(contentsOf: pngURL))?.count ?? 0) > 1000)
        }
    }
}

/// An SVG file parsed with XMLParser (which fails on anything not well-formed).
private struct ParsedSVG {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text: String
    }

    var elements: [Element] = []

    init(_ text: String) throws {
        let parser = XMLParser(data: Data(text.utf8))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else {
            throw ParseFailure(message: "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")\n\(text)")
        }
        elements = collector.elements
    }

    struct ParseFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    func count(_ name: String, role: String? = nil) -> Int {
        elements.filter { $0.name == name && (role == nil || $0.attributes["class"] == role) }.count
    }

    func texts(role: String) -> [String] {
        elements.filter { $0.name == "text" && $0.attributes["class"] == role }.map(\.text)
    }

    func paths(role: String) -> [String] {
        elements.filter { $0.name == "path" && $0.attributes["class"] == role }.compactMap { $0.attributes["d"] }
    }

    var viewBox: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        guard let numbers = elements.first(where: { $0.name == "svg" })?.attributes["viewBox"]?
            .split(separator: " ").compactMap({ Double($0) }), numbers.count == 4 else { return nil }
        return (numbers[0], numbers[1], numbers[0] + numbers[2], numbers[1] + numbers[3])
    }

    /// Text goes to the open `text` element (tspans included).
    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        private var openText: Int?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if name == "text" { openText = elements.count }
            elements.append(Element(name: name, attributes: attributes, text: ""))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let openText { elements[openText].text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" { openText = nil }
        }
    }
}
