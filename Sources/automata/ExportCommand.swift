import ArgumentParser
import AutomataEditorCore
import Foundation
import StrokeModel
import CommandLineSupport

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the document as Graphviz DOT, SVG, TikZ (LaTeX), JFLAP (.jff), or the automaton as JSON.",
        discussion: """
            dot: a digraph (final states double circles, an arrow from an invisible start node into \
            each initial state, one edge per pair of states with all its symbols); --positions keeps \
            the drawing's layout (render with `neato -n`). svg: the drawing as on the canvas. tikz: a \
            LaTeX file drawing it with TikZ's automata library (states where drawn, initial and \
            accepting marks, curves as drawn, self-loops on their side), for pdflatex. json: \
            the automaton itself (states, alphabet, initial and accepting states, transitions) for \
            other tools. jff: a JFLAP 7 finite automaton (state ids, names, positions, initial and \
            final marks, one <transition> per symbol, ε as an empty read); a symbol of several \
            characters is refused, since JFLAP would read it as several symbols. Printed on \
            stdout, or written atomically with --out.
            """)

    @Argument(help: "The document (.automaton or .jff).") var document: String
    @Option(help: "dot, svg, tikz, jff or json.") var format: ExportFormat
    @Option(help: "Write here instead of stdout.") var out: String?
    @Flag(help: "dot: keep the drawing's positions.") var positions = false

    enum ExportFormat: String, ExpressibleByArgument, CaseIterable { case dot, svg, tikz, jff, json }

    func run() throws {
        try Console.failing {
            let doc = try DocumentReader.read(from: URL(fileURLWithPath: document)).document
            let text: String
            switch format {
            case .dot: text = DOTExport.render(doc, positions: positions)
            case .svg: text = SVGExport.render(doc)
            case .tikz: text = TikZExport.render(doc)
            case .json: text = try AutomatonJSON.render(doc.automaton)
            case .jff:
                let written = try JFLAPFile.contents(of: doc, for: URL(fileURLWithPath: document))
                for note in written.notes { Console.info("note: \(note)") }
                text = written.text
            }
            guard let out else { return print(text, terminator: text.hasSuffix("\n") ? "" : "\n") }
            do {
                try AtomicFile.write(text, to: URL(fileURLWithPath: out))
            } catch {
                throw UsageError("cannot write \(out): \(error.localizedDescription)")
            }
            Console.out("wrote \(out)")
        }
    }
}
