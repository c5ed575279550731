/// A finite automaton as a JFLAP file states it, before it becomes a document: JFLAP's ids,
/// names and positions, and transitions that read strings (empty for λ).
struct JFLAPMachine {
    struct State {
        var id: String
        var name: String
        /// The centre, in JFLAP's pixels; nil when the file gives none.
        var position: CanvasPoint?
        var isInitial = false
        var isFinal = false
    }

    struct Transition {
        var from: String
        var to: String
        /// What it reads, character by character; empty is λ (ε).
        var read: String
    }

    var states: [State] = []
    var transitions: [Transition] = []
    /// Symbols the file declares (JFLAP 8's input alphabet).
    var alphabet: [String] = []
}

/// What a JFLAP file holds, as far as this reader is concerned.
enum JFLAPContent {
    case automaton(JFLAPMachine, jflapVersion: Int)
    case regularExpression(String)
}
