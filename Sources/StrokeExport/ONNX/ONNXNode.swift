/// One operator of the graph (a `NodeProto`): its inputs, outputs and attributes by name.
struct ONNXNode: Equatable, Sendable {
    /// Follows the model file's names (`layers.0`), so a node points back at its layer.
    var name: String
    var opType: String
    var inputs: [String]
    var outputs: [String]
    var attributes: [ONNXAttribute] = []

    func write(to writer: inout ProtobufWriter) {
        for input in inputs { writer.string(ONNXSchema.Node.input, input) }
        for output in outputs { writer.string(ONNXSchema.Node.output, output) }
        writer.string(ONNXSchema.Node.name, name)
        writer.string(ONNXSchema.Node.opType, opType)
        for attribute in attributes {
            writer.message(ONNXSchema.Node.attribute) { attribute.write(to: &$0) }
        }
    }
}

/// A node attribute (`AttributeProto`): the exporter only needs integers and integer lists.
enum ONNXAttribute: Equatable, Sendable {
    case int(String, Int)
    case ints(String, [Int])

    var name: String {
        switch self {
        case let .int(name, _), let .ints(name, _): name
        }
    }

    func write(to writer: inout ProtobufWriter) {
        writer.string(ONNXSchema.Attribute.name, name)
        // The type discriminator is required since IR version 2 (onnx.proto).
        switch self {
        case let .int(_, value):
            writer.int(ONNXSchema.Attribute.type, ONNXSchema.Attribute.Kind.int)
            writer.int(ONNXSchema.Attribute.i, value)
        case let .ints(_, values):
            writer.int(ONNXSchema.Attribute.type, ONNXSchema.Attribute.Kind.ints)
            // `ints` is not declared packed in the proto2 schema: one field per value, as
            // ONNX's own serializer writes it.
            for value in values { writer.int(ONNXSchema.Attribute.ints, value) }
        }
    }
}
