/// The JSON of a safetensors header, parsed strictly (RFC 8259, no duplicate keys) and written
/// byte-for-byte reproducibly.
///
/// A hand-written parser rather than Foundation's: the header comes from untrusted files, and
/// the checks the format needs (duplicate keys, exact integers, a nesting limit) are not
/// something `JSONSerialization` reports.
indirect enum HeaderJSON {
    case object([Member])
    case array([HeaderJSON])
    case string(String)
    /// The literal text, so integers are checked exactly instead of through a `Double`.
    case number(String)
    case bool(Bool)
    case null

    struct Member {
        let key: String
        let value: HeaderJSON
    }

    enum ParseError: Error, Equatable {
        case syntax(String)
        case duplicateKey(String)
    }

    /// Parses one JSON value followed only by whitespace (safetensors pads with spaces).
    static func parse(_ bytes: [UInt8]) throws(ParseError) -> HeaderJSON {
        var parser = Parser(bytes: bytes)
        return try parser.parseDocument()
    }

    /// The value as a non-negative or negative integer, if it is written as one and fits `Int`.
    var integer: Int? {
        guard case let .number(text) = self, !text.contains(where: { ".eE".contains($0) }) else { return nil }
        return Int(text)
    }

    /// Compact JSON text of the value, as it would appear in an error message.
    var text: String {
        switch self {
        case let .object(members): "{" + members.map { Self.quoted($0.key) + ":" + $0.value.text }.joined(separator: ",") + "}"
        case let .array(items): "[" + items.map(\.text).joined(separator: ",") + "]"
        case let .string(string): Self.quoted(string)
        case let .number(text): text
        case let .bool(value): value ? "true" : "false"
        case .null: "null"
        }
    }

    /// `string` as a JSON string literal: only `"`, `\` and control characters are escaped,
    /// everything else stays raw UTF-8 (as serde_json and Python's safetensors write it).
    static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Whether `bytes` is well-formed UTF-8 (no overlong forms, surrogates or stray bytes).
    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}

/// A recursive-descent parser over UTF-8 bytes that were validated beforehand.
private struct Parser {
    let bytes: [UInt8]
    var index = 0
    var depth = 0
    /// Real headers nest three deep; the limit keeps hostile files from exhausting the stack.
    static let maxDepth = 32

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func parseDocument() throws(HeaderJSON.ParseError) -> HeaderJSON {
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected text after the JSON value") }
        return value
    }

    private func fail(_ message: String) -> HeaderJSON.ParseError {
        .syntax("\(message) at byte \(index) of the header")
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(HeaderJSON.ParseError) {
        skipWhitespace()
        guard current == byte else { throw fail("expected \(what)") }
        index += 1
    }

    private mutating func parseValue() throws(HeaderJSON.ParseError) -> HeaderJSON {
        skipWhitespace()
        switch current {
        case UInt8(ascii: "{"): return try nested { (p: inout Parser) throws(HeaderJSON.ParseError) in try p.parseObject() }
        case UInt8(ascii: "["): return try nested { (p: inout Parser) throws(HeaderJSON.ParseError) in try p.parseArray() }
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case let byte? where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
            return .number(try parseNumber())
        case nil: throw fail("unexpected end of the header")
        default: throw fail("unexpected character")
        }
    }

    private mutating func nested(
        _ body: (inout Parser) throws(HeaderJSON.ParseError) -> HeaderJSON
    ) throws(HeaderJSON.ParseError) -> HeaderJSON {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw fail("JSON nested more than \(Self.maxDepth) levels deep") }
        return try body(&self)
    }

    private mutating func parseObject() throws(HeaderJSON.ParseError) -> HeaderJSON {
        index += 1  // {
        var members: [HeaderJSON.Member] = []
        var seen: Set<String> = []
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw fail("expected a string key") }
            let key = try parseString()
            guard seen.insert(key).inserted else { throw .duplicateKey(key) }
            try expect(UInt8(ascii: ":"), "':'")
            members.append(.init(key: key, value: try parseValue()))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw fail("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws(HeaderJSON.ParseError) -> HeaderJSON {
        index += 1  // [
        var items: [HeaderJSON] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            items.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(items)
            default: throw fail("expected ',' or ']'")
            }
        }
    }

    private mutating func literal(_ word: String) throws(HeaderJSON.ParseError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw fail("unexpected character")
        }
        index += expected.count
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, returned as text.
    private mutating func parseNumber() throws(HeaderJSON.ParseError) -> String {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else {
            guard skipDigits() > 0 else { throw fail("invalid number") }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() > 0 else { throw fail("invalid number") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else { throw fail("invalid number") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipDigits() -> Int {
        let start = index
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index - start
    }

    private mutating func parseString() throws(HeaderJSON.ParseError) -> String {
        index += 1  // opening quote
        var out: [UInt8] = []
        while true {
            guard let byte = current else { throw fail("unterminated string") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let scalar = try parseEscape()
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            case 0..<0x20:
                index -= 1
                throw fail("control character inside a string")
            default:
                out.append(byte)
            }
        }
    }

    private mutating func parseEscape() throws(HeaderJSON.ParseError) -> Unicode.Scalar {
        guard let byte = current else { throw fail("unterminated string") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try parseHex4()
            if (0xD800..<0xDC00).contains(unit) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw fail("unpaired surrogate in \\u escape")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate in \\u escape") }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(unit) else { throw fail("unpaired surrogate in \\u escape") }
            return scalar
        default:
            throw fail("invalid escape")
        }
    }

    private mutating func parseHex4() throws(HeaderJSON.ParseError) -> UInt32 {
        guard bytes.count - index >= 4,
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
              bytes[index..<index + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        else { throw fail("invalid \\u escape") }
        index += 4
        return value
    }
}
