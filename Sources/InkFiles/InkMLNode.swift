import Foundation
import BoundedXML

/// An XML element with its namespace resolved, so that InkML's elements are found whether
/// they are written `<trace>` under a default namespace or `<inkml:trace>` under a prefix.
struct InkMLNode {
    static let namespace = "http://www.w3.org/2003/InkML"

    /// The name without its prefix.
    var localName: String
    /// The name as written, for messages.
    var qualifiedName: String
    /// The namespace URI, if any; nil also for a prefix that is never declared.
    var namespace: String?
    /// In InkML's namespace, or in none: files without `xmlns` are common enough to read.
    var isInkML: Bool
    var attributes: [String: String]
    var children: [InkMLNode]
    var text: String

    /// `element` resolved against the prefixes declared around it (`scope`: prefix → URI, the
    /// default namespace under "").
    ///
    /// A prefix never declared is an XML namespace error, which the parser reports and reads on
    /// past. The FC_A database's writer1_1.inkml writes `inkml:` without declaring it, plainly
    /// meaning InkML's, so an undeclared `inkml:` is taken as InkML's; any other undeclared
    /// prefix puts the element outside InkML.
    init(_ element: BoundedXML.Element, scope: [String: String] = ["xml": "http://www.w3.org/XML/1998/namespace"]) {
        var scope = scope
        for (name, value) in element.attributes {
            if name == "xmlns" { scope[""] = value } else if name.hasPrefix("xmlns:") { scope[String(name.dropFirst(6))] = value }
        }
        let parts = element.name.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let prefix = parts.count == 2 ? String(parts[0]) : ""
        localName = String(parts.last ?? "")
        qualifiedName = element.name
        let declared = scope[prefix].flatMap { $0.isEmpty ? nil : $0 }
        namespace = declared ?? (prefix == "inkml" ? Self.namespace : nil)
        isInkML = namespace == Self.namespace || (namespace == nil && prefix.isEmpty)
        attributes = element.attributes
        text = element.text
        children = element.children.map { InkMLNode($0, scope: scope) }
    }

    /// Its `xml:id`, or the plain `id` some databases write.
    var id: String? { attributes["xml:id"] ?? attributes["id"] }

    /// The direct children that are InkML elements with this local name.
    func inkChildren(named name: String) -> [InkMLNode] {
        children.filter { $0.isInkML && $0.localName == name }
    }

    /// The text without surrounding white space. (Foundation's `trimmingCharacters` goes
    /// through NSString on Linux and cost more than parsing the file.)
    var trimmedText: String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }

    /// Whether the text is only white space (or nothing).
    var isBlank: Bool { text.unicodeScalars.allSatisfy(\.properties.isWhitespace) }

    /// The element as the document gives it to callers: local names, trimmed text.
    var element: InkMLDocument.Element {
        InkMLDocument.Element(name: localName, attributes: attributes, children: children.map(\.element), text: trimmedText)
    }
}
