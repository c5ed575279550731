import EditorBenchmarks
import Foundation
import Testing
@testable import AutomataEditorCore

/// `automata export --format tikz`: a LaTeX file with TikZ's automata library that draws the
/// document as drawn, and that pdflatex compiles.
@Suite struct TikZExportTests {
    private static let missingLaTeX = "pdflatex is not installed: run `make deps` (texlive-latex-base, texlive-pictures)"

    @Test func theTextbookAutomatonAsTikZ() {
        let tex = TikZExport.render(SampleDocuments.textbook)
        #expect(tex.hasPrefix("% An automaton drawn with Strokes") && tex.contains("\\usetikzlibrary{automata, arrows.meta}"))
        #expect(tex.contains("\\node[state, initial, initial where=left] (s0) at (0.64, -0.64) {$q_{0}$};"), "\(tex)")
        #expect(tex.contains("\\node[state, accepting] (s2) at (8.24, -0.64) {$q_{2}$};"))
        #expect(tex.contains("{trap};"), "a word stays text")
        #expect(tex.contains("(s1) edge node {$a, c$} (s2);"), "parallel transitions share one label")
        #expect(tex.contains("(s0) edge[bend left=15] node {$a$} (s1);") && tex.contains("(s1) edge[bend left=15] node {$b$} (s0);"),
                "a pair both ways bends apart")
        #expect(tex.contains("(s2) edge[loop above] node {$a, b$} ();"), "the loop drawn above q2")
        #expect(tex.contains("(s0) edge[loop below] node {$b$} ();"), "the loop drawn below q0")
        #expect(tex.contains("(s2) edge node {$\\varepsilon$} (s3);"))
        #expect(tex.contains("%   the transition from q2 to empty canvas"), "the dangling transition is named, not drawn")
        #expect(tex.components(separatedBy: "\\node[").count - 1 == 4)
    }

    @Test func curvesKeepTheirControlsAndLabelSide() {
        let a = AutomatonDocument.State(id: 0, name: "p", center: CanvasPoint(x: 0, y: 0), radius: 25)
        let b = AutomatonDocument.State(id: 1, name: "q", center: CanvasPoint(x: 300, y: 0), radius: 25)
        // Arching up on the canvas (y down): to the left of travel, the label on that side.
        let arch = AutomatonDocument.Transition(id: 2, from: 0, to: 1, start: CanvasPoint(x: 20, y: -15), end: CanvasPoint(x: 280, y: -15),
                                                controls: [CanvasPoint(x: 100, y: -120), CanvasPoint(x: 200, y: -120)], symbols: [.text("x")])
        var tex = TikZExport.render(AutomatonDocument(states: [a, b], transitions: [arch], nextID: 3))
        #expect(tex.contains("\\draw[->] (s0) .. controls (2.5, 1.9) and (4.5, 1.9) .. node[pos=0.5] {$x$} (s1);"), "\(tex)")
        var sagging = arch
        sagging.controls = [CanvasPoint(x: 100, y: 120), CanvasPoint(x: 200, y: 120)]
        tex = TikZExport.render(AutomatonDocument(states: [a, b], transitions: [sagging], nextID: 3))
        #expect(tex.contains("node[swap, pos=0.5] {$x$}"), "a curve bulging right of travel puts its label there:\n\(tex)")
    }

    @Test func namesAndSymbolsInLaTeX() {
        #expect(TikZExport.name("q0") == "$q_{0}$" && TikZExport.name("q12") == "$q_{12}$" && TikZExport.name("p") == "$p$")
        #expect(TikZExport.name("start") == "start")
        #expect(TikZExport.name("{q0, q1}") == "\\{q0, q1\\}")
        #expect(TikZExport.name("∅") == "$\\emptyset$" && TikZExport.name("50% & #1_x") == "50\\% \\& \\#1\\_x")
        #expect(TikZExport.name("α") == "$\\alpha$")
        #expect(TikZExport.symbols([.text("a"), .epsilon, .text("$")]) == "$a, \\varepsilon, \\mbox{\\$}$")
    }

    /// Several documents, and every JFLAP fixture, compile with pdflatex; one rendering is kept to look at
    /// (/tmp/automata-look/tikz-textbook.png, when pdftoppm is there).
    @Test func pdflatexCompilesTheExports() throws {
        let pdflatex = try #require(ExternalTool.find("pdflatex"), Comment(rawValue: Self.missingLaTeX))
        let union = try LayoutBenchmark.cases(count: 2, seed: 3).first { $0.name.hasSuffix("union") }!
        let strange = AutomatonDocument(states: [
            .init(id: 0, name: "50% & {x}_y^~\\", center: CanvasPoint(x: 0, y: 0), radius: 30, isInitial: true, isFinal: true),
            .init(id: 1, name: "∅ → 東", center: CanvasPoint(x: 200, y: 100), radius: 30),
        ], transitions: [.init(id: 2, from: 0, to: 1, start: CanvasPoint(x: 30, y: 0), end: CanvasPoint(x: 170, y: 100), symbols: [.text("#"), .epsilon])],
           nextID: 3)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tikz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // And every JFLAP fixture that opens (automata, expressions, scripts without positions).
        let fixtures = try FileManager.default.contentsOfDirectory(atPath: JFLAPFixtures.folder.path).filter { $0.hasSuffix(".jff") }.sorted()
            .compactMap { file in (try? JFLAPFixtures.imported(file)).map { ("fixture-" + file.dropLast(4), $0.document) } }
        #expect(fixtures.count >= 8, "\(fixtures.map(\.0))")
        let documents = [("textbook", SampleDocuments.textbook), ("large", SampleDocuments.large),
                         ("union", AutomatonLayout.document(for: union.automaton)), ("strange", strange)] + fixtures
        for (name, document) in documents {
            try Data(TikZExport.render(document).utf8).write(to: folder.appendingPathComponent("\(name).tex"))
            let result = try ExternalTool.run(pdflatex, ["-interaction=nonstopmode", "-halt-on-error", "-output-directory", folder.path,
                                                         folder.appendingPathComponent("\(name).tex").path])
            let log = (try? String(contentsOf: folder.appendingPathComponent("\(name).log"), encoding: .utf8)) ?? ""
            #expect(result.status == 0, "\(name).tex: \(log.suffix(1500))")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name).pdf").path))
            #expect(!log.contains("Missing character"), "\(name).tex asks for a glyph the font lacks")
        }
        if let pdftoppm = ExternalTool.find("pdftoppm") {
            let look = URL(fileURLWithPath: "/tmp/automata-look")
            try FileManager.default.createDirectory(at: look, withIntermediateDirectories: true)
            let result = try ExternalTool.run(pdftoppm, ["-png", "-r", "110", "-singlefile", folder.appendingPathComponent("textbook.pdf").path,
                                                         look.appendingPathComponent("tikz-textbook").path])
            #expect(result.status == 0)
        }
    }
}
