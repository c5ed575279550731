import BoundedXML

extension BoundedXML.Failure {
    /// The XML reader's refusal in JFLAP's words: what JFLAP itself never writes is said so.
    var jflapMessage: String {
        switch self {
        case .doctype: "the XML has a DOCTYPE, which JFLAP files never have (refused: it can declare entities)"
        case .notUTF8: "the file is not UTF-8 text, as JFLAP writes it"
        case .processingInstruction: "the XML has a processing instruction (<?…?>) after its declaration, which JFLAP files never have"
        case .tooLarge, .tooDeep, .tooManyElements, .malformed: message
        }
    }
}
