import Foundation
import Testing

/// `automata apply`: the editor's algorithms from the command line, from the core's catalogue.
@Suite("automata apply")
struct ApplyCLITests {
    static func fixture(_ name: String) -> String { JFLAPCLITests.fixture(name) }
    static func automata(_ arguments: [String], in scratch: ScratchFolder) throws -> RunResult {
        try AutomataCLITests.automata(arguments, in: scratch)
    }

    /// (a+b)*abb reversed: the words that start with bba.
    @Test func reverseWritesADocumentForTheWordsReadBackwards() throws {
        let scratch = try ScratchFolder()
        let result = try Self.automata(["apply", "reverse", Self.fixture("regex-ends-abb.jff"), "--out", "rev.automaton"], in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("reversed: "), "\(result.stdout)")
        #expect(result.stdout.hasSuffix(": wrote rev.automaton\n"))
        let run = try Self.automata(["run", "rev.automaton", "bba", "bbaab", "abb", "ba"], in: scratch)
        #expect(run.stdout == "bba  accepted\nbbaab  accepted\nabb  rejected\nba  rejected\n", "\(run.stdout)")
    }

    /// Union with --with, written as JFLAP; equivalence says where they differ.
    @Test func twoDocumentOperationsTakeWithAndJFLAPOutput() throws {
        let scratch = try ScratchFolder()
        let union = try Self.automata(["apply", "union", Self.fixture("regex-ends-abb.jff"), "--with", Self.fixture("even-ones.jff"),
                                       "--out", "either.jff"], in: scratch)
        #expect(union.status == 0, "\(union.stderr)")
        let run = try Self.automata(["run", "either.jff", "abb", "11", "1"], in: scratch)
        #expect(run.stdout == "abb  accepted\n11  accepted\n1  rejected\n", "\(run.stdout)")

        let differ = try Self.automata(["apply", "equivalence", Self.fixture("regex-ends-abb.jff"), "--with", Self.fixture("ends-with-ab-lambda.jff"),
                                        "--out", "diff.automaton"], in: scratch)
        #expect(differ.stdout.hasPrefix("not equivalent: they differ on ε: \(Self.fixture("ends-with-ab-lambda.jff")) accepts it"), "\(differ.stdout)")
    }

    @Test(arguments: [
        (["apply", "sort", "IN", "--out", "x.automaton"], "error: \"sort\" is not an operation; use one of determinise, minimise, complement, reverse, union, intersection, equivalence"),
        (["apply", "intersection", "IN", "--out", "x.automaton"], "error: intersection needs --with: a second document"),
        (["apply", "determinize", "missing.jff", "--out", "x.automaton"], "missing.jff"),
    ])
    func badInputIsOneLineAndWritesNothing(arguments: [String], says expected: String) throws {
        let scratch = try ScratchFolder()
        let result = try Self.automata(arguments.map { $0 == "IN" ? Self.fixture("even-ones.jff") : $0 }, in: scratch)
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("x.automaton").path))
    }
}
