import EditorBenchmarks
import ArgumentParser
import AutomataEditorCore
import CommandLineSupport
import Foundation

struct BenchGradeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grade",
        abstract: "Measure grading: a class of JFLAP submissions graded, beside starting a JVM once per file.",
        discussion: """
            Writes --count random JFLAP submissions (DFAs of 2–7 states over {0, 1}, one in four \
            right, one in twenty broken) and a reference into a temporary folder, then times \
            grading them all as `automata grade` does (read, import, check equivalence, count \
            states and minimality, and for the wrong ones the words wrong each way, the share of \
            words up to length 8 right and a repair hint). Beside it, in the same run, the time to start a JVM (`java \
            -version`, the mean of --jvm-runs starts) times the number of files: what an \
            autograder that runs JFLAP's jar once per submission pays before it reads one.
            """)

    @Option(help: "How many submissions.") var count = 1000
    @Option(help: "Random seed: the same seed makes the same class.") var seed: UInt64 = 1
    @Option(help: "JVM starts to average (0: skip).") var jvmRuns = 10
    @Option(help: "Write the class into this folder and keep it (to time `automata grade` on it).") var keep: String?

    func validate() throws {
        guard count >= 1 else { throw ValidationError("--count must be at least 1") }
        guard jvmRuns >= 0 else { throw ValidationError("--jvm-runs must not be negative") }
    }

    func run() throws {
        try Console.failing {
            let folder = keep.map { URL(fileURLWithPath: $0) }
                ?? FileManager.default.temporaryDirectory.appendingPathComponent("bench-grade-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { if keep == nil { try? FileManager.default.removeItem(at: folder) } }
            let (reference, submissions) = try GradingBenchmark.makeSubmissions(count: count, seed: seed, in: folder)

            let start = Date()
            let grader = Grader(reference: try Grader.readReference(from: reference))
            let grades = submissions.map(grader.grade)
            let seconds = Date().timeIntervalSince(start)

            let right = grades.filter(\.isCorrect).count
            let errors = grades.filter(\.isUnreadable).count
            let hinted = grades.filter { $0.feedback?.hint != nil }.count
            Console.out("\(count) submissions graded in \(String(format: "%.3f", seconds)) s "
                + "(\(String(format: "%.0f", seconds / Double(count) * 1e6)) µs each): \(right) right, \(errors) unreadable, "
                + "\(hinted) of the wrong ones with a repair hint")
            guard jvmRuns > 0, let jvm = GradingBenchmark.jvmStartSeconds(runs: jvmRuns) else {
                return Console.out("JVM start: not measured (\(jvmRuns == 0 ? "--jvm-runs 0" : "no java on the PATH"))")
            }
            let jvmTotal = jvm * Double(count)
            Console.out("JVM start once per file: \(String(format: "%.1f", jvm * 1000)) ms each (mean of \(jvmRuns)), "
                + "\(String(format: "%.1f", jvmTotal)) s for \(count) files")
            Console.out("grading is \(String(format: "%.0f", jvmTotal / seconds))× faster than the JVM starts alone")
        }
    }
}
