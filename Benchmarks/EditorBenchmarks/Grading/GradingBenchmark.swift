import AutomataEditorCore
import Foundation

/// A class's worth of made-up submissions, for timing `automata grade`: random DFAs over
/// {0, 1} of 2–7 states written as JFLAP files (some equivalent to the reference, most not),
/// near misses one change away from it (a slip a hint can name), and one file in twenty
/// broken, as a real folder of submissions has.
package enum GradingBenchmark {
    /// Writes the reference (even number of 1s) and `count` submissions into `folder`;
    /// returns their URLs.
    package static func makeSubmissions(count: Int, seed: UInt64, in folder: URL) throws -> (reference: URL, submissions: [URL]) {
        var random = SplitMix(seed: seed)
        let reference = folder.appendingPathComponent("reference.jff")
        // Columns: where the states stand does not matter to grading, and dot would take a while per file.
        try JFLAPFile.write(AutomatonLayout.document(for: evenOnes, engine: .columns), to: reference)
        var submissions: [URL] = []
        for index in 0..<count {
            let url = folder.appendingPathComponent(String(format: "student-%04d.jff", index))
            let automaton = switch random.next() % 8 {
            case 0, 1: evenOnes
            case 2: nearMiss(&random)
            default: randomDFA(&random)
            }
            var text = try JFLAPFile.contents(of: AutomatonLayout.document(for: automaton, engine: .columns), for: url).text
            if random.next() % 20 == 0 { text = String(text.prefix(text.count / 2)) }
            try Data(text.utf8).write(to: url)
            submissions.append(url)
        }
        return (reference, submissions)
    }

    static let evenOnes = Automaton(stateCount: 2, initial: [0], accepting: [0], transitions: [
        .init(from: 0, symbol: .text("0"), to: 0), .init(from: 0, symbol: .text("1"), to: 1),
        .init(from: 1, symbol: .text("0"), to: 1), .init(from: 1, symbol: .text("1"), to: 0),
    ])

    /// The reference with one slip: a state's mark flipped, a transition sent elsewhere, or one left out.
    private static func nearMiss(_ random: inout SplitMix) -> Automaton {
        var slipped = evenOnes
        let moves = slipped.transitions.sorted()
        let move = moves[Int(random.next() % UInt64(moves.count))]
        switch random.next() % 3 {
        case 0:
            let state = Int(random.next() % 2)
            if slipped.accepting.contains(state) { slipped.accepting.remove(state) } else { slipped.accepting.insert(state) }
        case 1:
            slipped.transitions.remove(move)
            slipped.transitions.insert(.init(from: move.from, symbol: move.symbol, to: 1 - move.to))
        default:
            slipped.transitions.remove(move)
        }
        return slipped
    }

    private static func randomDFA(_ random: inout SplitMix) -> Automaton {
        let states = 2 + Int(random.next() % 6)
        var moves = Set<Automaton.Transition>()
        for state in 0..<states {
            for symbol in ["0", "1"] where random.next() % 8 != 0 {
                moves.insert(.init(from: state, symbol: .text(symbol), to: Int(random.next() % UInt64(states))))
            }
        }
        let accepting = Set((0..<states).filter { _ in random.next() % 2 == 0 })
        return Automaton(stateCount: states, initial: [0], accepting: accepting, transitions: moves)
    }

    /// A small, fast, seedable generator (SplitMix64): the same seed makes the same class.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// The seconds one start of a JVM takes (`java -Xshare:auto -version`, the least an
    /// autograder pays per file when it runs JFLAP's jar once per submission), the mean of
    /// `runs`; nil when there is no `java` on the PATH.
    package static func jvmStartSeconds(runs: Int) -> Double? {
        guard let java = executable(named: "java") else { return nil }
        var total = 0.0
        for _ in 0..<runs {
            let process = Process()
            process.executableURL = java
            process.arguments = ["-Xshare:auto", "-version"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let start = Date()
            guard (try? process.run()) != nil else { return nil }
            process.waitUntilExit()
            total += Date().timeIntervalSince(start)
        }
        return total / Double(runs)
    }

    private static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
