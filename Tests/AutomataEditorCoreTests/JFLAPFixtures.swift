import Foundation
@testable import AutomataEditorCore

/// The hand-written JFLAP files and test sets in Tests/Fixtures/jflap, and the brute-force
/// language checks the JFLAP tests compare against.
enum JFLAPFixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/jflap")

    static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    static func imported(_ name: String) throws -> OpenedDocument { try JFLAPFile.read(from: url(name)) }

    /// The JFLAP problem of a file that should not import.
    static func problem(_ name: String) -> JFLAPFileError.Problem? {
        do {
            _ = try JFLAPFile.read(from: url(name))
            return nil
        } catch {
            return error.problem
        }
    }

    /// The JFLAP problem of bytes that should not import.
    static func problem(of text: String) -> JFLAPFileError.Problem? {
        do {
            _ = try JFLAPFile.decoded(Data(text.utf8), from: URL(fileURLWithPath: "inline.jff"))
            return nil
        } catch {
            return error.problem
        }
    }

    /// Every word over `alphabet` of at most `length` symbols.
    static func words(over alphabet: [String], upTo length: Int) -> [Word] {
        var all: [Word] = [.empty]
        var frontier: [Word] = [.empty]
        for _ in 0..<length {
            frontier = frontier.flatMap { word in alphabet.map { Word(symbols: word.symbols + [$0]) } }
            all += frontier
        }
        return all
    }

    /// The words up to `length` on which `automaton` and the pattern (a whole-string regular
    /// expression over one-character symbols) disagree; empty when they agree.
    static func disagreements(_ automaton: Automaton, _ pattern: String, over alphabet: [String], upTo length: Int) -> [String] {
        let regex = try! NSRegularExpression(pattern: "^(?:\(pattern))$")
        return words(over: alphabet, upTo: length).compactMap { word in
            let text = word.symbols.joined()
            let matches = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            return matches == automaton.accepts(word) ? nil : (text.isEmpty ? "ε" : text)
        }
    }
}
