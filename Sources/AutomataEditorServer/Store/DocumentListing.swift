import Foundation

import AutomataEditorCore

/// One line of the documents list: a document's size and, for an algorithm's result, where it
/// came from (the page groups results under their source); or why its file cannot be read.
struct DocumentListing: Encodable, Sendable {
    var name: String
    var states: Int?
    var transitions: Int?
    /// Written as ISO 8601 (the answers' date format).
    var modified: Date?
    var problem: String?
    var origin: AutomatonDocument.Origin?
}
