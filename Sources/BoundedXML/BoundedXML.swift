import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A small XML element tree, read with limits on size, depth and element count: the files it
/// reads (JFLAP, InkML) come from users, and a hostile file must cost no more than a short one.
///
/// A DOCTYPE is refused outright (neither format needs one): it is how entity expansion
/// ("billion laughs") and external entities get in. Names are as written, prefixes included;
/// each reader words its own errors from `Failure` (see `message` for the neutral wording).
package struct BoundedXML {
    package struct Element: Sendable {
        package var name: String
        package var attributes: [String: String]
        package var children: [Element] = []
        /// The element's own character data, all of it, untrimmed.
        package var text = ""

        package init(name: String, attributes: [String: String], children: [Element] = [], text: String = "") {
            self.name = name
            self.attributes = attributes
            self.children = children
            self.text = text
        }

        /// The direct children with this name.
        package func children(named name: String) -> [Element] { children.filter { $0.name == name } }
        package func child(named name: String) -> Element? { children.first { $0.name == name } }
        /// Every element with this name below this one, in document order.
        package func descendants(named name: String) -> [Element] {
            children.flatMap { ($0.name == name ? [$0] : []) + $0.descendants(named: name) }
        }
        /// The trimmed text of the first child with this name.
        package func childText(_ name: String) -> String? {
            child(named: name).map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
        }
    }

    package struct Limits: Sendable {
        package var bytes = 4 << 20
        package var depth = 64
        package var elements = 200_000

        package init(bytes: Int = 4 << 20, depth: Int = 64, elements: Int = 200_000) {
            self.bytes = bytes
            self.depth = depth
            self.elements = elements
        }
    }

    package enum Failure: Error, Equatable {
        case tooLarge(bytes: Int, limit: Int)
        case doctype
        case tooDeep(limit: Int)
        case tooManyElements(limit: Int)
        case malformed(line: Int, column: Int)
        case notUTF8
        case processingInstruction

        /// The problem in words that hold for any file; a reader may say more about its own
        /// format (JFLAP: "which JFLAP files never have").
        package var message: String {
            switch self {
            case .tooLarge(let bytes, let limit): "the file has \(bytes) bytes; the most read is \(limit)"
            case .doctype: "the XML has a DOCTYPE (refused: it can declare entities)"
            case .tooDeep(let limit): "the XML nests deeper than \(limit) elements"
            case .tooManyElements(let limit): "the XML has more than \(limit) elements"
            case .malformed(let line, let column): "not well-formed XML (line \(line), column \(column))"
            case .notUTF8: "the file is not UTF-8 text"
            case .processingInstruction: "the XML has a processing instruction (<?…?>) after its declaration (refused: the XML parser cannot read them all safely)"
            }
        }
    }

    /// The root element of `data`.
    package static func parse(_ data: Data, limits: Limits = Limits()) throws(Failure) -> Element {
        guard data.count <= limits.bytes else { throw .tooLarge(bytes: data.count, limit: limits.bytes) }
        if occurs("<!DOCTYPE", in: data) || occurs("<!ENTITY", in: data) {
            throw .doctype
        }
        let parser = XMLParser(data: try parserInput(data))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        let builder = TreeBuilder(limits: limits)
        parser.delegate = builder
        let parsed = parser.parse()
        if let failure = builder.failure { throw failure }
        guard parsed, let root = builder.root else {
            let (line, column) = builder.errorPlace ?? (parser.lineNumber, parser.columnNumber)
            throw .malformed(line: max(line, 1), column: max(column, 1))
        }
        return root
    }

    /// The bytes the parser is given: checked to be UTF-8 and without the XML declaration.
    /// FoundationXML on Linux crashes (it does not throw) on text that is not UTF-8 and on a
    /// declaration without a version (`<?xml?>`) or any processing instruction without data
    /// (`<?x?>`), all found by fuzzing. JFLAP and InkML files are UTF-8 without processing
    /// instructions, and without a declaration the parser reads UTF-8, so nothing else is lost.
    package static func parserInput(_ data: Data) throws(Failure) -> Data {
        guard var text = String(data: data, encoding: .utf8) else { throw .notUTF8 }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        if text.hasPrefix("<?xml"), let next = text.dropFirst(5).first, next == "?" || next.isWhitespace {
            guard let end = text.range(of: "?>") else { throw .malformed(line: 1, column: 1) }
            text.removeSubrange(text.startIndex..<end.upperBound)
        }
        // Any other processing instruction crashes the parser too (`<?x?>`: a null pointer).
        let input = Data(text.utf8)
        if occurs("<?", in: input) { throw .processingInstruction }
        return input
    }

    /// Whether `pattern` is in `data`: a plain scan of the bytes, since Foundation's searches on
    /// Linux (through NSData and NSString) took longer than the parse itself.
    static func occurs(_ pattern: StaticString, in data: Data) -> Bool {
        let needle = pattern.utf8Start, length = pattern.utf8CodeUnitCount
        return data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Bool in
            guard length > 0, buffer.count >= length, let base = buffer.baseAddress else { return length == 0 }
            let bytes = base.assumingMemoryBound(to: UInt8.self)
            var index = 0
            while index <= buffer.count - length {
                if bytes[index] == needle[0], memcmp(bytes + index, needle, length) == 0 { return true }
                index += 1
            }
            return false
        }
    }

    /// Collects elements as the parser meets them; stops the parser at a limit.
    private final class TreeBuilder: NSObject, XMLParserDelegate {
        let limits: Limits
        var open: [Element] = []
        var root: Element?
        var count = 0
        var failure: Failure?
        /// Where the parser first found the XML broken (it reads on a little before stopping).
        var errorPlace: (line: Int, column: Int)?

        init(limits: Limits) { self.limits = limits }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            // libxml2's namespace errors (codes 200…299, e.g. 201: a prefix never declared, as
            // in one InkML file of the FC_A database) are reported but not fatal: the parse
            // goes on, so they are not where the XML breaks.
            if (200..<300).contains((parseError as NSError).code) { return }
            if errorPlace == nil { errorPlace = (parser.lineNumber, parser.columnNumber) }
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            count += 1
            if open.count >= limits.depth { return stop(parser, .tooDeep(limit: limits.depth)) }
            if count > limits.elements { return stop(parser, .tooManyElements(limit: limits.elements)) }
            open.append(Element(name: name, attributes: attributes))
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard let element = open.popLast() else { return }
            if open.isEmpty { root = element } else { open[open.count - 1].children.append(element) }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !open.isEmpty else { return }
            open[open.count - 1].text += string
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            guard !open.isEmpty else { return }
            open[open.count - 1].text += String(decoding: block, as: UTF8.self)
        }

        private func stop(_ parser: XMLParser, _ reason: Failure) {
            failure = reason
            parser.abortParsing()
        }
    }
}
