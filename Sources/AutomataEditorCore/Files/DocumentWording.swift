import Foundation

/// How messages and comments name states and transitions: by what the user sees (names,
/// and for unnamed states their place), never by internal ids.
enum DocumentWording {
    /// The state's name, or "the unnamed state at (x, y)".
    static func name(of state: AutomatonDocument.State) -> String {
        let name = state.name.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? "the unnamed state at \(state.center.roundedText)" : name
    }

    /// "from q0 to empty canvas (a, b)": a transition by its ends, and its symbols if any.
    static func ends(of transition: AutomatonDocument.Transition, in document: AutomatonDocument) -> String {
        func end(_ id: Int?) -> String {
            guard let id else { return "empty canvas" }
            return document.state(id).map { name(of: $0) } ?? "a missing state"
        }
        let symbols = transition.symbols.isEmpty ? "" : " (\(transition.symbols.map(\.description).joined(separator: ", ")))"
        return "from \(end(transition.from)) to \(end(transition.to))\(symbols)"
    }
}
