import Foundation

/// The values of one point's text (the bytes between two commas), one at a time.
struct PointScanner {
    /// The trace's text; this point is `index..<end` of it.
    let bytes: UnsafePointer<UInt8>
    var index: Int
    let end: Int

    var isBlank: Bool { (index..<end).allSatisfy { Self.isSpace(bytes[$0]) } }

    /// The next value, nil at the end of the point.
    mutating func next() throws(InkMLProblem) -> InkMLTraceText.Value? {
        skipSpaces()
        guard index < end else { return nil }
        let start = index
        var order: InkMLTraceText.Order?
        switch bytes[index] {
        case UInt8(ascii: "!"): order = .explicit
        case UInt8(ascii: "'"): order = .firstDifference
        case UInt8(ascii: "\""): order = .secondDifference
        default: break
        }
        if order != nil {
            index += 1
            skipSpaces()
        }
        if index < end, Self.symbols.contains(bytes[index]), index + 1 == end || Self.endsValue(bytes[index + 1]) {
            index += 1
            return .init(order: order, number: nil, written: start..<index)
        }
        var isNegative = false
        if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            isNegative = bytes[index] == UInt8(ascii: "-")
            index += 1
            skipSpaces()
        }
        let digitsStart = index
        guard scanDigits(), index == end || Self.endsValue(bytes[index]),
              let magnitude = decimal(digitsStart..<index) ?? Double(text(digitsStart..<index)) else {
            throw InkMLProblem(Self.refusal(of: word(from: start)))
        }
        return .init(order: order, number: isNegative ? -magnitude : magnitude, written: start..<index)
    }

    /// Plain decimals of up to 15 digits without an exponent (nearly every value in ink), read
    /// without making a string: an integer below 2⁵³ divided by an exact power of ten is
    /// correctly rounded, so this is the value `Double(String)` gives. Nil for the others.
    private func decimal(_ digits: Range<Int>) -> Double? {
        var mantissa: Int64 = 0, count = 0, fraction = -1
        for index in digits {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                fraction = 0
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), count < 15 else { return nil }
            mantissa = mantissa * 10 + Int64(byte - UInt8(ascii: "0"))
            count += 1
            if fraction >= 0 { fraction += 1 }
        }
        return fraction > 0 ? Double(mantissa) / Self.powersOfTen[fraction] : Double(mantissa)
    }

    private static let powersOfTen: [Double] = (0...15).map { pow(10, Double($0)) }

    /// Digits, fraction, exponent; false when no digit was found.
    private mutating func scanDigits() -> Bool {
        var digits = skipDigits()
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            digits += skipDigits()
        }
        guard digits > 0 else { return false }
        if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
            let mark = index
            index += 1
            if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            if skipDigits() == 0 { index = mark }  // not an exponent: "e" is left to refuse
        }
        return true
    }

    private mutating func skipDigits() -> Int {
        let start = index
        while index < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    private mutating func skipSpaces() {
        while index < end, Self.isSpace(bytes[index]) { index += 1 }
    }

    /// The text from `start` to the next space or comma, for a message (at most 24 characters).
    private func word(from start: Int) -> String {
        var stop = start
        while stop < end, !Self.isSpace(bytes[stop]) { stop += 1 }
        let shown = text(start..<min(stop, start + 24))
        return stop > start + 24 ? shown + "…" : shown
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: bytes + range.lowerBound, count: range.count), as: UTF8.self)
    }

    private static func refusal(of word: String) -> String {
        let bare = word.lowercased().trimmingPrefix(while: { "+-!'\"".contains($0) })
        if ["nan", "inf", "infinity"].contains(String(bare)) { return "\"\(word)\" is not a finite number" }
        if bare.hasPrefix("#") { return "\"\(word)\" is a hexadecimal value, which this reader does not take" }
        return "\"\(word)\" is not a number"
    }

    /// What may follow a value directly: space, or the prefix or sign of the next value.
    private static func endsValue(_ byte: UInt8) -> Bool {
        isSpace(byte) || "!'\"-+".utf8.contains(byte)
    }

    private static let symbols: Set<UInt8> = Set("TF?*".utf8)

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
