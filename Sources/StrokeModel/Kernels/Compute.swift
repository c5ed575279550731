import Dispatch
import Foundation

/// The thread count, one setting for OpenBLAS and for this package's own parallel loops.
///
/// Loops split their work into fixed contiguous chunks that write disjoint memory, so the
/// result never depends on scheduling: same thread count ⇒ same bits.
public enum Compute {
    private static let state = ThreadState()

    public static var threads: Int { state.value }

    /// Sets the thread count for everything (clamped to at least 1).
    public static func setThreads(_ count: Int) {
        let count = max(1, count)
        state.value = count
        BLAS.setThreads(count)
    }

    /// Runs `body` over `0..<count` split into at most `threads` contiguous chunks.
    @inline(__always)
    public static func parallelFor(_ count: Int, minimumChunk: Int = 1, _ body: (Range<Int>) -> Void) {
        let chunks = min(threads, max(1, count / max(1, minimumChunk)))
        if chunks <= 1 {
            if count > 0 { body(0..<count) }
            return
        }
        withoutActuallyEscaping(body) { body in
            let box = UncheckedBox(body)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let start = count * chunk / chunks
                let end = count * (chunk + 1) / chunks
                box.value(start..<end)
            }
        }
    }
}

private final class ThreadState: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = 1
    var value: Int {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Carries a non-Sendable closure into `concurrentPerform`; safe because every chunk
/// writes disjoint memory and the call returns only when all chunks are done.
private struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
