import Dispatch
import Foundation

/// The thread count, one setting for OpenBLAS and for this package's own parallel loops.
///
/// Loops split their work into fixed contiguous chunks that write disjoint memory, so the
/// result never depends on scheduling: same thread count ⇒ same bits.
public enum Compute {
    private static let state = ThreadState()
    private static let insideWorker = ThreadFlag()

    public static var threads: Int { state.threads }

    /// Sets the thread count for everything (clamped to at least 1).
    public static func setThreads(_ count: Int) {
        state.setThreads(max(1, count))
    }

    /// Elements per chunk below which an elementwise loop is not worth a second thread (one
    /// image's activations stay on the calling thread).
    public static let elementwiseChunk = 32_768

    /// Runs `body` over `0..<count` split into at most `threads` contiguous chunks.
    /// Inside a `dataParallel` worker it runs on the calling thread. Chunks that call BLAS
    /// themselves (`callingBLAS`) run as `dataParallel` workers, with a single-threaded
    /// OpenBLAS, so the chunks, not OpenBLAS, share the cores.
    @inline(__always)
    public static func parallelFor(
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

    /// Runs `body(worker)` for `workers` workers at once, each with OpenBLAS and nested
    /// `parallelFor` loops single-threaded: for many small problems (classifying batches)
    /// one problem per core beats splitting every sgemm between cores.
    ///
    /// One worker runs on the calling thread, but still with a single-threaded OpenBLAS: the
    /// sgemms inside then round the same whatever the thread setting is at that moment (it is
    /// process-wide, and another run in the same process may change it).
    public static func dataParallel(_ workers: Int, _ body: (Int) -> Void) {
        guard workers > 0, !insideWorker.isSet else {
            for worker in 0..<max(workers, 0) { body(worker) }
            return
        }
        state.enterDataParallel()
        defer { state.leaveDataParallel() }
        if workers == 1 {
            insideWorker.set(true)
            defer { insideWorker.set(false) }
            body(0)
            return
        }
        concurrently(workers) { worker in
            insideWorker.set(true)
            defer { insideWorker.set(false) }
            body(worker)
        }
    }

    @inline(__always)
    private static func concurrently(_ iterations: Int, _ body: (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            let box = UncheckedBox(body)
            DispatchQueue.concurrentPerform(iterations: iterations) { box.value($0) }
        }
    }
}

/// The thread setting, and how many `dataParallel` regions are running: while any is,
/// OpenBLAS stays single-threaded.
private final class ThreadState: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = 1
    private var regions = 0

    var threads: Int { lock.withLock { stored } }

    func setThreads(_ count: Int) {
        lock.withLock {
            stored = count
            if regions == 0 { BLAS.setThreads(count) }
        }
    }

    func enterDataParallel() {
        lock.withLock {
            regions += 1
            if regions == 1 { BLAS.setThreads(1) }
        }
    }

    func leaveDataParallel() {
        lock.withLock {
            regions -= 1
            if regions == 0 { BLAS.setThreads(stored) }
        }
    }
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
