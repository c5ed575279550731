import BoundedXML
import Foundation

/// Reads the element tree of a `.jff` file: JFLAP 6 and 7 (`<structure><type>fa</type>…`,
/// states with `id`/`name` attributes, transitions with `<read>`) and JFLAP 8
/// (`<structure type="editor_panel">`, an `fsa` structure with state, transition, start and
/// final sets, positions in a `state_point_map`).
enum JFLAPStructure {
    typealias Element = BoundedXML.Element

    static func content(of root: Element) throws(JFLAPFileError.Problem) -> JFLAPContent {
        guard root.name == "structure" else {
            throw .malformed("the root element is <\(root.name.prefix(40))>, not JFLAP's <structure>")
        }
        if root.attributes["type"] != nil { return try jflap8(root) }
        guard let type = root.childText("type") else { throw .malformed("it has no <type>") }
        switch type {
        case "fa":
            return .automaton(try jflap7(root.child(named: "automaton") ?? root), jflapVersion: 7)
        case "re":
            guard let expression = root.child(named: "expression") else { throw .malformed("a regular expression file without <expression>") }
            return .regularExpression(expression.text.trimmingCharacters(in: .whitespacesAndNewlines))
        default:
            throw .unsupportedType(kindName(type))
        }
    }

    /// JFLAP's type names in words, for the refusal.
    static func kindName(_ type: String) -> String {
        let names = [
            "pda": "pushdown automaton", "turing": "Turing machine", "turing_machine": "Turing machine",
            "mtm": "multi-tape Turing machine", "grammar": "grammar", "regular": "regular grammar",
            "mealy": "Mealy machine", "mealy_machine": "Mealy machine", "moore": "Moore machine",
            "moore_machine": "Moore machine", "lsystem": "L-system", "block_tm_graph": "block Turing machine",
        ]
        let shown = String(type.prefix(40))
        return "\(names[type] ?? "file of type \"\(shown)\"") (type \(shown))"
    }

    // MARK: JFLAP 6 and 7

    private static func jflap7(_ automaton: Element) throws(JFLAPFileError.Problem) -> JFLAPMachine {
        var machine = JFLAPMachine()
        for (index, element) in automaton.children(named: "state").enumerated() {
            guard let id = element.attributes["id"]?.trimmingCharacters(in: .whitespaces), !id.isEmpty else {
                throw .malformed("state \(index + 1) has no id")
            }
            let position = try point(x: element.childText("x"), y: element.childText("y"), of: "state \(id)")
            machine.states.append(.init(
                id: id, name: element.attributes["name"] ?? "q\(id)", position: position,
                isInitial: element.child(named: "initial") != nil, isFinal: element.child(named: "final") != nil))
        }
        for (index, element) in automaton.children(named: "transition").enumerated() {
            guard let from = element.childText("from"), let to = element.childText("to") else {
                throw .malformed("transition \(index + 1) has no <from> or <to>")
            }
            // A missing <read> is read as λ, as JFLAP writes it `<read/>`.
            machine.transitions.append(.init(from: from, to: to, read: element.child(named: "read")?.text ?? ""))
        }
        return machine
    }

    // MARK: JFLAP 8

    private static func jflap8(_ root: Element) throws(JFLAPFileError.Problem) -> JFLAPContent {
        let rootType = root.attributes["type"] ?? ""
        guard rootType == "editor_panel" else { throw .unsupportedType(kindName(rootType)) }
        guard let graph = root.children(named: "structure").first(where: { $0.attributes["type"] == "transition_graph" }) else {
            let inner = root.children(named: "structure").first?.attributes["type"] ?? "none"
            throw .unsupportedType(kindName(inner))
        }
        guard let fsa = graph.children(named: "structure").first(where: { $0.attributes["type"] != nil }) else {
            throw .malformed("the transition graph holds no automaton")
        }
        let type = fsa.attributes["type"] ?? ""
        guard type == "fsa" else { throw .unsupportedType(kindName(type)) }

        func part(_ type: String) -> Element? { fsa.children(named: "structure").first { $0.attributes["type"] == type } }
        func ids(in element: Element?) -> [String] {
            (element?.descendants(named: "state") ?? []).compactMap { $0.childText("id") }
        }
        var positions: [String: CanvasPoint] = [:]
        for entry in graph.child(named: "state_point_map")?.children(named: "state_point") ?? [] {
            guard let id = entry.childText("state"), let point = entry.child(named: "point") else { continue }
            positions[id] = try self.point(x: point.childText("x"), y: point.childText("y"), of: "state \(id)")
        }
        let initial = Set(ids(in: part("start_state")))
        let final = Set(ids(in: part("final_states")))

        var machine = JFLAPMachine()
        for (index, element) in (part("state_set")?.descendants(named: "state") ?? []).enumerated() {
            guard let id = element.childText("id"), !id.isEmpty else { throw .malformed("state \(index + 1) has no id") }
            machine.states.append(.init(id: id, name: element.childText("name") ?? "q\(id)", position: positions[id],
                                        isInitial: initial.contains(id), isFinal: final.contains(id)))
        }
        for (index, element) in (part("transition_set")?.children ?? []).enumerated() {
            guard let from = element.child(named: "from")?.childText("id"), let to = element.child(named: "to")?.childText("id") else {
                throw .malformed("transition \(index + 1) has no <from> or <to> state id")
            }
            machine.transitions.append(.init(from: from, to: to, read: element.child(named: "input")?.text ?? ""))
        }
        machine.alphabet = part("input_alph")?.children(named: "symbol").map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) } ?? []
        return .automaton(machine, jflapVersion: 8)
    }

    /// A position, or nil when the file gives none; a coordinate that is not a finite number is an error.
    private static func point(x: String?, y: String?, of what: String) throws(JFLAPFileError.Problem) -> CanvasPoint? {
        guard let x, let y else { return nil }
        guard let px = Double(x), let py = Double(y), px.isFinite, py.isFinite, abs(px) <= 1e6, abs(py) <= 1e6 else {
            throw .malformed("\(what) is at (\(x.prefix(20)), \(y.prefix(20))), not a position within ±1,000,000")
        }
        return CanvasPoint(x: px, y: py)
    }
}
