/// Why an InkML file cannot be read: one error naming the file and the problem, meant to be
/// shown as it is ("drawing.inkml: trace 3 (id \"n2\"), point 5: \"1O\" is not a number").
public struct InkMLError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file, as the caller named it.
    public var source: String
    /// What is wrong, and where.
    public var problem: String

    public init(source: String, problem: String) {
        self.source = source
        self.problem = problem
    }

    public var description: String { "\(source): \(problem)" }
}

/// A problem found inside the reader, before it is known which file it is in.
struct InkMLProblem: Error {
    let words: String
    init(_ words: String) { self.words = words }
}
