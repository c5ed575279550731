import AutomataEditorCore

/// What replaying some ink did to a document: elements added, removed and changed, matched by id.
package struct DocumentChange: Sendable {
    package var addedStates: [AutomatonDocument.State] = []
    package var removedStates: [AutomatonDocument.State] = []
    package var changedStates: [(before: AutomatonDocument.State, after: AutomatonDocument.State)] = []
    package var addedTransitions: [AutomatonDocument.Transition] = []
    package var removedTransitions: [AutomatonDocument.Transition] = []
    package var changedTransitions: [AutomatonDocument.Transition] = []

    /// One kind of element a change made: how the benchmark words what a stroke became.
    package enum Made: String, CaseIterable, Sendable, Comparable {
        case state, transition, selfLoop = "self-loop", freeTransition = "transition with a free end"
        case initialMark = "initial mark", finalMark = "final mark", stateEdited = "state otherwise changed"
        case transitionEdited = "transition changed (ends, label or head)", removed = "element removed"

        package static func < (a: Made, b: Made) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
    }

    package init(from before: AutomatonDocument, to after: AutomatonDocument) {
        let oldStates = Dictionary(uniqueKeysWithValues: before.states.map { ($0.id, $0) })
        let newStates = Dictionary(uniqueKeysWithValues: after.states.map { ($0.id, $0) })
        for state in after.states {
            if let old = oldStates[state.id] {
                if old != state { changedStates.append((old, state)) }
            } else {
                addedStates.append(state)
            }
        }
        removedStates = before.states.filter { newStates[$0.id] == nil }
        let oldTransitions = Dictionary(uniqueKeysWithValues: before.transitions.map { ($0.id, $0) })
        let newTransitions = Set(after.transitions.map(\.id))
        for t in after.transitions {
            if let old = oldTransitions[t.id] {
                if old != t { changedTransitions.append(t) }
            } else {
                addedTransitions.append(t)
            }
        }
        removedTransitions = before.transitions.filter { !newTransitions.contains($0.id) }
    }

    package var isEmpty: Bool {
        addedStates.isEmpty && removedStates.isEmpty && changedStates.isEmpty
            && addedTransitions.isEmpty && removedTransitions.isEmpty && changedTransitions.isEmpty
    }

    /// Every element made or changed, one entry each (a transition that is new counts once,
    /// by its kind; a state both marked initial and final counts twice).
    package var made: [Made] {
        var kinds = addedStates.map { _ in Made.state }
        kinds += addedTransitions.map { t in t.isSelfLoop ? .selfLoop : t.isConnected ? .transition : .freeTransition }
        for (old, new) in changedStates {
            if old.isInitial != new.isInitial { kinds.append(.initialMark) }
            if old.isFinal != new.isFinal { kinds.append(.finalMark) }
            // Moved, renamed, or anything else about it (where its initial arrow was drawn from).
            if old.isInitial == new.isInitial && old.isFinal == new.isFinal { kinds.append(.stateEdited) }
        }
        kinds += changedTransitions.map { _ in .transitionEdited }
        kinds += (removedStates.map { _ in () } + removedTransitions.map { _ in () }).map { .removed }
        return kinds.sorted()
    }

    /// `transition, initial mark`: what was made, in words, or `nothing`.
    package var summary: String {
        isEmpty ? "nothing" : made.map(\.rawValue).joined(separator: ", ")
    }
}
