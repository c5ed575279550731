import Dispatch
import Foundation

/// The thread count: how many of this package's workers share the work (OpenBLAS itself
/// stays single-threaded, see `ThreadState`).
///
/// Loops split their work into fixed contiguous chunks that write disjoint memory, so the
/// result never depends on scheduling: same thread count ⇒ same bits.
package enum Compute {
    private static let state = ThreadState()
    private static let insideWorker = ThreadFlag()

    package static var threads: Int { state.threads }

    /// Sets the thread count for everything (clamped to at least 1).
    package static func setThreads(_ count: Int) {
        state.setThreads(max(1, count))
    }

    /// Elements per chunk below which an elementwise loop is not worth a second thread (one
    /// image's activations stay on the calling thread).
    package static let elementwiseChunk = 32_768

    /// Runs `body` over `0..<count` split into at most `threads` contiguous chunks.
    /// Inside a `dataParallel` worker it runs on the calling thread. Chunks that call BLAS
    /// themselves (`callingBLAS`) run as `dataParallel` workers.
    @inline(__always)
    package static func parallelFor(
        _ count: Int, minimumChunk: Int = 1, callingBLAS: Bool = false, _ body: (Range<Int>) -> Void
    ) {
        let chunks = insideWorker.isSet ? 1 : min(threads, max(1, count / max(1, minimumChunk)))
        if chunks <= 1 {
            if count > 0 { body(0..<count) }
            return
        }
        let chunk = { (index: Int) in body((count * index / chunks)..<(count * (index + 1) / chunks)) }
        if callingBLAS { dataParallel(chunks, chunk) } else { concurrently(chunks, chunk) }
    }

    /// Runs `body(worker)` for `workers` workers at once, with nested `parallelFor` loops
    /// single-threaded: for many small problems (classifying batches, a training step's
    /// shards) one problem per core beats splitting every sgemm between cores.
    package static func dataParallel(_ workers: Int, _ body: (Int) -> Void) {
        guard workers > 1, !insideWorker.isSet else {
            for worker in 0..<max(workers, 0) { body(worker) }
            return
        }
        concurrently(workers) { worker in
            insideWorker.set(true)
            defer { insideWorker.set(false) }
            body(worker)
        }
    }

    /// Runs `body` as one worker of `dataParallel` would, its nested loops on this thread:
    /// to time a piece of work as a training shard or a batch worker runs it.
    package static func asOneWorker<R>(_ body: () -> R) -> R {
        let outer = insideWorker.isSet
        insideWorker.set(true)
        defer { insideWorker.set(outer) }
        return body()
    }

    @inline(__always)
    private static func concurrently(_ iterations: Int, _ body: (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            let box = UncheckedBox(body)
            DispatchQueue.concurrentPerform(iterations: iterations) { box.value($0) }
        }
    }
}

/// The thread setting. OpenBLAS itself always runs single-threaded: every thread is one of
/// ours, each calling a single-threaded sgemm. When OpenBLAS's own threads were switched on
/// between parallel regions, they kept spinning after their sgemm and took the cores from
/// ours (a 2-thread training step ran 20–30% slower and far less steadily; Benchmarks/NOTES.md);
/// and a result's bits can no longer depend on how OpenBLAS splits a product.
private final class ThreadState: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = 1

    /// Made on the first use of `Compute`, which every kernel goes through before its sgemms.
    init() { BLAS.setThreads(1) }

    var threads: Int { lock.withLock { stored } }

    func setThreads(_ count: Int) { lock.withLock { stored = count } }
}

/// A per-thread boolean (a pthread key), read on every `parallelFor`.
private final class ThreadFlag: @unchecked Sendable {
    private var key = pthread_key_t()

    init() { pthread_key_create(&key, nil) }

    var isSet: Bool { pthread_getspecific(key) != nil }

    func set(_ value: Bool) {
        pthread_setspecific(key, value ? UnsafeRawPointer(bitPattern: 1) : nil)
    }
}

/// Carries a non-Sendable closure into `concurrentPerform`; safe because every chunk
/// writes disjoint memory and the call returns only when all chunks are done.
private struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
