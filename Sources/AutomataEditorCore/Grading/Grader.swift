import Foundation

/// Grades submitted automata against a reference: an automaton (equivalence, with the
/// shortest word they differ on) or a test set (the share of words right). Every submission
/// gets a row, whatever is wrong with its file.
public struct Grader: Sendable {
    public enum Reference: Sendable {
        case automaton(Automaton)
        case tests(WordTestSet)
    }

    public let reference: Reference
    /// Partial credit counts the words up to this length (against a reference automaton).
    public let upTo: Int

    public init(reference: Reference, upTo: Int = 8) {
        self.reference = reference
        self.upTo = upTo
    }

    /// Reads the reference: a document (`.automaton`, `.jff`) by its extension, anything else
    /// as a test set.
    /// - Throws: the reader's error, naming the file and the problem.
    public static func readReference(from url: URL) throws -> Reference {
        if DocumentReader.isJFLAP(url) || url.pathExtension.lowercased() == AutomatonFile.fileExtension {
            return .automaton(try DocumentReader.read(from: url).document.automaton)
        }
        return .tests(try WordTestSet.read(from: url))
    }

    /// The grade of one submission file.
    public func grade(_ url: URL) -> SubmissionGrade {
        let automaton: Automaton
        do {
            automaton = try DocumentReader.read(from: url).document.automaton
        } catch {
            // The row names the file already: the error is said without its path.
            return SubmissionGrade(file: url.path, verdict: .unreadable((error as? any FileProblem)?.explanation ?? "\(error)"))
        }
        return grade(automaton, file: url.path)
    }

    /// The grade of an automaton already read.
    public func grade(_ automaton: Automaton, file: String) -> SubmissionGrade {
        guard automaton.determinizedStateCount(upTo: AutomatonOperation.stateBudget) != nil else {
            return SubmissionGrade(file: file, verdict: .unreadable("too large to grade: it would determinise to more than \(AutomatonOperation.stateBudget) states"))
        }
        var grade = SubmissionGrade(file: file, verdict: .equivalent)
        grade.states = automaton.stateCount
        let partial = automaton.minimized(droppingDeadState: true).stateCount
        let complete = automaton.minimized().stateCount
        grade.minimalStates = partial
        grade.isMinimal = automaton.isDeterministic && (automaton.stateCount == partial || automaton.stateCount == complete)
        switch reference {
        case .automaton(let expected):
            do {
                let comparison = try LanguageComparison(automaton, expected)
                if let word = comparison.distinguishingWord {
                    grade.verdict = .differs(word: word, submissionAccepts: comparison.firstAccepts)
                    grade.rejection = automaton.run(word).reason
                }
                grade.feedback = Feedback(for: automaton, against: expected, upTo: upTo)
            } catch {
                grade.verdict = .unreadable("the reference is too large to compare: \(error.problem)")
            }
        case .tests(let tests):
            let report = WordTestReport(automaton, on: tests)
            let failure = report.results.first { !$0.passed }
            grade.verdict = .score(passed: report.passedCount, total: report.results.count, firstFailure: failure)
            grade.rejection = failure?.reason
        }
        return grade
    }
}

/// One submission's row.
public struct SubmissionGrade: Sendable {
    public enum Verdict: Sendable {
        case equivalent
        /// The shortest word on which it and the reference differ, and which accepts it.
        case differs(word: Word, submissionAccepts: Bool)
        /// Words right out of all; the first word it got wrong, if any.
        case score(passed: Int, total: Int, firstFailure: WordTestReport.Result?)
        /// The file could not be read or graded (why).
        case unreadable(String)
    }

    public var file: String
    public var verdict: Verdict
    /// The submission's states, the states of the minimal (partial) DFA for its language, and
    /// whether it is a DFA with no more states than needed (a complete DFA with its dead
    /// state counts as minimal too). Nil when it could not be read.
    public var states: Int?
    public var minimalStates: Int?
    public var isMinimal: Bool?
    /// Why the submission rejects the word its verdict names, when it does so before its
    /// transitions could decide (no initial state, a symbol no transition reads).
    public var rejection: RejectionReason?
    /// Against a reference automaton: the words it gets wrong each way, its share of short
    /// words right, and a repair hint when one change makes it right.
    public var feedback: Feedback?

    public init(file: String, verdict: Verdict) {
        self.file = file
        self.verdict = verdict
    }

    /// Whether its file could not be read or graded.
    public var isUnreadable: Bool {
        if case .unreadable = verdict { true } else { false }
    }

    /// Whether the submission is right: equivalent, or every word passed.
    public var isCorrect: Bool {
        switch verdict {
        case .equivalent: true
        case .score(let passed, let total, _): passed == total
        case .differs, .unreadable: false
        }
    }

    /// The verdict in words: `equivalent`, `differs on ab (the submission accepts it, the
    /// reference does not)`, `9/10 words (wrong on 0110: expected accept)`, `error: …`; a
    /// rejection's reason follows (`…, rejected: no transition reads 4`).
    public var verdictText: String {
        switch verdict {
        case .equivalent:
            return "equivalent"
        case .differs(let word, let submissionAccepts):
            let (accepting, rejecting) = submissionAccepts ? ("the submission", "the reference") : ("the reference", "the submission")
            return "differs on \(word) (\(accepting) accepts it, \(rejecting) does not\(rejection.map { ": \($0)" } ?? ""))"
        case .score(let passed, let total, let failure):
            let wrong = failure.map { " (wrong on \($0.testCase.word): expected \($0.testCase.expectsAcceptance ? "accept" : "reject")\(rejection.map { ", rejected: \($0)" } ?? ""))" } ?? ""
            return "\(passed)/\(total) words\(wrong)"
        case .unreadable(let message):
            return "error: \(message)"
        }
    }

    /// `3 states, minimal` or `5 states (minimal DFA: 3)`; empty when unread.
    public var sizeText: String {
        guard let states, let minimalStates, let isMinimal else { return "" }
        let count = "\(states) state\(states == 1 ? "" : "s")"
        return isMinimal ? "\(count), minimal" : "\(count) (minimal DFA: \(minimalStates))"
    }
}
