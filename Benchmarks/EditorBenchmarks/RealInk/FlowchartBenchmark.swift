import AutomataEditorCore
import Foundation
import InkFiles

/// FC_A flowcharts drawn by real people, replayed symbol by symbol through the editor: each
/// arrow between the states of its nodes (it should become exactly that transition), each
/// text on the node states (its strokes should leave nothing).
package enum FlowchartBenchmark {
    /// The median node's height the files are scaled to, in points.
    package static let medianNodeHeight = 60.0

    /// One replayed symbol.
    package struct Case: Sendable {
        package var file: String
        package var symbol: String
        package var ink: InkScenario
        package var outcome: InkScenario.Outcome
        /// An arrow ending on another arrow bound for the same node (`Flowchart.merges`).
        package var merges = false
    }

    package struct File: Sendable {
        package var name: String
        package var arrows: [Case]
        package var texts: [Case]
        /// Arrows not drawn, or without a drawn source and target node.
        package var skippedArrows: Int

        package var wrongArrows: Int { arrows.count { !$0.outcome.isRight } }
        /// Texts of which a stroke left an element.
        package var wrongTexts: [Case] { texts.filter { $0.outcome.strokeChanges.contains { !$0.isEmpty } } }
    }

    package struct Result: Sendable {
        package var files: [File]
        /// Files that could not be read, and why: counted and named, never a stop.
        package var unreadable: [(name: String, reason: String)]

        package var arrows: [Case] { files.flatMap(\.arrows) }
        package var arrowTally: InkTally { arrows.reduce(into: InkTally()) { $0.count($1.outcome.isRight) } }
        package var skippedArrows: Int { files.map(\.skippedArrows).reduce(0, +) }

        /// Arrows whose ink comes within the editor's reach of both their node states (a state's
        /// `slack` past its edge), and those whose ink stops short of one: a wide box turned
        /// into a circle leaves an arrow drawn to the box's side outside that reach, where no
        /// reading of the ink could join it. How much of the result comes from the benchmark's
        /// circles rather than from the reading.
        package var byReach: [(reach: String, tally: InkTally)] {
            let rules = RecognitionRules()
            func reaches(_ arrow: Case) -> Bool {
                guard case let .transition(from, to?) = arrow.ink.expected else { return false }
                let points = arrow.ink.strokes.joined()
                return [from, to].allSatisfy { id in
                    guard let state = arrow.ink.start.state(id) else { return false }
                    let gap = (points.map { $0.distance(to: state.center) }.min() ?? .infinity) - state.radius
                    return gap <= rules.slack(of: state)
                }
            }
            return [("reaching both node states", true), ("stopping short of one", false)].map { label, reaching in
                (label, arrows.filter { reaches($0) == reaching }.reduce(into: InkTally()) { $0.count($1.outcome.isRight) })
            }
        }

        /// Arrows ending at their target node, and those ending on another arrow bound for it
        /// (a merge, which no automaton has: how much of the result comes from flowcharts' habits).
        package var byEnding: [(ending: String, tally: InkTally)] {
            [("ending at their node", false), ("merging into another arrow", true)].map { label, merging in
                (label, arrows.filter { $0.merges == merging }.reduce(into: InkTally()) { $0.count($1.outcome.isRight) })
            }
        }

        /// Arrows by how many strokes they were drawn with: 1, 2, 3 or more.
        package var byStrokeCount: [(strokes: String, tally: InkTally)] {
            [("1", 1...1), ("2", 2...2), ("3+", 3...Int.max)].map { label, range in
                (label, arrows.filter { range.contains($0.ink.strokes.count) }.reduce(into: InkTally()) { $0.count($1.outcome.isRight) })
            }
        }

        /// How many wrong arrows show each failure (one arrow may show several), with an example.
        package var failures: [(failure: InkExpectation.Failure, count: Int, example: Case)] {
            InkExpectation.Failure.allCases.compactMap { failure in
                let showing = arrows.filter { $0.outcome.failures.contains(failure) }
                return showing.first.map { (failure, showing.count, $0) }
            }
        }

        /// The files with the most wrong arrows (ties by name), at most `count`, none without one.
        package func worstFiles(_ count: Int) -> [File] {
            Array(files.filter { $0.wrongArrows > 0 }
                .sorted { ($0.wrongArrows, $1.name) > ($1.wrongArrows, $0.name) }.prefix(count))
        }

        /// The files with the most texts that left an element (ties by name), at most `count`, none without one.
        package func worstTextFiles(_ count: Int) -> [File] {
            Array(files.filter { !$0.wrongTexts.isEmpty }
                .sorted { ($0.wrongTexts.count, $1.name) > ($1.wrongTexts.count, $0.name) }.prefix(count))
        }

        private var textStrokeChanges: [DocumentChange] { files.flatMap(\.texts).flatMap(\.outcome.strokeChanges) }

        /// Text strokes that left no element.
        package var textStrokes: InkTally {
            textStrokeChanges.reduce(into: InkTally()) { $0.count($1.isEmpty) }
        }

        /// What the other text strokes made, per kind of element.
        package var textMade: [(made: DocumentChange.Made, count: Int)] {
            let all = textStrokeChanges.flatMap(\.made)
            return DocumentChange.Made.allCases.map { m in (m, all.count { $0 == m }) }.filter { $0.count > 0 }
        }
    }

    /// Every `.inkml` file in `folder` (at most `limit`, in name order), each on its own.
    package static func run(folder: URL, limit: Int? = nil, interpreter: StrokeInterpreter) throws -> Result {
        var names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { InkMLDocument.isInkMLFile(URL(fileURLWithPath: $0)) }.sorted()
        if let limit { names = Array(names.prefix(limit)) }
        let outcomes = InkParallel.map(names) { name in
            run(file: folder.appendingPathComponent(name), interpreter: interpreter)
        }
        var result = Result(files: [], unreadable: [])
        for (name, outcome) in zip(names, outcomes) {
            switch outcome {
            case .success(let file): result.files.append(file)
            case .failure(let problem): result.unreadable.append((name, problem.reason))
            }
        }
        return result
    }

    package struct Unreadable: Error {
        package var reason: String
    }

    /// One file: read, scaled, and every arrow and text replayed on a fresh document of its node states.
    package static func run(file url: URL, interpreter: StrokeInterpreter) -> Swift.Result<File, Unreadable> {
        let drawn: Flowchart
        do {
            drawn = try Flowchart.read(contentsOf: url)
        } catch {
            return .failure(Unreadable(reason: error.problem))
        }
        guard !drawn.nodes.isEmpty else { return .failure(Unreadable(reason: "no node with ink")) }
        guard let flowchart = drawn.scaled(medianNodeHeight: medianNodeHeight) else {
            return .failure(Unreadable(reason: "the median node has no height"))
        }
        let states = flowchart.nodeStates
        var file = File(name: flowchart.name, arrows: [], texts: [], skippedArrows: 0)
        for arrow in flowchart.arrows {
            guard let scenario = flowchart.scenario(for: arrow, on: states) else {
                file.skippedArrows += 1
                continue
            }
            file.arrows.append(Case(file: flowchart.name, symbol: arrow.id, ink: scenario, outcome: scenario.run(with: interpreter),
                                    merges: flowchart.merges(arrow)))
        }
        file.texts = flowchart.texts.map { text in
            let scenario = flowchart.scenario(for: text, on: states)
            return Case(file: flowchart.name, symbol: text.id, ink: scenario, outcome: scenario.run(with: interpreter))
        }
        return .success(file)
    }
}
