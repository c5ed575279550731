import Foundation
import InkFiles
import Testing

/// Hand-made bad files (Tests/Fixtures/inkml): each gives one error naming the file and the
/// problem, and none stops the program.
@Suite struct InkMLBadFileTests {
    @Test(arguments: [
        ("not-xml.inkml", "not well-formed XML (line 1, column 1)"),
        ("broken-xml.inkml", "not well-formed XML (line 3, column 34)"),
        ("not-inkml.inkml", "not InkML: the root element is <svg>, not InkML's <ink>"),
        ("other-namespace.inkml", "not InkML: the root <ink> is in namespace urn:example:not-inkml, not http://www.w3.org/2003/InkML"),
        ("no-traces.inkml", "no traces: the file holds no <trace>, so no ink"),
        ("bad-number.inkml", "trace 2 (id \"b\"), point 3, channel X: \"5O\" is not a number"),
        ("nan.inkml", "trace 1, point 2, channel X: \"NaN\" is not a finite number"),
        ("infinite.inkml", "trace 1, point 2, channel Y: 1e999 is not a finite number"),
        ("no-x-channel.inkml", "the <traceFormat> has no X channel (its channels: T, Y); a trace needs X and Y"),
        ("doctype-entities.inkml", "the XML has a DOCTYPE (refused: it can declare entities)"),
        ("deep-nesting.inkml", "the XML nests deeper than 64 elements"),
        ("not-utf8.inkml", "the file is not UTF-8 text"),
        ("processing-instruction.inkml",
         "the XML has a processing instruction (<?…?>) after its declaration (refused: the XML parser cannot read them all safely)"),
    ])
    func aBadFileIsOneErrorNamingItAndTheProblem(file: String, problem: String) {
        let url = InkMLFixtures.fixture(file)
        do {
            _ = try InkMLDocument.read(contentsOf: url)
            Issue.record("\(file) read")
        } catch {
            #expect(error.problem == problem)
            #expect(error.source == url.relativePath)
            #expect(error.description == "\(url.relativePath): \(problem)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func aFileOverTheSizeLimitIsRefusedBeforeParsing() {
        let limit = 16 << 20
        var data = Data("<ink xmlns=\"http://www.w3.org/2003/InkML\"><trace>".utf8)
        data.append(Data(repeating: UInt8(ascii: "1"), count: limit))
        data.append(Data(" 2</trace></ink>".utf8))
        #expect(throws: InkMLError(source: "huge.inkml", problem: "the file has \(data.count) bytes; the most read is \(limit)")) {
            try InkMLDocument.read(from: data, source: "huge.inkml")
        }
    }

    @Test func tooManyElementsAreRefused() {
        let text = "<ink xmlns=\"http://www.w3.org/2003/InkML\">" + String(repeating: "<trace>1 2</trace>", count: 200_001) + "</ink>"
        #expect(throws: InkMLError(source: "many.inkml", problem: "the XML has more than 200000 elements")) {
            try InkMLDocument.read(from: Data(text.utf8), source: "many.inkml")
        }
    }

    @Test func aMissingFileOrAFolderSaysSo() {
        let missing = URL(fileURLWithPath: "no-such-drawing.inkml")
        #expect(throws: InkMLError(source: "no-such-drawing.inkml", problem: "cannot be read (no such file)")) {
            try InkMLDocument.read(contentsOf: missing)
        }
        #expect(throws: InkMLError(source: InkMLFixtures.folder.path, problem: "is a folder, not an InkML file")) {
            try InkMLDocument.read(contentsOf: InkMLFixtures.folder)
        }
    }

    /// libxml2 reports an undeclared prefix and reads on: the place given is where the XML
    /// really breaks, not the prefix.
    @Test func anUndeclaredPrefixIsNotWhereTheXMLBreaks() {
        let text = "<ink xmlns=\"http://www.w3.org/2003/InkML\">\n<inkml:traceFormat/>\n<trace>1 2</trac>\n</ink>"
        do {
            _ = try InkMLDocument.read(from: Data(text.utf8), source: "p.inkml")
            Issue.record("read")
        } catch {
            #expect(error.problem.hasPrefix("not well-formed XML (line 3, "), "\(error.problem)")
        }
    }

    @Test func emptyBytesAreNotXML() {
        #expect(throws: InkMLError(source: "e.inkml", problem: "not well-formed XML (line 1, column 1)")) {
            try InkMLDocument.read(from: Data(), source: "e.inkml")
        }
    }
}
