/// What a step did, said to a student: in the automaton's terms (state, transition,
/// self-loop, label), without the recogniser's figures, and with how to go on when a stroke
/// was not understood. The recogniser's own message (`Editor.perform`) keeps the figures for
/// developers; this is read off the documents before and after, so it says what happened
/// whichever rule did it.
public enum PlainWords {
    /// Said while a shaft waits for its head.
    public static let openShaftHint = "draw its head, or go on: it keeps the way it was drawn"

    /// The step from `before` to `after`, `message` being what the recogniser said of it
    /// (read only to say why nothing changed).
    public static func step(from before: AutomatonDocument, to after: AutomatonDocument, message: String) -> String {
        var said = stateChanges(from: before, to: after) + transitionChanges(from: before, to: after)
        if said.isEmpty { said = waitingInk(from: before, to: after) }
        guard !said.isEmpty else { return nothingChanged(message) }
        var text = said.joined(separator: "; ")
        if after.transitions.contains(where: { $0.head == .awaited }) { text += " · " + openShaftHint }
        return capitalised(text) + "."
    }

    private static func stateChanges(from before: AutomatonDocument, to after: AutomatonDocument) -> [String] {
        var said: [String] = []
        for s in after.states {
            guard let old = before.state(s.id) else {
                said.append("new \(s.isFinal ? "final " : "")state \(s.name)\(s.isInitial ? ", initial" : "")")
                continue
            }
            if old.name != s.name { said.append("\(old.name) is named \(s.name) now") }
            if old.isFinal != s.isFinal { said.append(s.isFinal ? "\(s.name) is final" : "\(s.name) is no longer final") }
            if old.isInitial != s.isInitial { said.append(s.isInitial ? "\(s.name) is the initial state" : "\(s.name) is no longer initial") }
            if old.center != s.center { said.append("moved \(s.name)") }
        }
        said += before.states.filter { after.state($0.id) == nil }.map { "removed state \($0.name)" }
        return said
    }

    private static func transitionChanges(from before: AutomatonDocument, to after: AutomatonDocument) -> [String] {
        var said: [String] = []
        for t in after.transitions {
            guard let old = before.transition(t.id) else {
                said.append("new " + described(t, in: after) + freeEndHint(t))
                continue
            }
            if (old.from, old.to) == (t.to, t.from), !t.isSelfLoop {
                said.append("the head turns it into " + described(t, in: after))
            } else if (old.from, old.to) != (t.from, t.to) {
                said.append("connected " + described(t, in: after))
            } else if old.head != .drawn, t.head == .drawn {
                said.append("the head directs " + described(t, in: after))
            }
            if old.symbols != t.symbols {
                said.append(t.symbols.isEmpty ? "\(described(t, in: after)) has no label now" : "\(described(t, in: after, labelled: false)) reads \(symbols(t))")
            }
        }
        said += before.transitions.filter { after.transition($0.id) == nil }.map { "removed " + described($0, in: before) }
        return said
    }

    /// Ink kept for the stroke that completes it (no element yet). A line left alone is kept
    /// too (`pending.line`), but quietly: most such strokes are writing.
    private static func waitingInk(from before: AutomatonDocument, to after: AutomatonDocument) -> [String] {
        var said: [String] = []
        if after.pending.heads.count > before.pending.heads.count { said.append("a head on its own: it waits for its line") }
        for text in after.pending.texts where !before.pending.texts.contains(text) {
            said.append("\"\(text.text)\" waits: a circle drawn round it makes it a state's name, an arrow drawn beside it its label")
        }
        return said
    }

    /// Why nothing changed, and what to do, from the recogniser's reason.
    private static func nothingChanged(_ message: String) -> String {
        if message.hasPrefix("erase") { return "Nothing under the eraser." }
        if message.contains("writing") {
            return "That looked like writing, so nothing changed. To label a transition, double-click it and type; to name a state, double-click the state."
        }
        if message.contains("rejected as") {
            return "That stroke was not understood, so nothing changed. Draw it again, or say what it was under \"It was\"."
        }
        if message.contains("already initial") { return "That state is initial already." }
        return "Nothing changed."
    }

    private static func freeEndHint(_ t: AutomatonDocument.Transition) -> String {
        t.from != nil && t.to == nil ? " (draw a state at its free end to connect it)" : ""
    }

    /// "transition q0 → q1 reading a, b", "self-loop on q1", "transition q0 → ?".
    static func described(_ t: AutomatonDocument.Transition, in document: AutomatonDocument, labelled: Bool = true) -> String {
        let label = labelled && !t.symbols.isEmpty ? " reading \(symbols(t))" : ""
        if t.isSelfLoop, let state = t.from { return "self-loop on \(document.name(ofState: state))\(label)" }
        let from = t.from.map { document.name(ofState: $0) } ?? "?"
        let to = t.to.map { document.name(ofState: $0) } ?? "?"
        return "transition \(from) \(t.head == .awaited ? "—" : "→") \(to)\(label)"
    }

    private static func symbols(_ t: AutomatonDocument.Transition) -> String {
        t.symbols.map(\.description).joined(separator: ", ")
    }

    /// The sentence's first letter capitalised, unless it starts with a state's name (q0 stays q0).
    private static func capitalised(_ text: String) -> String {
        let leads = ["new ", "removed ", "moved ", "connected ", "the ", "a ", "transition ", "self-loop "]
        guard leads.contains(where: text.hasPrefix) else { return text }
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}
