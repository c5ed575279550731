/// The problems `automata check` reports: what makes a drawing incomplete, surprising or
/// not a DFA. Transitions are taken as drawn (see `DrawnEdges`): an arrow from empty canvas
/// into an initial state, without symbols, is its initial mark, not a dangling transition.
public enum DocumentCheck {
    /// The document's problems in a fixed order: initial state, reachability,
    /// nondeterminism, dangling transitions, transitions without symbols, state names.
    public static func problems(in document: AutomatonDocument) -> [Problem] {
        let drawn = DrawnEdges(document)
        return initialStateProblems(document)
            + unreachableStates(document, drawn)
            + nondeterminism(document, drawn)
            + danglingTransitions(document, drawn)
            + transitionsWithoutSymbols(document, drawn)
            + nameProblems(document)
    }

    private static func name(_ id: Int, in document: AutomatonDocument) -> String {
        document.state(id).map(DocumentWording.name(of:)) ?? "a missing state"
    }

    private static func list(_ ids: [Int], in document: AutomatonDocument) -> String {
        ids.map { name($0, in: document) }.joined(separator: ", ")
    }

    private static func initialStateProblems(_ document: AutomatonDocument) -> [Problem] {
        let initial = document.states.filter(\.isInitial).map(\.id)
        if initial.isEmpty, !document.states.isEmpty {
            return [Problem(kind: .noInitialState, message: "no initial state: the automaton accepts nothing")]
        }
        if initial.count > 1 {
            return [Problem(kind: .nondeterminism,
                            message: "nondeterministic: more than one initial state (\(list(initial, in: document)))",
                            stateIDs: initial)]
        }
        return []
    }

    /// States no path of connected transitions (labelled or not) leads to from an initial
    /// state. Without an initial state this says nothing new, so it says nothing.
    private static func unreachableStates(_ document: AutomatonDocument, _ drawn: DrawnEdges) -> [Problem] {
        var reached = Set(document.states.filter(\.isInitial).map(\.id))
        guard !reached.isEmpty else { return [] }
        var successors: [Int: [Int]] = [:]
        for edge in drawn.edges { successors[edge.from, default: []].append(edge.to) }
        var frontier = Array(reached)
        while let state = frontier.popLast() {
            for next in successors[state] ?? [] where reached.insert(next).inserted { frontier.append(next) }
        }
        let unreachable = document.states.map(\.id).filter { !reached.contains($0) }
        guard !unreachable.isEmpty else { return [] }
        let noun = unreachable.count == 1 ? "state" : "states"
        return [Problem(kind: .unreachableStates,
                        message: "unreachable \(noun) (no path from an initial state): \(list(unreachable, in: document))",
                        stateIDs: unreachable)]
    }

    /// Per state: each symbol leading to more than one state, then its ε-moves.
    private static func nondeterminism(_ document: AutomatonDocument, _ drawn: DrawnEdges) -> [Problem] {
        var problems: [Problem] = []
        for state in document.states {
            // Symbol → the targets and transitions reading it, in drawing order.
            var targets: [Symbol: [Int]] = [:]
            var transitions: [Symbol: [Int]] = [:]
            var symbols: [Symbol] = []
            for edge in drawn.edges where edge.from == state.id {
                for transition in edge.transitions {
                    for symbol in transition.symbols {
                        if targets[symbol] == nil { symbols.append(symbol) }
                        if !(targets[symbol] ?? []).contains(edge.to) { targets[symbol, default: []].append(edge.to) }
                        transitions[symbol, default: []].append(transition.id)
                    }
                }
            }
            let stateName = DocumentWording.name(of: state)
            for symbol in symbols where symbol != .epsilon {
                let to = targets[symbol] ?? []
                guard to.count > 1 else { continue }
                problems.append(Problem(
                    kind: .nondeterminism,
                    message: "nondeterministic: \(stateName) has \(to.count) transitions on \(symbol.description) (to \(list(to, in: document)))",
                    stateIDs: [state.id], transitionIDs: transitions[symbol] ?? []))
            }
            if let to = targets[.epsilon] {
                problems.append(Problem(
                    kind: .nondeterminism,
                    message: "nondeterministic: \(stateName) has an ε-move (to \(list(to, in: document)))",
                    stateIDs: [state.id], transitionIDs: transitions[.epsilon] ?? []))
            }
        }
        return problems
    }

    private static func danglingTransitions(_ document: AutomatonDocument, _ drawn: DrawnEdges) -> [Problem] {
        drawn.dangling.map { transition in
            Problem(kind: .danglingTransition,
                    message: "dangling transition \(DocumentWording.ends(of: transition, in: document)): both ends must be on states",
                    stateIDs: [transition.from, transition.to].compactMap { $0 }.filter { document.state($0) != nil },
                    transitionIDs: [transition.id])
        }
    }

    /// Connected transitions only: a dangling one is reported as dangling already.
    private static func transitionsWithoutSymbols(_ document: AutomatonDocument, _ drawn: DrawnEdges) -> [Problem] {
        drawn.edges.flatMap(\.transitions).filter(\.symbols.isEmpty).map { transition in
            Problem(kind: .transitionWithoutSymbols,
                    message: "transition \(DocumentWording.ends(of: transition, in: document)) has no symbols, so it reads nothing (label it, with ε for an ε-move)",
                    stateIDs: [transition.from, transition.to].compactMap { $0 },
                    transitionIDs: [transition.id])
        }
    }

    private static func nameProblems(_ document: AutomatonDocument) -> [Problem] {
        var problems: [Problem] = []
        var byName: [String: [Int]] = [:]
        var names: [String] = []
        for state in document.states {
            let name = state.name.trimmingCharacters(in: .whitespacesAndNewlines)
            if name.isEmpty {
                problems.append(Problem(kind: .unnamedState, message: "\(DocumentWording.name(of: state)) has no name",
                                        stateIDs: [state.id]))
            } else {
                if byName[name] == nil { names.append(name) }
                byName[name, default: []].append(state.id)
            }
        }
        for name in names {
            let ids = byName[name] ?? []
            guard ids.count > 1 else { continue }
            problems.append(Problem(kind: .duplicateStateName, message: "\(ids.count) states are named \(name)", stateIDs: ids))
        }
        return problems
    }
}
