import Foundation

/// Grades as CSV (RFC 4180), one row per submission, for a spreadsheet or a course's tools.
public enum GradeCSV {
    public static let header = ["file", "verdict", "counterexample", "accepted_by", "passed", "total",
                                "states", "minimal_states", "minimal", "error",
                                "accepted_wrongly", "rejected_wrongly", "share_right", "hint"]

    public static func render(_ grades: [SubmissionGrade]) -> String {
        ([header] + grades.map(row)).map { $0.map(field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    static func row(_ grade: SubmissionGrade) -> [String] {
        var verdict = "", counterexample = "", acceptedBy = "", passed = "", total = "", error = ""
        switch grade.verdict {
        case .equivalent:
            verdict = "equivalent"
        case .differs(let word, let submissionAccepts):
            verdict = "differs"
            counterexample = word.description
            acceptedBy = submissionAccepts ? "submission" : "reference"
        case .score(let right, let all, _):
            verdict = right == all ? "passed" : "failed"
            passed = "\(right)"
            total = "\(all)"
        case .unreadable(let message):
            verdict = "error"
            error = message
        }
        return [grade.file, verdict, counterexample, acceptedBy, passed, total,
                grade.states.map(String.init) ?? "", grade.minimalStates.map(String.init) ?? "",
                grade.isMinimal.map { $0 ? "yes" : "no" } ?? "", error,
                grade.feedback?.wronglyAccepted?.description ?? "", grade.feedback?.wronglyRejected?.description ?? "",
                grade.feedback.map { String(format: "%.4f", $0.share) } ?? "", grade.feedback?.hint?.description ?? ""]
    }

    /// A field quoted when it holds a comma, a quote or a line break.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
