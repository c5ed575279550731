import Foundation
import InkFiles
import StrokeModel
import Testing

/// Hand-made good files: prefixes, formats in a context, groups with inline traces, and the
/// difference encodings.
@Suite struct InkMLStructureTests {
    @Test func aDeclaredPrefixAndAFormatInTheContextAreRead() throws {
        let document = try InkMLDocument.read(contentsOf: InkMLFixtures.fixture("prefixed.inkml"))
        // T X Y F: X and Y are the second and third values.
        #expect(document.traces.map(\.id) == ["s1", "s2", "s3"])
        #expect(document.traces[0].points.map(\.x) == [100, 120, 130, 120, 100])
        #expect(document.traces[0].points.map(\.y) == [50, 40, 60, 80, 70])
        #expect(document.traces[2].points == [StrokePoint(x: 250, y: 50), StrokePoint(x: 262, y: 62), StrokePoint(x: 250, y: 74)])
        #expect(document.annotations == ["truth": "a state and a transition"])
        let group = try #require(document.traceGroups.first)
        #expect(document.traceGroups.count == 1)
        #expect(group.id == "g1" && group.href == "t1" && group.annotations == ["truth": "arrow"])
        #expect(group.traceIDs == ["s2", "s3"], "an inline trace, then a view with its '#' dropped")
        #expect(group.groups.map(\.id) == ["g2"])
        #expect(group.groups.first?.traceIDs == ["s3"])
        let truth = try #require(document.annotationXML.first)
        #expect(truth.name == "annotationXML")
        #expect(truth.children.first?.name == "automaton")
        #expect(truth.children.first?.children.first?.attributes == ["name": "q0"])
    }

    @Test func differenceEncodingsGiveThePointsTheyStandFor() throws {
        let document = try InkMLDocument.read(contentsOf: InkMLFixtures.fixture("differences.inkml"))
        let expected: [(Double, Double)] = [(10, 20), (13, 24), (17, 29), (22, 35), (28, 42), (30, 40)]
        #expect(document.traces.first?.points == expected.map { StrokePoint(x: $0.0, y: $0.1) })
    }

    @Test func anInkWithoutNamespaceIsRead() throws {
        let document = try InkMLDocument.read(from: Data("<ink><trace>1 2, 3 4</trace></ink>".utf8), source: "plain.inkml")
        #expect(document.events == [.stroke([StrokePoint(x: 1, y: 2), StrokePoint(x: 3, y: 4)])])
    }

    /// Traces in `<definitions>` are templates, and `<annotation>` content is not ink; elements
    /// of another namespace are not InkML's even when named like them.
    @Test func onlyDrawnInkMLTracesAreStrokes() throws {
        let text = """
            <ink xmlns="http://www.w3.org/2003/InkML" xmlns:o="urn:other">
            <definitions><trace xml:id="template">0 0, 1 1</trace></definitions>
            <annotationXML><trace>5 5</trace></annotationXML>
            <o:trace>7 7</o:trace>
            <x:trace>8 8</x:trace>
            <trace xml:id="drawn">2 3</trace>
            </ink>
            """
        let document = try InkMLDocument.read(from: Data(text.utf8), source: "d.inkml")
        #expect(document.traces == [.init(id: "drawn", points: [StrokePoint(x: 2, y: 3)])])
    }

    @Test func theFirstAnnotationOfATypeWinsAndTextIsTrimmed() throws {
        let text = """
            <ink xmlns="http://www.w3.org/2003/InkML">
            <annotation type="truth">  first </annotation><annotation type="truth">second</annotation>
            <annotation>untyped</annotation><trace>1 2</trace></ink>
            """
        let document = try InkMLDocument.read(from: Data(text.utf8), source: "a.inkml")
        #expect(document.annotations == ["truth": "first", "": "untyped"])
    }
}
