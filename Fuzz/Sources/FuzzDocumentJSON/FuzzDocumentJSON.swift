import AutomataEditorCore
import Foundation
import FuzzDriver

private let url = URL(fileURLWithPath: "fuzz.automaton")

/// Any bytes through the `.automaton` document reader, then what `automata` and the editor do
/// with a document they accepted: check it, export it (DOT, SVG, JSON), run words on its
/// automaton, edit it, and (for small automata) the automaton algorithms.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let document = try? AutomatonFile.decoded(Data(bytes: data, count: size), from: url) else { return 0 }

    _ = DocumentCheck.problems(in: document)
    _ = DOTExport.render(document)
    _ = DOTExport.render(document, positions: true)
    _ = SVGExport.render(document)
    let automaton = document.automaton
    _ = try? AutomatonJSON.render(automaton)
    let alphabet = automaton.sortedAlphabet
    for word in [Word.empty, Word(symbols: alphabet), Word(symbols: alphabet.reversed() + alphabet), ["?"]] {
        _ = automaton.run(word).traceText
    }

    // Editing an opened document: new elements take ids from the saved `nextID`.
    var editor = Editor(document: document)
    editor.apply(.addState(center: CanvasPoint(x: 10, y: 10), radius: 20))
    if let first = document.states.first {
        editor.apply(.addSelfLoop(state: first.id))
        editor.apply(.moveState(id: first.id, to: CanvasPoint(x: -5, y: 7)))
        editor.apply(.removeState(id: first.id))
    }
    precondition(editor.document.inconsistencies.isEmpty, "editing made the document inconsistent")
    while editor.undo() {}
    precondition(editor.document == document, "undoing every edit does not give the document back")

    // Subset construction is exponential in the states: only small automata.
    if automaton.stateCount <= 6, alphabet.count <= 4 {
        let minimal = automaton.minimized()
        precondition(minimal.isEquivalent(to: automaton), "minimising changed the language")
        precondition(automaton.complemented().intersection(automaton).isEmpty, "a language meets its complement")
    }
    return 0
}

@_cdecl("FuzzDocumentJSON_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
