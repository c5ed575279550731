import Dispatch
import Foundation
import StrokeModel
import Testing

/// One classifier shared by many threads and tasks gives exactly what serial calls give.
@Suite struct ClassifierConcurrencyTests {
    typealias S = CodeBuiltStrokes

    /// What one call does: a single image, a single stroke (or drawing), or a batch of either.
    enum Call: Sendable {
        case image([UInt8])
        case floats([Float])
        case drawing([[StrokePoint]])
        case images([[UInt8]])
        case drawings([[[StrokePoint]]])

        func run(on classifier: StrokeClassifier) -> [Classification] {
            switch self {
            case let .image(bytes): [classifier.classify(image: bytes)]
            case let .floats(values): [classifier.classify(image: values)]
            case let .drawing(strokes): strokes.count == 1 ? [classifier.classify(stroke: strokes[0])] : [classifier.classify(strokes: strokes)]
            case let .images(batch): classifier.classify(images: batch)
            case let .drawings(batch): classifier.classify(drawings: batch)
            }
        }
    }

    /// 200 calls, every kind mixed, each on its own inputs; some batches span several forward
    /// batches of the classifier (capacity 16 below).
    static func calls() -> [Call] {
        let drawings = StrokeClassifierTests.mixedDrawings(60)
        let rasterizer = StrokeRasterizer(parameters: S.shipped.model.rasterizer)
        let images = drawings.map { rasterizer.rasterize($0) }
        let scale = S.shipped.model.input.scale
        return (0..<200).map { i in
            let k = i % drawings.count
            switch i % 5 {
            case 0: return .image(images[k])
            case 1: return .floats(images[k].map { Float($0) * scale })
            case 2: return .drawing(drawings[k])
            case 3: return .images(Array(images[k...].prefix(1 + i % 37)))
            default: return .drawings(Array(drawings[k...].prefix(1 + (i * 7) % 41)))
            }
        }
    }

    /// Results by call index, filled from many threads.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [[Classification]?]
        init(count: Int) { values = Array(repeating: nil, count: count) }
        subscript(index: Int) -> [Classification]? {
            get { lock.withLock { values[index] } }
            set { lock.withLock { values[index] = newValue } }
        }
    }

    /// A fresh classifier (empty workspace pools, so threads also race to create workspaces)
    /// with small batches and a threshold that rejects some results.
    private func freshClassifier() -> StrokeClassifier {
        StrokeClassifier(model: S.shipped.model, rejectionThreshold: Self.threshold, batchCapacity: 16)
    }

    /// The middle of the calls' distinct confidences under the shipped model: some results
    /// fall below it and some do not, however sure a retrained model is.
    static let threshold: Float = {
        let plain = StrokeClassifier(model: S.shipped.model)
        let scores = Set(StrokeClassifierTests.mixedDrawings(60).map { plain.classify(strokes: $0).confidence }).sorted()
        return scores[scores.count / 2]
    }()

    /// The calls one after another on one classifier.
    private func serialResults(_ calls: [Call]) -> [[Classification]] {
        let classifier = freshClassifier()
        return calls.map { $0.run(on: classifier) }
    }

    private func compare(_ results: Results, with serial: [[Classification]], only indices: [Int]? = nil, _ context: String) {
        var wrong = 0
        let indices = indices ?? Array(serial.indices)
        for i in indices {
            guard let concurrent = results[i] else { Issue.record("\(context): call \(i) gave no result"); wrong += 1; continue }
            if concurrent != serial[i] {
                wrong += 1
                if wrong <= 5 { Issue.record("\(context): call \(i) gave \(concurrent), serially \(serial[i])") }
            }
        }
        #expect(wrong == 0, "\(context): \(wrong) of \(indices.count) calls differ from serial calls")
    }

    @Test func concurrentPerformGivesTheSerialResults() {
        let calls = Self.calls()
        let serial = serialResults(calls)
        #expect(Set(serial.joined().map(\.isRejected)) == [false, true], "some results rejected, some not")
        #expect(Set(serial.joined().map(\.topLabel)) == ["arrow", "circle", "cycle"])
        for round in 0..<2 {
            let classifier = freshClassifier()
            let results = Results(count: calls.count)
            // Each round runs the calls in another order, so neighbours differ between rounds.
            DispatchQueue.concurrentPerform(iterations: calls.count) { n in
                let i = (n * 37 + round * 11) % calls.count
                results[i] = calls[i].run(on: classifier)
            }
            compare(results, with: serial, "concurrentPerform round \(round)")
        }
    }

    /// Batch calls split whole forward batches between `Compute.threads` workers, each with a
    /// single-threaded BLAS: the thread count changes the speed, never the bits. (Other
    /// suites may change the thread count meanwhile; by this very property, that is harmless.)
    @Test func batchResultsAreTheSameBitsAtOneAndTwoThreads() {
        let drawings = StrokeClassifierTests.mixedDrawings(150)
        let classifier = StrokeClassifier(model: S.shipped.model, batchCapacity: 4)
        defer { Compute.setThreads(1) }
        var results: [[Classification]] = []
        for threads in [1, 2, 1] {
            Compute.setThreads(threads)
            results.append(classifier.classify(drawings: drawings))
        }
        #expect(results[0].count == 150)
        #expect(results[0] == results[1] && results[1] == results[2])
    }

    @Test func taskGroupGivesTheSerialResults() async {
        let calls = Self.calls()
        let serial = serialResults(calls)
        let classifier = freshClassifier()
        let results = Results(count: calls.count)
        await withTaskGroup(of: Void.self) { group in
            for i in calls.indices.reversed() {
                group.addTask { results[i] = calls[i].run(on: classifier) }
            }
        }
        compare(results, with: serial, "task group")
    }

    /// Threads (not only the cooperative pool, which may have as few threads as cores): eight
    /// of them on one classifier, each running every fourth call from its own offset, so each
    /// call runs on two threads at once.
    @Test func manyThreadsGiveTheSerialResults() {
        let calls = Self.calls()
        let serial = serialResults(calls)
        let classifier = freshClassifier()
        let threads = 8
        let results = (0..<threads).map { _ in Results(count: calls.count) }
        let done = DispatchGroup()
        for t in 0..<threads {
            let results = results[t]
            done.enter()
            Thread {
                for i in stride(from: t % 4, to: calls.count, by: 4) { results[i] = calls[i].run(on: classifier) }
                done.leave()
            }.start()
        }
        done.wait()
        for t in 0..<threads {
            let mine = Array(stride(from: t % 4, to: calls.count, by: 4))
            compare(results[t], with: serial, only: mine, "thread \(t)")
        }
    }
}
