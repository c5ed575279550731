extension DocumentCheck {
    /// The problems in one line each for a student: transitions without symbols, and dangling
    /// ones, grouped in one line per kind (eight unlabelled arrows drawn in a row are one
    /// thing to do, not eight warnings); the others as they are.
    public static func summary(of problems: [Problem], in document: AutomatonDocument) -> [String] {
        var lines: [String] = []
        var grouped: Set<Problem.Kind> = []
        for problem in problems {
            guard let group = Self.group(problem.kind) else {
                lines.append(problem.message)
                continue
            }
            guard grouped.insert(problem.kind).inserted else { continue }
            let same = problems.filter { $0.kind == problem.kind }
            guard same.count > 1 else {
                lines.append(problem.message)
                continue
            }
            let transitions = same.flatMap(\.transitionIDs).compactMap(document.transition)
            lines.append("\(same.count) \(group.what): " + transitions.map { arrow($0, in: document) }.joined(separator: ", ") + " (\(group.todo))")
        }
        return lines
    }

    private static func group(_ kind: Problem.Kind) -> (what: String, todo: String)? {
        switch kind {
        case .transitionWithoutSymbols: ("transitions have no symbols, so they read nothing", "label them, with ε for an ε-move")
        case .danglingTransition: ("dangling transitions", "both ends must be on states")
        default: nil
        }
    }

    /// "q0 → q1", "q0 → ?".
    private static func arrow(_ t: AutomatonDocument.Transition, in document: AutomatonDocument) -> String {
        let end = { (id: Int?) in id.flatMap(document.state).map(DocumentWording.name(of:)) ?? "?" }
        return "\(end(t.from)) → \(end(t.to))"
    }
}
