import AutomataEditorCore
import Foundation
import FuzzDriver

private let url = URL(fileURLWithPath: "fuzz.jff")

/// Any bytes through the JFLAP `.jff` reader (bounded XML, JFLAP 6/7/8 finite automata,
/// multi-character reads as chains, regular expressions as ε-NFAs), then what must hold of a
/// file it accepted: the document is consistent (savable), and the JFLAP 7 export of it either
/// is refused with a `JFLAPFileError` or reads back to a consistent document with the same
/// language (checked when both subset constructions stay within 200 states).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // Any JFLAPFileError is a fine outcome for arbitrary bytes.
    guard let imported = try? JFLAPFile.decoded(Data(bytes: data, count: size), from: url) else { return 0 }
    let document = imported.document
    precondition(document.inconsistencies.isEmpty, "an imported document is inconsistent: \(document.inconsistencies)")

    let text: String
    do {
        text = try JFLAPFile.contents(of: document, for: url).text
    } catch {
        return 0  // refused (e.g. a symbol JFLAP would read as several): fine
    }
    let again: OpenedDocument
    do {
        again = try JFLAPFile.decoded(Data(text.utf8), from: url)
    } catch {
        fatalError("the exported JFLAP file does not read back: \(error)\n\(text)")
    }
    precondition(again.document.inconsistencies.isEmpty,
                 "the exported JFLAP file reads back inconsistent: \(again.document.inconsistencies)\n\(text)")

    // The subset construction is exponential in the states: compare only when both are small.
    let first = document.automaton, second = again.document.automaton
    if first.determinizedStateCount(upTo: 200) != nil, second.determinizedStateCount(upTo: 200) != nil {
        precondition(first.isEquivalent(to: second),
                     "the exported JFLAP file reads back with another language (they differ on \(String(reflecting: first.distinguishingWord(from: second)?.symbols)))\n\(text)")
    }
    return 0
}

@_cdecl("FuzzJFLAP_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
