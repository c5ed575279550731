import StrokeModel

/// A trace's text as points: `x y, x y, …`, one value per channel of the trace format in each
/// comma-separated point, X and Y kept and the other channels read past.
///
/// InkML's encodings are read too: a value may be prefixed `!` (explicit), `'` (first
/// difference: added to the channel's last value) or `"` (second difference: added to its last
/// difference); a prefix holds for its channel until another is given. Values may run together
/// where a prefix or sign starts the next (`'23'43`, `3-5`). Hexadecimal values (`#1F`) are
/// refused. Other channels may hold `T`, `F`, `?` or `*`; X and Y must be finite numbers.
struct InkMLTraceText {
    let format: InkMLTraceFormat

    /// The points of one trace, or a problem placed as "point M: …" (counting from 1).
    func points(of text: String) throws(InkMLProblem) -> [StrokePoint] {
        var text = text
        // Scanned through a pointer: a trace is most of a file, and array slices cost several
        // times more in the unoptimised builds the tests run.
        return try text.withUTF8 { buffer in
            Result { () throws(InkMLProblem) in try points(in: buffer) }
        }.get()
    }

    private func points(in buffer: UnsafeBufferPointer<UInt8>) throws(InkMLProblem) -> [StrokePoint] {
        guard let bytes = buffer.baseAddress else { throw InkMLProblem("point 1 is empty") }
        var x = Channel(), y = Channel()
        var points: [StrokePoint] = []
        var start = 0
        var number = 0
        while start <= buffer.count {
            var end = start
            while end < buffer.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
            number += 1
            let isLast = end == buffer.count
            var scanner = PointScanner(bytes: bytes, index: start, end: end)
            if scanner.isBlank {
                // A trailing comma leaves a blank last point: no point, nothing lost.
                guard isLast, number > 1 else { throw InkMLProblem("point \(number) is empty") }
                break
            }
            var point = StrokePoint(x: 0, y: 0)
            var count = 0  // the values read so far, and so the channel of the next
            do throws(InkMLProblem) {
                while let value = try scanner.next() {
                    if count == format.x { point.x = try x.take(value, named: "X", written: scanner.text(value.written)) }
                    if count == format.y { point.y = try y.take(value, named: "Y", written: scanner.text(value.written)) }
                    count += 1
                }
            } catch {
                throw InkMLProblem("point \(number), \(channelName(count)): \(error.words)")
            }
            guard count >= format.valuesNeeded else {
                throw InkMLProblem("point \(number) has \(count) value\(count == 1 ? "" : "s"); X and Y need \(format.valuesNeeded)")
            }
            points.append(point)
            start = end + 1
        }
        return points
    }

    private func channelName(_ index: Int) -> String {
        index < format.channelNames.count && !format.channelNames[index].isEmpty
            ? "channel \(format.channelNames[index])" : "value \(index + 1)"
    }

    /// How a value relates to the channel's earlier ones.
    enum Order { case explicit, firstDifference, secondDifference }

    /// One value: its prefix if any, its number (nil for T, F, ? and *), where it is written.
    struct Value {
        var order: Order?
        var number: Double?
        var written: Range<Int>
    }

    /// A channel's state along the trace: the prefix in force, the last value and difference.
    struct Channel {
        var order = Order.explicit
        var last: Double?
        var difference: Double?

        /// The channel's value for `value`; `written` (its text) only for messages.
        mutating func take(_ value: Value, named name: String, written: @autoclosure () -> String) throws(InkMLProblem) -> Double {
            guard let number = value.number else { throw InkMLProblem("\"\(written())\" is not a number") }
            if let order = value.order { self.order = order }
            let result: Double
            switch order {
            case .explicit:
                result = number
            case .firstDifference:
                guard let last else { throw InkMLProblem("a first difference (') with no value before it") }
                result = last + number
            case .secondDifference:
                guard let last, let difference else {
                    throw InkMLProblem("a second difference (\") with fewer than two values before it")
                }
                result = last + difference + number
            }
            guard result.isFinite else {
                throw InkMLProblem(order == .explicit ? "\(written()) is not a finite number"
                                   : "\(written()) makes \(name) overflow, not a finite number")
            }
            if let last { difference = result - last }
            last = result
            return result
        }
    }
}
