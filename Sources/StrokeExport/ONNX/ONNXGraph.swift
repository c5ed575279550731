/// The computation graph of an exported classifier (a `GraphProto`): nodes in order, weights
/// as initializers, one input and one output. Built from a model by `ONNXGraph(model:)`.
struct ONNXGraph: Equatable, Sendable {
    var name: String
    var nodes: [ONNXNode]
    /// Constants, not graph inputs (allowed since IR version 4): runtimes may fold them.
    var initializers: [ONNXInitializer]
    var input: ONNXValueInfo
    var output: ONNXValueInfo

    func write(to writer: inout ProtobufWriter) {
        for node in nodes { writer.message(ONNXSchema.Graph.node) { node.write(to: &$0) } }
        writer.string(ONNXSchema.Graph.name, name)
        for initializer in initializers {
            writer.message(ONNXSchema.Graph.initializer) { initializer.write(to: &$0) }
        }
        writer.message(ONNXSchema.Graph.input) { input.write(to: &$0) }
        writer.message(ONNXSchema.Graph.output) { output.write(to: &$0) }
    }
}
