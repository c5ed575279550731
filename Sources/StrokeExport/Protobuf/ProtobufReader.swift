/// Reads the Protocol Buffers wire format back into fields, without a schema: for tests
/// and checks of what `ProtobufWriter` wrote. Malformed input throws, naming the offset.
package struct ProtobufFields: Sendable, Equatable {
    package enum Value: Sendable, Equatable {
        case varint(UInt64)
        case fixed64(UInt64)
        case lengthDelimited([UInt8])
        case fixed32(UInt32)
    }

    package struct Field: Sendable, Equatable {
        package let number: Int
        package let value: Value
    }

    package let fields: [Field]

    package struct Malformed: Error, CustomStringConvertible {
        package let offset: Int
        package let problem: String
        package var description: String { "malformed protobuf at byte \(offset): \(problem)" }
    }

    package init(_ bytes: [UInt8]) throws {
        var fields: [Field] = []
        var offset = 0
        func varint() throws -> UInt64 {
            var result: UInt64 = 0, shift: UInt64 = 0
            while true {
                guard offset < bytes.count else { throw Malformed(offset: offset, problem: "varint runs past the end") }
                guard shift < 64 else { throw Malformed(offset: offset, problem: "varint longer than 10 bytes") }
                let byte = bytes[offset]
                offset += 1
                result |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return result }
                shift += 7
            }
        }
        func take(_ count: Int) throws -> [UInt8] {
            guard count >= 0, count <= bytes.count - offset else {
                throw Malformed(offset: offset, problem: "\(count) bytes wanted, \(bytes.count - offset) left")
            }
            defer { offset += count }
            return Array(bytes[offset..<(offset + count)])
        }
        func littleEndian(_ raw: [UInt8]) -> UInt64 {
            raw.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        }
        while offset < bytes.count {
            let start = offset
            let key = try varint()
            let number = Int(key >> 3)
            guard number >= 1 else { throw Malformed(offset: start, problem: "field number 0") }
            switch key & 7 {
            case 0: fields.append(Field(number: number, value: .varint(try varint())))
            case 1: fields.append(Field(number: number, value: .fixed64(littleEndian(try take(8)))))
            case 2:
                let length = try varint()
                guard length <= UInt64(Int.max) else { throw Malformed(offset: offset, problem: "length \(length)") }
                fields.append(Field(number: number, value: .lengthDelimited(try take(Int(length)))))
            case 5: fields.append(Field(number: number, value: .fixed32(UInt32(littleEndian(try take(4))))))
            default: throw Malformed(offset: start, problem: "wire type \(key & 7) is not supported")
            }
        }
        self.fields = fields
    }

    /// Every value of field `number`, in order.
    package subscript(number: Int) -> [Value] { fields.filter { $0.number == number }.map(\.value) }

    /// Field `number`'s single nested message (the last one, as protobuf merges repeats).
    package func message(_ number: Int) throws -> ProtobufFields? {
        guard case .lengthDelimited(let raw)? = self[number].last else { return nil }
        return try ProtobufFields(raw)
    }

    /// Every nested message of repeated field `number`.
    package func messages(_ number: Int) throws -> [ProtobufFields] {
        try self[number].compactMap { if case .lengthDelimited(let raw) = $0 { try ProtobufFields(raw) } else { nil } }
    }

    package func string(_ number: Int) -> String? {
        guard case .lengthDelimited(let raw)? = self[number].last else { return nil }
        return String(decoding: raw, as: UTF8.self)
    }

    package func int(_ number: Int) -> Int64? {
        guard case .varint(let v)? = self[number].last else { return nil }
        return Int64(bitPattern: v)
    }

    /// Floats of a packed (or unpacked) `repeated float` field.
    package func floats(_ number: Int) -> [Float] {
        self[number].flatMap { value -> [Float] in
            switch value {
            case .fixed32(let bits): return [Float(bitPattern: bits)]
            case .lengthDelimited(let raw):
                var floats: [Float] = []
                for i in stride(from: 0, to: raw.count - 3, by: 4) {
                    var bits: UInt32 = 0
                    for b in 0..<4 { bits |= UInt32(raw[i + b]) << (8 * UInt32(b)) }
                    floats.append(Float(bitPattern: bits))
                }
                return floats
            default: return []
            }
        }
    }

    /// Integers of a packed (or unpacked) `repeated int64` field.
    package func ints(_ number: Int) throws -> [Int64] {
        try self[number].flatMap { value -> [Int64] in
            switch value {
            case .varint(let v): return [Int64(bitPattern: v)]
            case .lengthDelimited(let raw):
                var values: [Int64] = []
                var result: UInt64 = 0, shift: UInt64 = 0
                for (i, byte) in raw.enumerated() {
                    guard shift < 64 else { throw Malformed(offset: i, problem: "packed varint longer than 10 bytes") }
                    result |= UInt64(byte & 0x7F) << shift
                    if byte < 0x80 {
                        values.append(Int64(bitPattern: result))
                        result = 0
                        shift = 0
                    } else {
                        shift += 7
                    }
                }
                guard shift == 0 else { throw Malformed(offset: raw.count, problem: "packed varint runs past the end") }
                return values
            default: return []
            }
        }
    }
}
