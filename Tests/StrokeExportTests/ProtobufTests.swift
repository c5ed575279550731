import Testing
@testable import StrokeExport

/// The wire format against encodings worked out from the protobuf encoding guide, and
/// read back by `ProtobufFields`.
@Suite struct ProtobufTests {
    @Test func varintsMatchTheEncodingGuide() {
        var w = ProtobufWriter()
        w.int(1, 150)
        #expect(w.bytes == [0x08, 0x96, 0x01])
        var negative = ProtobufWriter()
        negative.int(2, -1)
        #expect(negative.bytes == [0x10] + Array(repeating: 0xFF, count: 9) + [0x01], "ten bytes, two's complement")
        var big = ProtobufWriter()
        big.int(16, 1)
        #expect(big.bytes == [0x80, 0x01, 0x01], "field 16 needs a two-byte key")
    }

    @Test func stringsFloatsAndMessagesAreLengthDelimitedOrFixed() {
        var w = ProtobufWriter()
        w.string(2, "testing")
        #expect(w.bytes == [0x12, 0x07] + Array("testing".utf8))
        var f = ProtobufWriter()
        f.float(3, 1.0)
        #expect(f.bytes == [0x1D, 0x00, 0x00, 0x80, 0x3F])
        var m = ProtobufWriter()
        m.message(3) { $0.int(1, 150) }
        #expect(m.bytes == [0x1A, 0x03, 0x08, 0x96, 0x01])
        var packed = ProtobufWriter()
        packed.packedInts(4, [3, 270, 86942])
        #expect(packed.bytes == [0x22, 0x06, 0x03, 0x8E, 0x02, 0x9E, 0xA7, 0x05])
        var empty = ProtobufWriter()
        empty.message(7) { _ in }
        #expect(empty.bytes == [0x3A, 0x00], "an empty message is still present")
    }

    @Test func whatIsWrittenReadsBack() throws {
        var inner = ProtobufWriter()
        inner.string(1, "conv → relu")
        inner.packedFloats(2, [1.5, -0.25, .greatestFiniteMagnitude])
        var w = ProtobufWriter()
        w.int(1, 7)
        w.int(2, -3)
        w.message(3, inner)
        w.message(3, inner)
        w.double(4, 0.1)
        w.bool(5, true)
        w.packedInts(6, [1, -1, 1 << 40])
        let fields = try ProtobufFields(w.bytes)
        #expect(fields.int(1) == 7 && fields.int(2) == -3 && fields.int(5) == 1)
        let messages = try fields.messages(3)
        #expect(messages.count == 2)
        #expect(messages[0].string(1) == "conv → relu")
        #expect(messages[0].floats(2) == [1.5, -0.25, .greatestFiniteMagnitude])
        #expect(fields[4] == [.fixed64(0.1.bitPattern)])
        #expect(try fields.ints(6) == [1, -1, 1 << 40])
    }

    @Test func truncatedInputIsRefusedWithItsOffset() {
        var w = ProtobufWriter()
        w.string(1, "abcdef")
        for cut in 1..<w.bytes.count {
            #expect(throws: ProtobufFields.Malformed.self) { try ProtobufFields(Array(w.bytes.prefix(cut))) }
        }
        #expect(throws: ProtobufFields.Malformed.self) { try ProtobufFields([0x0B]) }  // wire type 3 (groups)
    }
}
