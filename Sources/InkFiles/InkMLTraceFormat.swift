/// Where X and Y are among a trace's values: the channels of the file's `<traceFormat>`.
///
/// One format serves every trace: the first `<traceFormat>` in the file, wherever it is (at the
/// top, or in `<definitions>`, `<context>`, `<inkSource>`); without one, InkML's default, X then
/// Y. Other channels (time, pressure, tilt…) are read past and ignored.
struct InkMLTraceFormat: Equatable {
    var channelNames: [String]
    var x: Int
    var y: Int

    static let standard = InkMLTraceFormat(channelNames: ["X", "Y"], x: 0, y: 1)

    /// The values a point needs to hold X and Y.
    var valuesNeeded: Int { max(x, y) + 1 }

    init(channelNames: [String], x: Int, y: Int) {
        self.channelNames = channelNames
        self.x = x
        self.y = y
    }

    /// The format of the document whose root is `ink`.
    init(of ink: InkMLNode) throws(InkMLProblem) {
        guard let format = Self.firstFormat(in: ink) else {
            self = .standard
            return
        }
        let names = Self.channels(in: format).map { $0.attributes["name"] ?? "" }
        guard !names.isEmpty else { throw InkMLProblem("the <traceFormat> lists no channels (a trace needs X and Y)") }
        let listed = names.map { $0.isEmpty ? "(unnamed)" : $0 }.prefix(12).joined(separator: ", ")
        guard let x = names.firstIndex(of: "X"), let y = names.firstIndex(of: "Y") else {
            let missing = names.contains("X") ? "Y" : "X"
            throw InkMLProblem("the <traceFormat> has no \(missing) channel (its channels: \(listed)); a trace needs X and Y")
        }
        self.init(channelNames: names, x: x, y: y)
    }

    /// The first traceFormat in document order, outside annotations.
    private static func firstFormat(in node: InkMLNode) -> InkMLNode? {
        for child in node.children where child.isInkML && !InkMLReader.isAnnotation(child) {
            if child.localName == "traceFormat" { return child }
            if let found = firstFormat(in: child) { return found }
        }
        return nil
    }

    /// Its channels in order, also inside `<regularChannels>` and `<intermittentChannels>` (an
    /// older draft's wrappers); intermittent ones come last, as they do in a point.
    private static func channels(in node: InkMLNode) -> [InkMLNode] {
        node.children.filter(\.isInkML).flatMap { $0.localName == "channel" ? [$0] : channels(in: $0) }
    }
}
