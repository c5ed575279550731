/// Zero-filled buffers allocated once and freed together with their owner: the scratch
/// memory of forward and backward passes and classifier workspaces.
package final class ScratchArena {
    private var blocks: [UnsafeMutableRawPointer] = []

    package init() {}

    deinit { blocks.forEach { $0.deallocate() } }

    /// `count` zeros of `T` (at least one element, so sizes of 0 are harmless).
    package func zeros<T: Numeric>(_ count: Int, of _: T.Type = Float.self) -> UnsafeMutablePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: max(count, 1))
        pointer.initialize(repeating: 0, count: max(count, 1))
        blocks.append(UnsafeMutableRawPointer(pointer))
        return pointer
    }
}
