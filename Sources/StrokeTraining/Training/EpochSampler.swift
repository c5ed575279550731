/// Each epoch's order of images, as indices into a mixture's combined dataset.
///
/// A source gives `imagesPerEpoch` entries: whole passes over its images, and for what is left,
/// distinct images drawn afresh each epoch. The whole passes are shuffled in place from one
/// epoch to the next with the trainer's original stream, so a single dataset at weight 1 gets
/// exactly the orders it got before mixtures existed; the draws, and mixing them in, use a
/// stream of their own.
struct EpochSampler {
    /// Entries every epoch holds.
    private var fixed: [Int] = []
    /// Per source with a remainder: its indices (reordered by the draws) and how many to draw.
    private var draws: [(pool: [Int], count: Int)] = []
    private var shuffler: SeededGenerator
    private var drawer: SeededGenerator
    let epochSize: Int

    init(_ mixture: TrainingMixture, seed: UInt64) {
        var start = 0
        for source in mixture.sources where source.dataset.count > 0 {
            let indices = Array(start..<(start + source.dataset.count))
            let (passes, rest) = source.imagesPerEpoch.quotientAndRemainder(dividingBy: indices.count)
            for _ in 0..<passes { fixed += indices }
            if rest > 0 { draws.append((indices, rest)) }
            start += indices.count
        }
        epochSize = mixture.imagesPerEpoch
        let generator = SeededGenerator(seed: seed)
        shuffler = generator.derived(2)
        drawer = generator.derived(3)
    }

    mutating func next() -> [Int] {
        fixed.shuffle(using: &shuffler)
        guard !draws.isEmpty else { return fixed }
        var order = fixed
        for d in draws.indices {
            // Partial Fisher–Yates: the pool's first `count` become a uniform draw without repeats.
            let count = draws[d].count, size = draws[d].pool.count
            for i in 0..<count { draws[d].pool.swapAt(i, Int.random(in: i..<size, using: &drawer)) }
            order += draws[d].pool[..<count]
        }
        order.shuffle(using: &drawer)
        return order
    }
}
