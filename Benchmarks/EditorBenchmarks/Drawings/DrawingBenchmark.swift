import AutomatonSketches
import AutomataEditorCore
import StrokeModel
import StrokeTraining

/// The drawing-level benchmark: random automata (`RandomSketches`) drawn with hand-like
/// strokes (`SketchPen`, one in five sampled sparsely, a point every 25–50 points), read by
/// the editor core, and scored against what was meant (`SketchScore`). On each finished
/// drawing it also puts three stray strokes that are none of the shapes (`StrayStrokes`) and
/// counts those the editor leaves alone. Drawing i depends only on the seed and i.
package enum DrawingBenchmark {
    /// One drawing: what was meant, what was drawn, what the editor made of it.
    package struct Drawing: Sendable {
        package var index: Int
        package var plan: SketchPlan
        package var events: [DrawingEvent]
        package var messages: [String]
        package var document: AutomatonDocument
        package var score: SketchScore
        /// The pen's spacing when sampled sparsely.
        package var sparseSpacing: Double?
        /// Stray strokes on the finished drawing, and what the editor would make of each.
        package var strays: [Stray]
    }

    /// A stroke that is none of the shapes, where it was put, and what the editor made of it.
    package struct Stray: Sendable {
        package var place: StrayStrokes.Place
        package var stroke: [CanvasPoint]
        package var interpretation: Interpretation
    }

    package struct Result: Sendable {
        package var drawings: [Drawing]

        package init(drawings: [Drawing]) {
            self.drawings = drawings
        }

        package var exactCount: Int { drawings.count { $0.score.isExact } }
        package var exactShare: Double { drawings.isEmpty ? 0 : Double(exactCount) / Double(drawings.count) }
        package var strokeCount: Int {
            drawings.map { $0.events.count { if case .stroke = $0 { true } else { false } } }.reduce(0, +)
        }

        /// Per element kind: how many were drawn, and how many came out wrong.
        package var elements: [(element: SketchScore.Element, drawn: Int, wrong: Int)] {
            let planned = drawings.map { SketchScore.elements(of: $0.plan) }
            return SketchScore.Element.allCases.map { element in
                (element, planned.map { $0[element] ?? 0 }.reduce(0, +), drawings.map { $0.score.errors[element] ?? 0 }.reduce(0, +))
            }
        }

        /// Per place: how many stray strokes were put there, and how many the editor left alone.
        package var strays: [(place: StrayStrokes.Place, drawn: Int, leftAlone: Int)] {
            let all = drawings.flatMap(\.strays)
            return StrayStrokes.Place.allCases.map { place in
                let here = all.filter { $0.place == place }
                return (place, here.count, here.count { !$0.interpretation.changesElements })
            }
        }

        package var strayLeftAloneShare: Double {
            let rows = strays, drawn = rows.map(\.drawn).reduce(0, +)
            return drawn == 0 ? 1 : Double(rows.map(\.leftAlone).reduce(0, +)) / Double(drawn)
        }

        /// The drawings with the most errors (ties by index), at most `count`, none exact.
        package func worst(_ count: Int) -> [Drawing] {
            Array(drawings.filter { !$0.score.isExact }
                .sorted { ($0.score.errorCount, -$0.index) > ($1.score.errorCount, -$1.index) }.prefix(count))
        }
    }

    /// Draws and reads `count` automata.
    /// With `handwriting`, names and labels are written by hand as strokes (names in small
    /// letters: the symbol model has no capitals) instead of typed. With `scale`, every point
    /// drawn is multiplied by it, as a pen reporting other units would give them (0.5: states
    /// 30–75 points across instead of 60–150).
    package static func run(count: Int, seed: UInt64, interpreter: StrokeInterpreter, handwriting: Bool = false, scale: Double = 1) -> Result {
        Result(drawings: (0..<count).map { drawing($0, seed: seed, interpreter: interpreter, handwriting: handwriting, scale: scale) })
    }

    /// Drawing `index` of the run with `seed`.
    package static func drawing(_ index: Int, seed: UInt64, interpreter: StrokeInterpreter, handwriting: Bool = false,
                                scale: Double = 1) -> Drawing {
        var random = SeededGenerator(seed: seed).derived(UInt64(index))
        var plan = RandomSketches.plan(seed: random.next())
        if handwriting {
            for state in plan.states.indices { plan.states[state].writtenName = plan.states[state].writtenName?.lowercased() }
        }
        // A sparse pen spaces its points by time: small states drawn close together get them closer.
        let meanRadius = plan.states.map(\.radius).reduce(0, +) / Double(plan.states.count)
        let spacing = random.chance(0.2) ? random.between(25, 50) * min(1, meanRadius / 50) : nil
        var habitsRandom = random.derived(0x4AB175)
        var pen = SketchPen(seed: random.next(), sparseSpacing: spacing, habits: SketchHabits.random(&habitsRandom))
        pen.handwriting = handwriting
        pen.draw(plan)
        let events = pen.events.map { $0.scaled(by: scale) }
        plan = plan.scaled(by: scale)
        var editor = Editor()
        let messages = editor.perform(events, with: interpreter)
        var strayRandom = random.derived(0x57A7)
        let strays = StrayStrokes.strokes(on: editor.document, sparseSpacing: spacing, rules: interpreter.rules, random: &strayRandom)
            .map { Stray(place: $0.place, stroke: $0.stroke, interpretation: interpreter.interpret(stroke: $0.stroke, in: editor.document)) }
        return Drawing(index: index, plan: plan, events: events, messages: messages, document: editor.document,
                       score: SketchScore(editor.document, against: plan), sparseSpacing: spacing, strays: strays)
    }
}

extension DrawingEvent {
    /// The event with every point multiplied by `factor`.
    package func scaled(by factor: Double) -> DrawingEvent {
        func scaled(_ point: StrokePoint) -> StrokePoint { StrokePoint(x: point.x * factor, y: point.y * factor) }
        switch self {
        case let .stroke(points): return .stroke(points.map(scaled))
        case let .text(text, at): return .text(text, at: scaled(at))
        case let .erase(points): return .erase(points.map(scaled))
        }
    }
}

extension SketchPlan {
    /// The plan with its states' places and sizes multiplied by `factor`, to score a drawing scaled so.
    package func scaled(by factor: Double) -> SketchPlan {
        var plan = self
        for index in plan.states.indices {
            plan.states[index].centre = CanvasPoint(x: plan.states[index].centre.x * factor, y: plan.states[index].centre.y * factor)
            plan.states[index].radius *= factor
        }
        return plan
    }
}
