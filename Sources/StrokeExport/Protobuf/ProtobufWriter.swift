/// Protocol Buffers wire format, written by hand: the few field kinds ONNX and Core ML
/// model files use (varints, 32-bit floats, length-delimited strings, bytes, nested
/// messages and packed repeated numbers). Fields are written in the order they are added.
///
/// Wire format facts (protobuf.dev/programming-guides/encoding): a field starts with the
/// varint key `field_number << 3 | wire_type`; wire types 0 = varint, 1 = 64-bit,
/// 2 = length-delimited, 5 = 32-bit; numbers are little-endian; negative int32/int64 are
/// ten-byte two's-complement varints.
package struct ProtobufWriter: Sendable, Equatable {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    enum WireType: UInt64 {
        case varint = 0, fixed64 = 1, lengthDelimited = 2, fixed32 = 5
    }

    /// A varint field (`int32`, `int64`, `uint64`, `bool`, `enum`): negative values as two's complement.
    package mutating func int(_ field: Int, _ value: Int64) {
        key(field, .varint)
        varint(UInt64(bitPattern: value))
    }

    package mutating func int(_ field: Int, _ value: Int) { int(field, Int64(value)) }

    package mutating func bool(_ field: Int, _ value: Bool) { int(field, value ? 1 : 0) }

    package mutating func float(_ field: Int, _ value: Float) {
        key(field, .fixed32)
        littleEndian(UInt64(value.bitPattern), count: 4)
    }

    package mutating func double(_ field: Int, _ value: Double) {
        key(field, .fixed64)
        littleEndian(value.bitPattern, count: 8)
    }

    package mutating func string(_ field: Int, _ value: String) { bytes(field, Array(value.utf8)) }

    package mutating func bytes(_ field: Int, _ value: [UInt8]) {
        key(field, .lengthDelimited)
        varint(UInt64(value.count))
        bytes += value
    }

    /// An embedded message, built by `body` (an empty one is still written: presence matters
    /// for `oneof` fields such as a Core ML layer's kind).
    package mutating func message(_ field: Int, _ body: (inout ProtobufWriter) -> Void) {
        var inner = ProtobufWriter()
        body(&inner)
        bytes(field, inner.bytes)
    }

    package mutating func message(_ field: Int, _ inner: ProtobufWriter) { bytes(field, inner.bytes) }

    /// `repeated float` packed: one length-delimited field of little-endian floats.
    package mutating func packedFloats(_ field: Int, _ values: [Float]) {
        key(field, .lengthDelimited)
        varint(UInt64(values.count * 4))
        bytes.reserveCapacity(bytes.count + values.count * 4)
        for value in values { littleEndian(UInt64(value.bitPattern), count: 4) }
    }

    /// `repeated int64` / `uint64` packed: one length-delimited field of varints.
    package mutating func packedInts(_ field: Int, _ values: [Int64]) {
        var inner = ProtobufWriter()
        for value in values { inner.varint(UInt64(bitPattern: value)) }
        bytes(field, inner.bytes)
    }

    private mutating func key(_ field: Int, _ type: WireType) {
        precondition(field >= 1 && field < 1 << 29, "protobuf field numbers are 1...2^29-1")
        varint(UInt64(field) << 3 | type.rawValue)
    }

    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    private mutating func littleEndian(_ value: UInt64, count: Int) {
        for i in 0..<count { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))) }
    }
}
