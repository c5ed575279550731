import Foundation
import Testing

/// `automata bench layout`: both engines on the same automata, and the SVGs to look at.
@Suite struct BenchLayoutCLITests {
    @Test func benchLayoutCountsBothEnginesAndWritesWhatItCounted() throws {
        let scratch = try ScratchFolder()
        let result = try AutomataCLITests.automata(["bench", "layout", "--count", "4", "--out", "layouts"], in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "31 laid-out automata (4 random ones under 6 operations, 7 expressions)", "\(lines)")
        // engine, clean/cases, crossings, through states, overlapping labels, seconds
        func row(_ engine: String) -> [String]? {
            lines.first { $0.hasPrefix(engine + " ") }?.split(separator: " ").map(String.init)
        }
        let columns = try #require(row("columns")), graphviz = try #require(row("graphviz"))
        #expect(Int(graphviz[2])! < Int(columns[2])!, "fewer crossings: \(graphviz) against \(columns)")
        #expect(Int(graphviz[3])! <= Int(columns[3])!, "no more edges through states")
        let written = try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("layouts").path)
        #expect(written.allSatisfy { $0.hasSuffix(".svg") })
        #expect(lines.last?.hasPrefix("\(written.count) layouts with something to count written to ") == true, "\(lines.last ?? "")")
    }
}
