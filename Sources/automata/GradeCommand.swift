import ArgumentParser
import AutomataEditorCore
import CommandLineSupport
import Foundation
import StrokeModel

struct GradeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grade",
        abstract: "Grade submitted automata against a reference automaton or a test set.",
        discussion: """
            REF is an automaton (.automaton or .jff: each submission is checked for equivalence, \
            with the shortest word they differ on) or a test set (any other file: each \
            submission's share of words right, words run as `automata run` runs them). One row per \
            submission: the verdict (with the reason a word was rejected, if any), its state \
            count and whether it is a minimal DFA, or why its file cannot be read; never a crash. \
            Against a reference automaton a wrong submission also gets feedback that teaches: the \
            shortest word it accepts but should not and the shortest it rejects but should accept, \
            the share of all words up to --up-to symbols it classifies right, and one repair hint \
            when a single change (a state's accepting mark, one transition's target, one missing \
            transition) makes it right; nothing of the reference is shown. \
            --csv writes the rows as CSV too (atomically). Exit status 0 when every submission was \
            graded (right or wrong); 1 when the reference cannot be read.
            """)

    @Option(help: "The reference: an automaton or a test set.") var reference: String
    @Argument(help: "The submissions (.jff or .automaton).") var submissions: [String]
    @Option(help: "Write the grades as CSV here.") var csv: String?
    @Flag(help: "Print only the summary line.") var quiet = false
    @Option(name: .customLong("up-to"), help: "Partial credit: the share of all words up to this length classified right.") var upTo = 8

    func validate() throws {
        guard !submissions.isEmpty else { throw ValidationError("give at least one submission") }
        guard (0...64).contains(upTo) else { throw ValidationError("--up-to must be 0 to 64") }
    }

    func run() throws {
        try Console.failing {
            let grader = Grader(reference: try Grader.readReference(from: URL(fileURLWithPath: reference)), upTo: upTo)
            let grades = submissions.map { grader.grade(URL(fileURLWithPath: $0)) }
            if !quiet {
                let width = min(grades.map(\.file.count).max() ?? 0, 48)
                for grade in grades {
                    let file = grade.file + String(repeating: " ", count: max(0, width - grade.file.count))
                    Console.out([file, grade.verdictText, grade.sizeText].filter { !$0.isEmpty }.joined(separator: "  "))
                    // What teaches: the words wrong each way, the share right, one repair hint.
                    if let feedback = grade.feedback, !grade.isCorrect { Console.out("    " + feedback.text) }
                }
            }
            let right = grades.filter(\.isCorrect).count
            let errors = grades.filter(\.isUnreadable).count
            Console.out("\(right) of \(grades.count) right, \(errors) could not be graded")
            if let csv {
                do {
                    try AtomicFile.write(GradeCSV.render(grades), to: URL(fileURLWithPath: csv))
                } catch {
                    throw UsageError("cannot write \(csv): \(error.localizedDescription)")
                }
                Console.info("wrote \(csv)")
            }
        }
    }
}
