import AutomataEditorCore
import Foundation

/// How readable the editor's laid-out automata are: the results of every operation on
/// random automata, and the ε-NFAs of regular expressions, each laid out by both engines and
/// counted by `LayoutCheck` (crossings, edges through states, labels on labels or states).
package enum LayoutBenchmark {
    /// One automaton the editor lays out, and where it came from.
    package struct Case {
        package var name: String
        package var automaton: Automaton
    }

    /// Expressions of the kind courses set (JFLAP's syntax: `+` is union, `!` the empty word).
    static let expressions = ["(a+b)*abb", "(ab)*+c", "a*b*", "(0+1)*00(0+1)*", "!+a(b+c)*", "((a+b)(a+b))*", "(a+bc)*(b+!)"]

    /// `count` random automata with every operation applied to each (the two-automaton ones
    /// with the next), then the expressions' ε-NFAs.
    package static func cases(count: Int, seed: UInt64) throws -> [Case] {
        var random = GradingBenchmark.SplitMix(seed: seed)
        let sources = (0..<count).map { _ in randomNFA(&random) }
        var cases: [Case] = []
        for (index, source) in sources.enumerated() {
            let other = sources[(index + 1) % sources.count]
            for operation in AutomatonOperation.allCases where operation != .equivalence {
                let outcome = try operation.apply(to: source, with: operation.takesSecond ? other : nil, names: ("A", "B"))
                cases.append(Case(name: "automaton \(index + 1), \(operation.rawValue)", automaton: outcome.automaton))
            }
        }
        for expression in expressions {
            let file = "<structure><type>re</type><expression>\(expression)</expression></structure>"
            let opened = try JFLAPFile.decoded(Data(file.utf8), from: URL(fileURLWithPath: "\(expression).jff"))
            cases.append(Case(name: "expression \(expression)", automaton: opened.document.automaton))
        }
        return cases
    }

    /// The counts summed over the cases, with how many were clean and the worst case.
    package struct Tally {
        package var cases = 0
        package var clean = 0
        package var crossings = 0
        package var edgesThroughStates = 0
        package var overlappingLabels = 0
        package var worst: (name: String, check: LayoutCheck)?
        package var seconds = 0.0
    }

    package static func measure(_ cases: [Case], engine: AutomatonLayout.Engine) -> Tally {
        var tally = Tally()
        let start = Date()
        for item in cases {
            let check = LayoutCheck(AutomatonLayout.document(for: item.automaton, engine: engine))
            tally.cases += 1
            tally.crossings += check.crossings
            tally.edgesThroughStates += check.edgesThroughStates
            tally.overlappingLabels += check.overlappingLabels
            let problems = check.crossings + check.edgesThroughStates + check.overlappingLabels
            if problems == 0 { tally.clean += 1 }
            let worstSoFar = tally.worst.map { $0.check.crossings + $0.check.edgesThroughStates + $0.check.overlappingLabels } ?? 0
            if problems > worstSoFar { tally.worst = (item.name, check) }
        }
        tally.seconds = Date().timeIntervalSince(start)
        return tally
    }

    /// 2–5 states over {a, b}, one to three moves each, one in eight an ε-move.
    private static func randomNFA(_ random: inout GradingBenchmark.SplitMix) -> Automaton {
        let states = 2 + Int(random.next() % 4)
        var moves = Set<Automaton.Transition>()
        for state in 0..<states {
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let symbol: Symbol = random.next() % 8 == 0 ? .epsilon : .text(random.next() % 2 == 0 ? "a" : "b")
                moves.insert(.init(from: state, symbol: symbol, to: Int(random.next() % UInt64(states))))
            }
        }
        let accepting = Set((0..<states).filter { _ in random.next() % 3 == 0 }).union([states - 1])
        return Automaton(stateCount: states, initial: [0], accepting: accepting, transitions: moves)
    }
}
