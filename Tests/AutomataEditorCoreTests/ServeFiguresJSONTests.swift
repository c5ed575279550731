import Foundation
import Testing
@testable import EditorBenchmarks

/// `automata bench serve --json` writes these figures; their keys are snake case like every
/// other benchmark's. (The command itself is too slow to run in a debug build: it serves
/// thousands of strokes.)
@Suite("bench serve figures")
struct ServeFiguresJSONTests {
    @Test func keysAreSnakeCaseAndPercentilesAreMicroseconds() throws {
        let figures = ServeBenchmark.Figures(
            strokes: 20, states: 10, roundTrip: .init([1_000_000, 2_000_000, 3_000_000]), interpreter: .init([40_000, 50_000]),
            interpreterAndSave: .init([500_000, 600_000]), clients: 2, strokesPerSecond: 512)
        let data = try JSONEncoder().encode(figures)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["strokes", "states", "round_trip", "interpreter", "interpreter_and_save", "clients", "strokes_per_second"])
        let roundTrip = try #require(object["round_trip"] as? [String: Double])
        #expect(roundTrip == ["p50": 2000, "p99": 3000])
        #expect(object["strokes_per_second"] as? Double == 512)
    }
}
