import AutomataEditorCore
import Hummingbird

/// `GET /api/vocabulary`: what the page must know of the core's and the server's rules, so
/// that it builds its menus, Teach buttons and checks from them and keeps no copy.
extension EditorServices {
    func addVocabularyRoutes(to router: Router<some RequestContext>) {
        router.get("api/vocabulary") { _, _ in JSONResponse.make(Vocabulary()) }
    }
}

struct Vocabulary: Encodable, Sendable {
    struct Operation: Encodable, Sendable {
        let name: String
        let title: String
        let summary: String
        let takesSecond: Bool
    }

    struct TeachClass: Encodable, Sendable {
        let name: String
        let title: String
    }

    struct NameRule: Encodable, Sendable {
        let pattern = DocumentName.pattern
        /// The characters a name may hold, as a regular expression's character class.
        let allowedCharacters = DocumentName.allowedCharacters
        let maximumLength = DocumentName.maximumLength
        let rule = DocumentName.rule
    }

    /// How a typed word splits into symbols (`Word(typed:)`): one of `empty` is the empty
    /// word; with `separator` in it, the pieces between separators, spaces trimmed; else one
    /// symbol per grapheme (a character as people see it).
    struct WordRule: Encodable, Sendable {
        let empty = Word.emptySpellings
        let separator = String(Word.symbolSeparator)
        let epsilon = Symbol.epsilon.description
    }

    let operations = AutomatonOperation.allCases.map {
        Operation(name: $0.rawValue, title: $0.title, summary: $0.summary, takesSecond: $0.takesSecond)
    }
    let shapeClasses = ShapeKind.allCases.map(\.rawValue)
    /// What Teach offers: each `"class"` the corrections route takes, with its words for people.
    let teachClasses = TaughtClass.allCases.map { TeachClass(name: $0.rawValue, title: $0.title) }
    let documentName = NameRule()
    /// The most bytes a request body (a file opened on the page) may have.
    let uploadLimit = RequestBody.limit
    let words = WordRule()
    let stateBudget = AutomatonOperation.stateBudget
}
