import StrokeModel
extension Editor {
    /// Interprets the event against the current document and applies its edits as ONE
    /// undoable step. Returns the event's message.
    @discardableResult
    public mutating func perform(_ event: DrawingEvent, with interpreter: StrokeInterpreter) -> String {
        let interpretation = interpreter.interpret(event, in: document)
        apply(interpretation.actions, revisingLastStep: interpretation.revisesLastStep)
        return interpretation.message
    }

    /// Performs the events in order; one message per event.
    @discardableResult
    public mutating func perform(_ events: [DrawingEvent], with interpreter: StrokeInterpreter) -> [String] {
        events.map { perform($0, with: interpreter) }
    }
}
