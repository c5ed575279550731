import Foundation
import Testing

/// `automata from-regex` and `automata regex`: an expression to an automaton and back.
@Suite struct RegexCLITests {
    @Test func anExpressionBecomesAnAutomatonAndComesBack() throws {
        let scratch = try ScratchFolder()
        let made = try AutomataCLITests.automata(["from-regex", "(ab)*|c", "--out", "ab.automaton"], in: scratch)
        #expect(made.status == 0 && made.stdout == "(ab)*+c: ε-NFA of 9 states: wrote ab.automaton\n", "\(made.stdout)\(made.stderr)")
        let run = try AutomataCLITests.automata(["run", "ab.automaton", "abab", "c", "a"], in: scratch)
        #expect(run.stdout.hasPrefix("abab  accepted\nc  accepted\na  rejected"), "\(run.stdout)")
        let back = try AutomataCLITests.automata(["regex", "ab.automaton"], in: scratch)
        #expect(back.status == 0 && back.stdout == "c+(ab)*\n", "\(back.stdout)\(back.stderr)")

        let minimal = try AutomataCLITests.automata(["from-regex", "(a+b)*abb", "--minimal", "--out", "abb.jff"], in: scratch)
        #expect(minimal.status == 0 && minimal.stdout == "(a+b)*abb: minimal DFA of 4 states: wrote abb.jff\n", "\(minimal.stdout)\(minimal.stderr)")
        let fromJFLAP = try AutomataCLITests.automata(["regex", "abb.jff"], in: scratch)
        #expect(fromJFLAP.status == 0 && fromJFLAP.stdout.hasSuffix("bb\n"), "\(fromJFLAP.stdout)")
    }

    @Test func aMalformedExpressionIsOneLineAndWritesNothing() throws {
        let scratch = try ScratchFolder()
        let refused = try AutomataCLITests.automata(["from-regex", "(a+", "--out", "x.automaton"], in: scratch)
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: \"(a+\" is a malformed regular expression: an operand is missing at the end\n", "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("x.automaton").path))
    }
}
