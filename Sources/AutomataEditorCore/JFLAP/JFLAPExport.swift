import Foundation
import StrokeModel

/// Writes a document as a JFLAP 7 finite automaton: states with ids, names, positions and
/// marks, one `<transition>` per symbol, ε as an empty `<read/>`.
enum JFLAPExport {
    static func render(_ document: AutomatonDocument) throws(JFLAPFileError.Problem) -> (text: String, notes: [String]) {
        // JFLAP reads a transition's text as a string of one-character symbols: a longer
        // symbol would change the language, so it is refused rather than written.
        for transition in document.transitions where transition.isConnected {
            for case .text(let text) in transition.symbols where text.count != 1 {
                throw .notExportable("the symbol \"\(text.prefix(40))\" has \(text.count) characters, and JFLAP would read it as \(text.count) symbols one after another; rename it to one character")
            }
            for case .text(let text) in transition.symbols where !JFLAPSymbols.isSymbol(text.first!) {
                throw .notExportable("the symbol U+\(String(text.unicodeScalars.first!.value, radix: 16, uppercase: true)) would not read back from an XML file as itself")
            }
        }
        var notes: [String] = []
        var states = document.states
        var moves: [(from: Int, to: Int, symbol: Symbol)] = []
        let number = Dictionary(uniqueKeysWithValues: states.enumerated().map { ($1.id, $0) })
        var seen = Set<String>()
        for transition in document.transitions {
            guard let from = transition.from.flatMap({ number[$0] }), let to = transition.to.flatMap({ number[$0] }) else { continue }
            for symbol in transition.symbols where seen.insert("\(from) \(to) \(symbol.description)").inserted {
                moves.append((from, to, symbol))
            }
        }
        let loose = document.transitions.filter { !$0.isConnected || $0.symbols.isEmpty }.count
        if loose > 0 {
            notes.append("\(loose) transition\(loose == 1 ? "" : "s") with a free end or no symbol left out, as in the automaton")
        }
        // JFLAP has one initial state: several become one new state with λ-moves to each.
        let initial = states.indices.filter { states[$0].isInitial }
        if initial.count > 1 {
            let leftmost = initial.map { states[$0].center.x - states[$0].radius }.min() ?? 0
            let middle = initial.map { states[$0].center.y }.reduce(0, +) / Double(initial.count)
            var name = "start"
            while states.contains(where: { $0.name == name }) { name += "'" }
            for index in initial { states[index].isInitial = false }
            states.append(.init(id: -1, name: name, center: CanvasPoint(x: leftmost - 80, y: middle), radius: 20, isInitial: true))
            for index in initial { moves.append((states.count - 1, index, .epsilon)) }
            notes.append("JFLAP has one initial state: the \(initial.count) initial states are reached from a new initial state \(name) by λ-moves")
        }
        let unused = Set(document.extraSymbols).subtracting(moves.compactMap { move -> String? in
            if case .text(let text) = move.symbol { text } else { nil }
        })
        if !unused.isEmpty {
            notes.append("JFLAP files have no alphabet: the unused symbols \(unused.sorted().joined(separator: ", ")) are not kept")
        }

        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?><!--Created with Strokes.--><structure>",
            "\t<type>fa</type>",
            "\t<automaton>",
            "\t\t<!--The list of states.-->",
        ]
        for (id, state) in states.enumerated() {
            lines.append("\t\t<state id=\"\(id)\" name=\"\(XMLText.escaped(state.name))\">")
            lines.append("\t\t\t<x>\(state.center.x)</x>")
            lines.append("\t\t\t<y>\(state.center.y)</y>")
            if state.isInitial { lines.append("\t\t\t<initial/>") }
            if state.isFinal { lines.append("\t\t\t<final/>") }
            lines.append("\t\t</state>")
        }
        lines.append("\t\t<!--The list of transitions.-->")
        for move in moves {
            lines.append("\t\t<transition>")
            lines.append("\t\t\t<from>\(move.from)</from>")
            lines.append("\t\t\t<to>\(move.to)</to>")
            switch move.symbol {
            case .epsilon: lines.append("\t\t\t<read/>")
            case .text(let text): lines.append("\t\t\t<read>\(XMLText.escaped(text))</read>")
            }
            lines.append("\t\t</transition>")
        }
        lines += ["\t</automaton>", "</structure>"]
        return (lines.joined(separator: "\n") + "\n", notes)
    }
}
