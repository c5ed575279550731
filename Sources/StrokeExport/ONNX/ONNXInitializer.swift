/// A constant tensor of the graph (a `TensorProto` initializer): one weight or bias array.
struct ONNXInitializer: Equatable, Sendable {
    /// The model file's parameter name, e.g. `layers.0.weight`.
    var name: String
    var dims: [Int]
    /// Row-major, in the same order as the model file (PyTorch's, which is ONNX's).
    var values: [Float]

    func write(to writer: inout ProtobufWriter) {
        // `dims` is not declared packed in the proto2 schema: one field per dimension.
        for dim in dims { writer.int(ONNXSchema.Tensor.dims, dim) }
        writer.int(ONNXSchema.Tensor.dataType, ONNXSchema.Tensor.DataType.float)
        writer.string(ONNXSchema.Tensor.name, name)
        writer.bytes(ONNXSchema.Tensor.rawData, Self.littleEndianBytes(values))
    }

    /// `raw_data` must hold fixed-width little-endian IEEE 754 values (onnx.proto), whatever
    /// the byte order of the machine that writes it.
    static func littleEndianBytes(_ values: [Float]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 4)
        for value in values {
            let bits = value.bitPattern
            for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt32(shift))) }
        }
        return bytes
    }
}
