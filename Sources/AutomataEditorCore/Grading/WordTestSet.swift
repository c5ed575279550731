import Foundation

/// Words with the verdict expected of each: a plain text file, one word per line,
///
///     # words with an even number of 1s
///     0110 accept
///     0    accept
///     1    reject
///     ε    accept
///
/// A word is typed as for `automata run` (`ab,c` for symbols of several characters); `ε`
/// or `λ` is the empty word. `#` starts a comment (at the start of a line or after a space);
/// blank lines are skipped.
public struct WordTestSet: Sendable, Equatable {
    public struct Case: Sendable, Equatable {
        /// The line it is on, from 1.
        public var line: Int
        public var word: Word
        public var expectsAcceptance: Bool
    }

    public var cases: [Case]

    /// The most lines read: a test set is typed by a person.
    public static let lineLimit = 100_000

    public init(cases: [Case]) { self.cases = cases }

    /// Parses a test set's text; `source` names it in errors (a path, "the body").
    /// - Throws: `WordTestSetError` naming the source, the line and the problem.
    public init(parsing text: String, source: String) throws(WordTestSetError) {
        var cases: [Case] = []
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            guard number <= Self.lineLimit else { throw WordTestSetError(source: source, line: number, problem: "more than \(Self.lineLimit) lines") }
            let fields = Self.withoutComment(rawLine).split(whereSeparator: \.isWhitespace).map(String.init)
            if fields.isEmpty { continue }
            guard fields.count == 2 else {
                let shown = rawLine.trimmingCharacters(in: .whitespaces).prefix(60)
                throw WordTestSetError(source: source, line: number,
                                       problem: "\"\(shown)\" is not a word and a verdict (e.g. \"0110 accept\", \"ε reject\")")
            }
            guard let verdict = Self.verdicts[fields[1].lowercased()] else {
                throw WordTestSetError(source: source, line: number, problem: "the verdict \"\(fields[1].prefix(30))\" is neither accept nor reject")
            }
            let word = ["ε", "λ"].contains(fields[0]) ? Word.empty : Word(typed: fields[0])
            cases.append(Case(line: number, word: word, expectsAcceptance: verdict))
        }
        guard !cases.isEmpty else { throw WordTestSetError(source: source, line: nil, problem: "no words to test") }
        self.cases = cases
    }

    /// Reads a test set file.
    public static func read(from url: URL) throws(WordTestSetError) -> WordTestSet {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw WordTestSetError(source: url.relativePath, line: nil, problem: "cannot be read: \(error.localizedDescription)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw WordTestSetError(source: url.relativePath, line: nil, problem: "not UTF-8 text")
        }
        return try WordTestSet(parsing: text, source: url.relativePath)
    }

    private static let verdicts = ["accept": true, "accepted": true, "reject": false, "rejected": false]

    /// The line up to a `#` at its start or after a space.
    private static func withoutComment(_ line: Substring) -> Substring {
        var previous: Character = " "
        for index in line.indices {
            if line[index] == "#" && previous.isWhitespace { return line[..<index] }
            previous = line[index]
        }
        return line
    }
}

/// Why a test set could not be read: the source, the line, the problem.
public struct WordTestSetError: Error, CustomStringConvertible, LocalizedError, Sendable, Equatable {
    public var source: String
    public var line: Int?
    public var problem: String

    public var description: String { "\(source)\(line.map { ", line \($0)" } ?? ""): \(problem)" }
    public var errorDescription: String? { description }
}

/// How an automaton does on a test set.
public struct WordTestReport: Sendable {
    public struct Result: Sendable {
        public var testCase: WordTestSet.Case
        public var accepted: Bool
        /// Why the word was rejected before the transitions could decide, if it was.
        public var reason: RejectionReason?
        public var passed: Bool { accepted == testCase.expectsAcceptance }

        /// `accepted`, `rejected` or `rejected: no transition reads 4`.
        public var verdictText: String { RejectionReason.verdictText(accepted: accepted, reason: reason) }
    }

    public var results: [Result]
    public var passedCount: Int { results.filter(\.passed).count }
    public var allPassed: Bool { results.allSatisfy(\.passed) }

    /// Runs every word. A word with a symbol no transition reads, or any word when there is
    /// no initial state, is rejected, as JFLAP rejects it, with the reason.
    public init(_ automaton: Automaton, on tests: WordTestSet) {
        results = tests.cases.map { testCase in
            let outcome = automaton.run(testCase.word)
            return Result(testCase: testCase, accepted: outcome.accepted, reason: outcome.reason)
        }
    }

    /// `9 of 10 words passed`.
    public var summary: String {
        "\(passedCount) of \(results.count) word\(results.count == 1 ? "" : "s") passed"
    }
}
