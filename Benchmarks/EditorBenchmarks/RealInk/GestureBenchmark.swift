import AutomataEditorCore
import Foundation

/// Real one-stroke gestures put in the scenarios of `GestureScenarios` and replayed through
/// the editor: how often each class does what it means in an automaton drawing.
package enum GestureBenchmark {
    /// One gesture in one scenario, and what the editor made of it.
    package struct Case: Sendable {
        package var gestureClass: String
        package var scenario: GestureScenario
        package var ink: InkScenario
        package var outcome: InkScenario.Outcome
    }

    package struct Result: Sendable {
        package var cases: [Case]
        /// Gestures that could not be read, or not placed in a scenario (no shaft, no apex), and why.
        package var unreadable: [(name: String, reason: String)]

        /// Per class and scenario, in class order then scenario order.
        package var rows: [(gestureClass: String, scenario: GestureScenario, tally: InkTally)] {
            var tallies: [String: [GestureScenario: InkTally]] = [:]
            for c in cases { tallies[c.gestureClass, default: [:]][c.scenario, default: InkTally()].count(c.outcome.isRight) }
            return tallies.keys.sorted().flatMap { gestureClass in
                tallies[gestureClass]!.sorted { $0.key < $1.key }.map { (gestureClass, $0.key, $0.value) }
            }
        }

        private func tally(_ include: (Case) -> Bool) -> InkTally {
            cases.filter(include).reduce(into: InkTally()) { $0.count($1.outcome.isRight) }
        }

        /// Circles that became exactly one state, on empty canvas and beside a state.
        package var circlesToStates: InkTally { tally { GestureScenarios.role(of: $0.gestureClass) == .state } }
        /// Arrows that became exactly the transition they point along.
        package var arrowsToTransitions: InkTally { tally { GestureScenarios.role(of: $0.gestureClass) == .transition } }
        /// Gestures that are none of the shapes, on empty canvas or beside a state, that changed nothing.
        package var othersUnchanged: InkTally {
            tally { GestureScenarios.role(of: $0.gestureClass) == .none && !$0.scenario.isHead }
        }
        /// Carets and v's drawn as the head of a shaft, read as that transition.
        package var headsAsHeads: InkTally { tally { $0.scenario.isHead && ["caret", "v"].contains($0.gestureClass) } }
        /// The same for the vertex of a check (optional: a check is not what people draw as a head).
        package var checksAsHeads: InkTally { tally { $0.scenario.isHead && $0.gestureClass == "check" } }

        /// How often each failure shows, over all wrong cases.
        package var failures: [(failure: InkExpectation.Failure, count: Int)] {
            let all = cases.flatMap(\.outcome.failures)
            return InkExpectation.Failure.allCases.map { f in (f, all.count { $0 == f }) }.filter { $0.count > 0 }
        }

        /// Up to `count` wrong cases, taken in turn from each class and scenario that has some,
        /// so that every kind of miss shows.
        package func worst(_ count: Int) -> [Case] {
            var groups: [[Case]] = []
            var index: [String: Int] = [:]
            for c in cases where !c.outcome.isRight {
                let key = "\(c.gestureClass)|\(c.scenario.rawValue)"
                if let i = index[key] { groups[i].append(c) } else { index[key] = groups.count; groups.append([c]) }
            }
            var picked: [Case] = []
            var round = 0
            while picked.count < count, groups.contains(where: { $0.count > round }) {
                for group in groups where group.count > round && picked.count < count { picked.append(group[round]) }
                round += 1
            }
            return picked
        }
    }

    /// Every gesture of `set` in each scenario its class is measured in.
    package static func run(_ set: GestureSet, interpreter: StrokeInterpreter) -> Result {
        var unreadable = set.unreadable
        var scenarios: [(String, GestureScenario, InkScenario)] = []
        for gesture in set.gestures {
            for kind in GestureScenarios.scenarios(for: gesture.gestureClass) {
                if let ink = GestureScenarios.scenario(kind, stroke: gesture.stroke, gestureClass: gesture.gestureClass, source: gesture.name) {
                    scenarios.append((gesture.gestureClass, kind, ink))
                } else {
                    unreadable.append((gesture.name, "no shape to place \(kind.rawValue)"))
                }
            }
        }
        let outcomes = InkParallel.map(scenarios) { $0.2.run(with: interpreter) }
        let cases = zip(scenarios, outcomes).map { Case(gestureClass: $0.0, scenario: $0.1, ink: $0.2, outcome: $1) }
        return Result(cases: cases, unreadable: unreadable)
    }
}
