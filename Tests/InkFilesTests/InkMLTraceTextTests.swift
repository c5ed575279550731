import Foundation
import InkFiles
import StrokeModel
import Testing

/// Trace text: plain points, other channels, InkML's difference encodings, refusals.
@Suite struct InkMLTraceTextTests {
    static func read(_ inside: String) throws(InkMLError) -> InkMLDocument {
        try InkMLDocument.read(from: Data("<ink xmlns=\"http://www.w3.org/2003/InkML\">\(inside)</ink>".utf8), source: "t.inkml")
    }

    static func points(_ trace: String, format: String = "") throws -> [StrokePoint] {
        try #require(try read(format + "<trace>\(trace)</trace>").traces.first).points
    }

    static func problem(_ inside: String) -> String? {
        do {
            _ = try read(inside)
            return nil
        } catch {
            #expect(error.source == "t.inkml")
            return error.problem
        }
    }

    @Test func plainPairsAreXThenY() throws {
        let points = try Self.points(" 10 20, 11.5 -3.25 ,\n.5 7e2 ")
        #expect(points == [StrokePoint(x: 10, y: 20), StrokePoint(x: 11.5, y: -3.25), StrokePoint(x: 0.5, y: 700)])
    }
}

extension InkMLTraceTextTests {
    /// Other channels are read past, wherever X and Y are; a declared channel a point leaves
    /// out at its end (writer1_1's F) does not matter, and neither does an extra value.
    @Test func otherChannelsAreReadPast() throws {
        let format = "<traceFormat><channel name=\"T\"/><channel name=\"Y\"/><channel name=\"X\"/><channel name=\"P\"/></traceFormat>"
        #expect(try Self.points("0 5 6 T, 10 7 8 ?, 20 9 10", format: format)
                == [StrokePoint(x: 6, y: 5), StrokePoint(x: 8, y: 7), StrokePoint(x: 10, y: 9)])
        #expect(try Self.points("1 2 3 4, 5 6") == [StrokePoint(x: 1, y: 2), StrokePoint(x: 5, y: 6)])
        // The older draft's wrappers.
        let wrapped = "<traceFormat><regularChannels><channel name=\"X\"/><channel name=\"Y\"/></regularChannels>"
            + "<intermittentChannels><channel name=\"S\"/></intermittentChannels></traceFormat>"
        #expect(try Self.points("1 2 F, 3 4", format: wrapped) == [StrokePoint(x: 1, y: 2), StrokePoint(x: 3, y: 4)])
    }

    /// Points written with every encoding, made here from the points themselves, read back as
    /// those points.
    @Test func differencesAreUndoneChannelByChannel() throws {
        let xs: [Double] = [3, 7, 12, 20, 19, 15, 4, -6, -6.5, 2]
        let ys: [Double] = [100, 90, 85, 83, 84, 90, 101, 110, 112, 113]
        // Point 0 explicit, 1–2 first differences, 3–6 second differences (prefix on 3 only),
        // 7 explicit again, 8–9 first differences written compactly.
        func encoded(_ values: [Double], _ i: Int) -> String {
            switch i {
            case 0, 7: return (i == 7 ? "!" : "") + "\(values[i])"
            case 1, 2, 8, 9: return "'\(values[i] - values[i - 1])"
            default:
                let second = (values[i] - values[i - 1]) - (values[i - 1] - values[i - 2])
                return (i == 3 ? "\"" : "") + "\(second)"
            }
        }
        let text = xs.indices.map { i in
            i >= 8 ? encoded(xs, i) + encoded(ys, i) : encoded(xs, i) + " " + encoded(ys, i)
        }.joined(separator: ", ")
        let points = try Self.points(text)
        #expect(points.count == xs.count, "\(text)")
        for (index, point) in points.enumerated() {
            #expect(abs(point.x - xs[index]) < 1e-9 && abs(point.y - ys[index]) < 1e-9, "point \(index + 1) of \(text)")
        }
    }

    /// Every double written as Swift writes it (up to 17 digits, exponents) reads back as
    /// that double, exactly: the short decimals taken without a string, the rest by `Double`.
    @Test func writtenDoublesReadBackExactly() throws {
        var generator = SplitMix(seed: 7)
        let values: [Double] = (0..<4000).map { index in
            let unit = Double(generator.next() >> 11) / Double(1 << 53)
            switch index % 4 {
            case 0: return (unit - 0.5) * 4000
            case 1: return ((unit - 0.5) * 400_000).rounded() / 100
            case 2: return (unit - 0.5) * 1e-9
            default: return (unit - 0.5) * 1e300
            }
        }
        let text = stride(from: 0, to: values.count, by: 2).map { "\(values[$0]) \(values[$0 + 1])" }.joined(separator: ", ")
        let points = try Self.points(text)
        #expect(points.flatMap { [$0.x, $0.y] } == values)
    }

    @Test func aTrailingCommaIsNoPoint() throws {
        #expect(try Self.points("1 2, 3 4,\n") == [StrokePoint(x: 1, y: 2), StrokePoint(x: 3, y: 4)])
    }

    @Test(arguments: [
        ("1 2, 3", "trace 1, point 2 has 1 value; X and Y need 2"),
        ("1 2,, 3 4", "trace 1, point 2 is empty"),
        (",1 2", "trace 1, point 1 is empty"),
        ("  \n ", "trace 1 has no points"),
        ("1 2, 3 inf", "trace 1, point 2, channel Y: \"inf\" is not a finite number"),
        ("1 2, -Infinity 4", "trace 1, point 2, channel X: \"-Infinity\" is not a finite number"),
        ("1 2, #1F 4", "trace 1, point 2, channel X: \"#1F\" is a hexadecimal value, which this reader does not take"),
        ("'1 2", "trace 1, point 1, channel X: a first difference (') with no value before it"),
        ("1 2, \"1 2", "trace 1, point 2, channel X: a second difference (\") with fewer than two values before it"),
        ("1e308 2, '1e308 2", "trace 1, point 2, channel X: '1e308 makes X overflow, not a finite number"),
        ("1 T", "trace 1, point 1, channel Y: \"T\" is not a number"),
        ("1.2.3 4", "trace 1, point 1, channel X: \"1.2.3\" is not a number"),
        ("0x10 4", "trace 1, point 1, channel X: \"0x10\" is not a number"),
        ("1 2e", "trace 1, point 1, channel Y: \"2e\" is not a number"),
    ])
    func aBadTraceSaysWhereAndWhy(trace: String, problem: String) {
        #expect(Self.problem("<trace>\(trace)</trace>") == problem)
    }

    @Test func theFormatMustNameXAndY() {
        #expect(Self.problem("<traceFormat><channel name=\"X\"/></traceFormat><trace>1</trace>")
                == "the <traceFormat> has no Y channel (its channels: X); a trace needs X and Y")
        #expect(Self.problem("<traceFormat/><trace>1 2</trace>") == "the <traceFormat> lists no channels (a trace needs X and Y)")
    }
}

/// A small seeded generator, so the values are the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
