import AutomataEditorCore
import AutomataEditorServer
import AutomatonSketches
import Dispatch
import Foundation
import Hummingbird
import StrokeModel
import StrokeTraining

/// `automata bench serve`: what the server adds to reading a stroke. In one run, on a
/// 10-state document drawn with the synthetic pen:
/// - one stroke's round trip on loopback (POST to the recognised document in the answer),
///   p50 and p99, beside the in-process `StrokeInterpreter` call on the same strokes and the
///   same document, and beside that call plus the atomic save the server also does;
/// - strokes per second with 16 clients at once, each on its own connection and document.
/// Each timed stroke is followed by an untimed undo, so the document stays at 10 states.
package enum ServeBenchmark {
    package struct Figures: Encodable, Sendable {
        package var strokes: Int
        package var states: Int
        package var roundTrip: Percentiles
        package var interpreter: Percentiles
        package var interpreterAndSave: Percentiles
        package var clients: Int
        package var strokesPerSecond: Double
        /// Round trip p50 over the in-process call's p50.
        package var overhead: Double { roundTrip.p50 / interpreter.p50 }

        // Snake case, as every benchmark's JSON.
        enum CodingKeys: String, CodingKey {
            case strokes, states, interpreter, clients
            case roundTrip = "round_trip", interpreterAndSave = "interpreter_and_save", strokesPerSecond = "strokes_per_second"
        }
    }

    /// Microseconds.
    package struct Percentiles: Encodable, Sendable {
        package var p50: Double
        package var p99: Double

        init(_ nanoseconds: [UInt64]) {
            let sorted = nanoseconds.sorted()
            p50 = Double(sorted[sorted.count / 2]) / 1000
            p99 = Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]) / 1000
        }
    }

    package static func run(classifier: StrokeClassifier, strokes: Int = 2000, clients: Int = 16, seconds: Double = 3) async throws -> Figures {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let interpreter = StrokeInterpreter(classifier: classifier)
        let (document, arrows) = drawing(with: interpreter)
        let file = Array(try AutomatonFile.contents(of: document))
        let bodies = arrows.map { Array(DrawingFile.text(of: .stroke($0)).utf8) }

        // In process: the call alone, then the call, the edit and the save.
        let interpreterTimes = (0..<strokes).map { i in time { _ = interpreter.interpret(stroke: arrows[i % arrows.count], in: document) } }
        let saved = folder.appendingPathComponent("in-process.automaton")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let savingTimes = try (0..<strokes).map { i in
            try time {
                var editor = Editor(document: document)
                editor.perform(.stroke(arrows[i % arrows.count]), with: interpreter)
                try AutomatonFile.write(editor.document, to: saved)
            }
        }

        let server = try EditorServer(settings: .init(documents: folder.appendingPathComponent("documents"),
                                                      corrections: folder.appendingPathComponent("corrections"), port: 0),
                                      classifier: classifier)
        let (ports, portSink) = AsyncStream<Int>.makeStream()
        let serving = Task {
            try await server.application(onRunning: { url in
                portSink.yield(Int(url.split(separator: ":").last?.filter(\.isNumber) ?? "") ?? 0)
            }, logLevel: .critical).runService()
        }
        defer { serving.cancel() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else { throw LoopbackHTTPClient.Failure(description: "the server did not start") }

        let roundTrips = try await onThread {
            let client = try LoopbackHTTPClient(port: port)
            try expectOK(client.request("PUT", "/api/documents/bench", body: file))
            for body in bodies.prefix(50) { _ = try strokeThenUndo(client, "bench", body) } // warm up
            return try (0..<strokes).map { i in try strokeThenUndo(client, "bench", bodies[i % bodies.count]) }
        }

        let throughput = try await onThread {
            try load(port: port, clients: clients, seconds: seconds, file: file, bodies: bodies)
        }
        return Figures(strokes: strokes, states: document.states.count, roundTrip: Percentiles(roundTrips),
                       interpreter: Percentiles(interpreterTimes), interpreterAndSave: Percentiles(savingTimes),
                       clients: clients, strokesPerSecond: throughput)
    }

    /// Ten states in two rows joined by nine arrows, drawn by the synthetic pen and read by the
    /// editor; and 200 arrows between random pairs of those states, to time.
    static func drawing(with interpreter: StrokeInterpreter) -> (AutomatonDocument, [[CanvasPoint]]) {
        var pen = SketchPen(seed: 1)
        let states = (0..<10).map { i in
            pen.state(at: CanvasPoint(x: 120 + Double(i % 5) * 220, y: 150 + Double(i / 5) * 260), radius: 45)
        }
        for i in 0..<9 { pen.arrow(from: states[i], to: states[i + 1], label: "a") }
        var editor = Editor()
        editor.perform(pen.events, with: interpreter)
        var random = SeededGenerator(seed: 2)
        var arrows: [[CanvasPoint]] = []
        var arrowPen = SketchPen(seed: 3)
        while arrows.count < 200 {
            let from = random.below(10), to = random.below(10)
            guard from != to else { continue }
            let before = arrowPen.events.count
            arrowPen.arrow(from: states[from], to: states[to], label: "b")
            for case .stroke(let stroke) in arrowPen.events[before...] { arrows.append(stroke) }
        }
        return (editor.document, arrows)
    }

    /// 16 threads, each with its own connection and document, for `seconds`; strokes per second.
    private static func load(port: Int, clients: Int, seconds: Double, file: [UInt8], bodies: [[UInt8]]) throws -> Double {
        let tally = Tally()
        let start = DispatchTime.now().uptimeNanoseconds
        let deadline = start + UInt64(seconds * 1e9)
        let group = DispatchGroup()
        for index in 0..<clients {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    let client = try LoopbackHTTPClient(port: port)
                    try expectOK(client.request("PUT", "/api/documents/load-\(index)", body: file))
                    var done = 0
                    while DispatchTime.now().uptimeNanoseconds < deadline {
                        _ = try strokeThenUndo(client, "load-\(index)", bodies[(index + done) % bodies.count])
                        done += 1
                    }
                    tally.add(done)
                } catch {
                    tally.add(error)
                }
            }.start()
        }
        group.wait()
        if let failure = tally.firstError { throw failure }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Double(tally.count) / elapsed
    }

    /// Posts the stroke (timed) and then its undo; the stroke's round trip in nanoseconds.
    private static func strokeThenUndo(_ client: LoopbackHTTPClient, _ name: String, _ body: [UInt8]) throws -> UInt64 {
        let path = "/api/documents/\(name)/events"
        let started = DispatchTime.now().uptimeNanoseconds
        let answer = try client.request("POST", path, body: body)
        let elapsed = DispatchTime.now().uptimeNanoseconds - started
        try expectOK(answer)
        try expectOK(client.request("POST", path, body: Array(#"{"undo": true}"#.utf8)))
        return elapsed
    }

    private static func expectOK(_ answer: (status: Int, body: [UInt8])) throws {
        guard (200..<300).contains(answer.status) else {
            throw LoopbackHTTPClient.Failure(description: "the server answered \(answer.status): \(String(decoding: answer.body, as: UTF8.self))")
        }
    }

    private static func time(_ work: () throws -> Void) rethrows -> UInt64 {
        let started = DispatchTime.now().uptimeNanoseconds
        try work()
        return DispatchTime.now().uptimeNanoseconds - started
    }

    /// Blocking client work, off the concurrency pool's few threads (the server needs them).
    private static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    /// What the load threads did: strokes counted, and the first failure.
    private final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var strokes = 0
        private var errors: [any Error] = []
        func add(_ count: Int) { lock.withLock { strokes += count } }
        func add(_ error: any Error) { lock.withLock { errors.append(error) } }
        var count: Int { lock.withLock { strokes } }
        var firstError: (any Error)? { lock.withLock { errors.first } }
    }
}
