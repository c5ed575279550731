import AutomataEditorCore

/// Everything the page needs to show a document: the file's JSON, the drawing's SVG layers
/// (with element ids), its alphabet, whether undo and redo can go, and what the checks find.
struct DocumentView: Encodable, Sendable {
    let name: String
    /// The `.automaton` file's JSON: `file.document` is the document itself.
    let file: AutomatonFileJSON
    let svg: String
    /// The automaton's input symbols, sorted: a word with another symbol is not run.
    let alphabet: [String]
    let canUndo: Bool
    let canRedo: Bool
    let problems: [String]

    init(name: DocumentName, editor: Editor) {
        self.name = name.text
        file = AutomatonFileJSON(document: editor.document)
        svg = SVGExport.layers(editor.document)
        alphabet = editor.document.automaton.sortedAlphabet
        canUndo = editor.canUndo
        canRedo = editor.canRedo
        problems = DocumentCheck.summary(of: DocumentCheck.problems(in: editor.document), in: editor.document)
    }
}

/// A document as its `.automaton` file holds it: the document in its format envelope.
struct AutomatonFileJSON: Encodable, Sendable {
    let format = AutomatonFile.formatMarker
    let version = AutomatonFile.formatVersion
    let document: AutomatonDocument

    private enum CodingKeys: String, CodingKey { case format, version, document }
}

/// A view with more keys beside it (`message`, `changed`…), in one JSON object.
struct ViewAnswer<Extra: Encodable & Sendable>: Encodable, Sendable {
    let view: DocumentView
    let extra: Extra

    func encode(to encoder: any Encoder) throws {
        try view.encode(to: encoder)
        try extra.encode(to: encoder)
    }
}

/// What a change says beside the view.
struct ChangeReport: Encodable, Sendable {
    /// What the change did, in words (the recogniser's message for a stroke, with its figures).
    let message: String
    /// The same for a student: what changed in the automaton's terms (`PlainWords`).
    let said: String
    let changed: Bool
    /// Ids of the states and transitions the change made.
    let added: [Int]

    /// `said`: given when `message` is written for people already (a correction), else read
    /// off the change.
    init(message: String, said: String? = nil, before: AutomatonDocument, after: AutomatonDocument) {
        self.message = message
        self.said = said ?? PlainWords.step(from: before, to: after, message: message)
        changed = before != after
        let old = Set(before.states.map(\.id) + before.transitions.map(\.id))
        added = (after.states.map(\.id) + after.transitions.map(\.id)).filter { !old.contains($0) }
    }
}
