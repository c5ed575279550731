/// Where each handwritten word's reading is already shown in the editor's picture: as the
/// name of the state it named, the label of the transition it labelled, or the waiting text
/// it left. Such a word's text is not drawn twice; the piece showing it names the word.
struct WordPlaces {
    /// State id → the word that named it.
    var naming: [Int: Int] = [:]
    /// Transition id → the word that labelled it (placed where the word was written).
    var labelling: [Int: Int] = [:]
    /// Waiting text → the word that left it.
    var waiting: [WrittenText: Int] = [:]

    init() {}

    init(_ document: AutomatonDocument) {
        for (index, word) in document.writtenWords.enumerated() where word.isSure {
            switch word.effect {
            case let .named(id, _) where document.state(id) != nil:
                naming[id] = index
            case let .labelled(id, _) where !(document.transition(id)?.symbols.isEmpty ?? true):
                labelling[id] = index
            case let .waiting(text) where document.pending.texts.contains(text):
                waiting[text] = index
            default:
                continue
            }
        }
    }

    /// The words whose reading some other piece of the picture shows.
    var shown: Set<Int> { Set(naming.values).union(labelling.values).union(waiting.values) }
}
