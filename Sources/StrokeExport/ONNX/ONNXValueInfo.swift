/// A graph input or output (a `ValueInfoProto`): a float tensor's name and shape.
struct ONNXValueInfo: Equatable, Sendable {
    /// A dimension is either fixed or named, e.g. the batch size `N` left to the caller.
    enum Dimension: Equatable, Sendable {
        case fixed(Int)
        case symbolic(String)
    }

    var name: String
    var shape: [Dimension]
    var docString: String

    func write(to writer: inout ProtobufWriter) {
        writer.string(ONNXSchema.ValueInfo.name, name)
        writer.message(ONNXSchema.ValueInfo.type) { type in
            type.message(ONNXSchema.TypeInfo.tensorType) { tensor in
                tensor.int(ONNXSchema.TypeInfo.elementType, ONNXSchema.Tensor.DataType.float)
                tensor.message(ONNXSchema.TypeInfo.shape) { shapeMessage in
                    for dimension in shape {
                        shapeMessage.message(ONNXSchema.Shape.dim) { dim in
                            switch dimension {
                            case let .fixed(size): dim.int(ONNXSchema.Shape.dimValue, size)
                            case let .symbolic(name): dim.string(ONNXSchema.Shape.dimParam, name)
                            }
                        }
                    }
                }
            }
        }
        writer.string(ONNXSchema.ValueInfo.docString, docString)
    }
}
