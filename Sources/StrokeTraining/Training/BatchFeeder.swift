import StrokeModel

/// Fills a forward pass's input with a batch of dataset images: bytes to floats, with
/// augmentation while training. Each image's random draws depend only on the seed, the
/// epoch and its position, so results do not depend on the thread count.
final class BatchFeeder {
    private let dataset: Dataset
    private let augmentation: Augmentation
    private let scale: Float
    private let seed: UInt64
    private let scratch: UnsafeMutablePointer<Float>
    private let arena = ScratchArena()
    /// The current batch's targets, as the loss wants them.
    let targets: UnsafeMutablePointer<Int32>

    init(dataset: Dataset, augmentation: Augmentation, scale: Float, seed: UInt64, capacity: Int) {
        self.dataset = dataset
        self.augmentation = augmentation
        self.scale = scale
        self.seed = seed
        scratch = arena.zeros(capacity * Dataset.imageSize, of: Float.self)
        targets = arena.zeros(capacity, of: Int32.self)
    }

    func fill(_ forward: ForwardPass, indices: ArraySlice<Int>, epoch: Int) {
        let size = Dataset.imageSize
        let side = forward.architecture.input.width
        let input = forward.input
        let start = indices.startIndex
        for (slot, index) in indices.enumerated() { targets[slot] = Int32(dataset.targets[index]) }
        dataset.images.withUnsafeBufferPointer { images in
            let base = images.baseAddress!
            Compute.parallelFor(indices.count, minimumChunk: 8) { slots in
                for slot in slots {
                    let index = indices[start + slot]
                    let source = base + index * size
                    let destination = input + slot * size
                    if augmentation.isNone {
                        for i in 0..<size { destination[i] = Float(source[i]) * scale }
                    } else {
                        var random = SeededGenerator(seed: seed ^ (UInt64(epoch) << 32) ^ UInt64(start + slot))
                        augmentation.apply(
                            source, side: side, scale: scale, random: &random,
                            scratch: scratch + slot * size, output: destination)
                    }
                }
            }
        }
    }
}
