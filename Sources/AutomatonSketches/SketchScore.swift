import AutomataEditorCore

/// What the editor made of a drawn plan, element by element: each state is matched to the
/// recognised state nearest its centre, then marks, names and edges are compared through
/// that matching. Exact when nothing differs.
package struct SketchScore: Hashable, Sendable {
    /// The kinds of element a drawing has, as the benchmark counts them.
    package enum Element: String, CaseIterable, Hashable, Sendable {
        case state, finalMark = "final mark", initialArrow = "initial arrow", edge, curvedEdge = "curved edge"
        case selfLoop = "self-loop", label
    }

    /// Wrong elements per kind: missing, extra or different.
    package private(set) var errors: [Element: Int] = [:]
    /// One line per wrong element.
    package private(set) var notes: [String] = []

    package var errorCount: Int { errors.values.reduce(0, +) }
    package var isExact: Bool { errorCount == 0 }

    package init(_ document: AutomatonDocument, against plan: SketchPlan) {
        let match = Self.matchStates(document, plan)
        var planIndex: [Int: Int] = [:]
        for (index, id) in match.enumerated() { if let id { planIndex[id] = index } }

        for (index, state) in plan.states.enumerated() {
            guard let id = match[index], let found = document.state(id) else {
                record(.state, "state \(plan.name(of: index)) missing")
                continue
            }
            if found.isFinal != state.isFinal { record(.finalMark, "\(plan.name(of: index)) \(state.isFinal ? "not " : "")final") }
            if found.isInitial != state.isInitial { record(.initialArrow, "\(plan.name(of: index)) \(state.isInitial ? "not " : "")initial") }
            if let name = state.writtenName, found.name != name { record(.label, "state \(name) named \(found.name)") }
        }
        for state in document.states where planIndex[state.id] == nil { record(.state, "extra state \(state.name)") }

        var drawn: [Pair: Set<Symbol>] = [:]
        for t in document.transitions {
            guard let from = t.from.flatMap({ planIndex[$0] }), let to = t.to.flatMap({ planIndex[$0] }) else {
                record(t.isCurved ? .curvedEdge : .edge, "extra \(document.describe(transition: t))")
                continue
            }
            drawn[Pair(from: from, to: to), default: []].formUnion(t.symbols)
        }
        for edge in plan.edges {
            let pair = Pair(from: edge.from, to: edge.to)
            let what = "\(plan.name(of: edge.from)) → \(plan.name(of: edge.to)) \(edge.label)"
            guard let symbols = drawn.removeValue(forKey: pair) else {
                record(Self.element(of: edge.shape), "\(edge.shape.rawValue) edge \(what) missing")
                continue
            }
            if symbols != edge.symbols {
                record(.label, "\(what) reads \(symbols.map(\.description).sorted().joined(separator: ","))")
            }
        }
        for (pair, _) in drawn.sorted(by: { ($0.key.from, $0.key.to) < ($1.key.from, $1.key.to) }) {
            record(pair.from == pair.to ? .selfLoop : .edge, "extra edge \(plan.name(of: pair.from)) → \(plan.name(of: pair.to))")
        }
    }

    /// The elements a plan draws, per kind (the denominators of the error counts).
    package static func elements(of plan: SketchPlan) -> [Element: Int] {
        var counts: [Element: Int] = [.state: plan.states.count,
                                      .finalMark: plan.states.filter(\.isFinal).count,
                                      .initialArrow: plan.states.filter(\.isInitial).count,
                                      .label: plan.edges.count + plan.states.filter { $0.writtenName != nil }.count]
        for edge in plan.edges { counts[element(of: edge.shape), default: 0] += 1 }
        return counts
    }

    private static func element(of shape: SketchPlan.EdgeShape) -> Element {
        switch shape {
        case .straight: .edge
        case .curved, .returnEdge: .curvedEdge
        case .selfLoop: .selfLoop
        }
    }

    private mutating func record(_ element: Element, _ note: String) {
        errors[element, default: 0] += 1
        notes.append("\(element.rawValue): \(note)")
    }

    /// Per planned state, the id of the recognised state it became: the nearest one whose
    /// centre lies within the planned radius, each recognised state used once.
    private static func matchStates(_ document: AutomatonDocument, _ plan: SketchPlan) -> [Int?] {
        var used = Set<Int>()
        return plan.states.map { planned in
            let near = document.states.filter { !used.contains($0.id) && $0.center.distance(to: planned.centre) < planned.radius }
            guard let nearest = near.min(by: { $0.center.distance(to: planned.centre) < $1.center.distance(to: planned.centre) })
            else { return nil }
            used.insert(nearest.id)
            return nearest.id
        }
    }

    private struct Pair: Hashable {
        var from: Int
        var to: Int
    }
}
