/// An editing session: the document plus its undo and redo history.
///
/// Every step that changed the document can be undone, whether it was one action or the
/// several a recognised stroke makes (`apply(_:)` with a list). History is kept as whole
/// documents: they are values, so keeping the old one is the undo.
public struct Editor: Sendable {
    public private(set) var document: AutomatonDocument
    private var undoStack: [AutomatonDocument] = []
    private var redoStack: [AutomatonDocument] = []
    /// The highest `nextID` any document of this session has had. Undo restores a document
    /// exactly (its older `nextID` too), so new elements start from here instead: an id
    /// given out once, even to an undone element, is never given out again.
    private var unusedIDs: Int

    public init(document: AutomatonDocument = AutomatonDocument()) {
        self.document = document
        unusedIDs = document.nextID
    }

    /// Keeps `text` as the document's test words: no undo step, as typing in a field is none.
    public mutating func keepTestSet(_ text: String) {
        document.testSet = text
    }

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Applies one action as one undoable step. Returns whether the document changed; an
    /// action that changes nothing leaves the history alone (undo never seems to do nothing).
    @discardableResult
    public mutating func apply(_ action: EditAction) -> Bool {
        apply([action])
    }

    /// Applies the actions in order as ONE undoable step (a recognised stroke, a pasted block).
    @discardableResult
    public mutating func apply(_ actions: [EditAction]) -> Bool {
        var base = document
        base.nextID = max(base.nextID, unusedIDs)
        let next = base.applying(actions)
        guard next != base else { return false }
        // Remembering where writing was is no step of its own: undo never seems to do nothing.
        var unseen = next
        unseen.pending.writing = base.pending.writing
        unseen.pending.writingRun = base.pending.writingRun
        unseen.pending.line = base.pending.line
        guard unseen != base else {
            document.pending.writing = next.pending.writing
            document.pending.writingRun = next.pending.writingRun
            document.pending.line = next.pending.line
            return false
        }
        unusedIDs = next.nextID
        undoStack.append(document)
        redoStack.removeAll()
        document = next
        return true
    }

    /// Applies the actions as one step together with the step before (the next stroke of a
    /// handwritten word revising its reading): one undo takes both back.
    @discardableResult
    public mutating func apply(_ actions: [EditAction], revisingLastStep: Bool) -> Bool {
        let steps = undoStack.count
        guard apply(actions) else { return false }
        if revisingLastStep && steps > 0 { undoStack.removeLast() }
        return true
    }

    /// Goes back one step; returns false when there is nothing to undo.
    @discardableResult
    public mutating func undo() -> Bool {
        guard var previous = undoStack.popLast() else { return false }
        redoStack.append(document)
        previous.testSet = document.testSet
        document = previous
        return true
    }

    /// Repeats the last undone step; returns false when there is nothing to redo.
    @discardableResult
    public mutating func redo() -> Bool {
        guard var next = redoStack.popLast() else { return false }
        undoStack.append(document)
        next.testSet = document.testSet
        document = next
        return true
    }
}
