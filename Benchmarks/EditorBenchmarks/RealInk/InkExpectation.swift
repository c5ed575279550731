import AutomataEditorCore

/// What replaying a scenario's ink should do, and how a result falls short of it.
package enum InkExpectation: Hashable, Sendable {
    /// No element added, removed or changed.
    case nothing
    /// Exactly one new state, nothing else changed.
    case newState
    /// Exactly one new transition from the state `from` to the state `to` (nil: a free end
    /// on empty canvas), nothing else changed.
    case transition(from: Int, to: Int?)

    /// One way a result can be wrong. A wrong result may show several.
    package enum Failure: String, CaseIterable, Sendable, Comparable {
        case nothing = "nothing happened"
        case flipped = "flipped direction"
        case selfLoop = "read as a self-loop"
        case secondTransition = "more than one transition"
        case freeEnd = "a free end"
        case wrongStates = "a transition between other states"
        case newState = "a new state"
        case severalStates = "more than one state"
        case noState = "no state"
        case initialMark = "a state made initial"
        case finalMark = "a state made final (or not)"
        case transition = "a transition"
        case otherChange = "another change"

        package static func < (a: Failure, b: Failure) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
    }

    /// The ways `change` misses this expectation; empty when it is right.
    package func failures(of change: DocumentChange) -> [Failure] {
        if change.isEmpty { return self == .nothing ? [] : [.nothing] }
        switch self {
        case .nothing:
            return Array(Set(change.made.map(Self.failure(for:)))).sorted()
        case .newState:
            var found = Set(change.made.filter { $0 != .state }.map(Self.failure(for:)))
            if change.addedStates.isEmpty { found.insert(.noState) }
            if change.addedStates.count > 1 { found.insert(.severalStates) }
            return found.sorted()
        case let .transition(from, to):
            return Self.transitionFailures(change, from: from, to: to)
        }
    }

    private static func transitionFailures(_ change: DocumentChange, from: Int, to: Int?) -> [Failure] {
        var found = Set<Failure>()
        let lines = change.addedTransitions.filter { !$0.isSelfLoop }
        if lines.count > 1 { found.insert(.secondTransition) }
        if change.addedTransitions.contains(where: \.isSelfLoop) { found.insert(.selfLoop) }
        for t in lines where !(t.from == from && t.to == to) {
            if let to, t.from == to, t.to == from {
                found.insert(.flipped)
            } else if to != nil, t.from == nil || t.to == nil, [from, to].contains(t.from ?? t.to) {
                found.insert(.freeEnd)
            } else {
                found.insert(.wrongStates)
            }
        }
        if !change.addedStates.isEmpty { found.insert(.newState) }
        for kind in change.made where ![.transition, .selfLoop, .freeTransition, .state].contains(kind) {
            found.insert(failure(for: kind))
        }
        if lines.isEmpty && found.isEmpty { found.insert(.otherChange) }
        return found.sorted()
    }

    /// What an element made where none was wanted counts as.
    private static func failure(for made: DocumentChange.Made) -> Failure {
        switch made {
        case .state: .newState
        case .transition, .freeTransition: .transition
        case .selfLoop: .selfLoop
        case .initialMark: .initialMark
        case .finalMark: .finalMark
        case .stateEdited, .transitionEdited, .removed: .otherChange
        }
    }
}
