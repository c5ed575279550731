import Foundation
import InkFiles
import Testing

/// Where the InkML test files are: the hand-made ones in Tests/Fixtures/inkml, and the FC_A
/// flowcharts in the shared datasets folder beside the repository (absent on some machines;
/// never copied into the repository, whose terms forbid it).
enum InkMLFixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let folder = packageRoot.appendingPathComponent("Tests/Fixtures/inkml")
    static let flowcharts = packageRoot.appendingPathComponent("../shared/datasets/fc-a-flowcharts/inkml").standardizedFileURL
    static let flowchartsExist = FileManager.default.fileExists(atPath: flowcharts.path)
    static let needsFlowcharts = "needs ../shared/datasets/fc-a-flowcharts (the FC_A InkML flowcharts)"

    static func fixture(_ name: String) -> URL { folder.appendingPathComponent(name) }

    static func flowchart(_ name: String) -> URL { flowcharts.appendingPathComponent(name) }

    static func allFlowcharts() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: flowcharts, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "inkml" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The problem `read` reports for a fixture, or nil when it reads.
    static func problem(_ name: String) -> String? {
        do {
            _ = try InkMLDocument.read(contentsOf: fixture(name))
            return nil
        } catch {
            return error.problem
        }
    }
}

/// What a file's text says, found with plain string searches rather than an XML parser: an
/// independent account to check the reader against.
struct InkMLText {
    let text: String

    init(_ url: URL) throws { text = try String(contentsOf: url, encoding: .utf8) }
    init(text: String) { self.text = text }

    /// The `<trace>` start tags (with or without a prefix), not `<traceGroup>`, `<traceView>`…
    var traceTagCount: Int { matches(#"<(\w+:)?trace[\s>]"#).count }

    /// The numbers of the first trace, as written.
    func firstTraceNumbers() throws -> [Double] {
        let body = try #require(matches(#"<(?:\w+:)?trace[\s>][^>]*>([^<]*)</"#, group: 1).first)
        return body.split(whereSeparator: { $0 == "," || $0.isWhitespace }).compactMap { Double($0) }
    }

    /// The text of each match of `pattern` (or of its capture `group`), in order.
    func matches(_ pattern: String, group: Int = 0) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: group), in: text).map { String(text[$0]) }
        }
    }
}
