import Foundation

/// Independent measurements spread over the machine's cores, results in input order. The
/// classifier is thread-safe, and each scenario has its own editor.
enum InkParallel {
    static func map<Input: Sendable, Output: Sendable>(_ inputs: [Input], _ transform: @Sendable (Input) -> Output) -> [Output] {
        let results = Results<Output>(count: inputs.count)
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            results.set(index, transform(inputs[index]))
        }
        return results.values.map { $0! }
    }

    private final class Results<Output>: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [Output?]

        init(count: Int) { storage = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ value: Output) {
            lock.lock()
            storage[index] = value
            lock.unlock()
        }

        var values: [Output?] { lock.withLock { storage } }
    }
}
