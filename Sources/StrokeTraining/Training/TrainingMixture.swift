/// What a model trains on: the primary dataset's training images and, optionally, other
/// datasets with the same labels (for example synthetic strokes added to real ones).
///
/// Each source has a weight: an epoch takes round(weight × its images) of it. Only the primary
/// is ever split for validation or cross-validation; the others only add training images, so
/// held-out figures always come from primary images.
public struct TrainingMixture: Sendable {
    public struct Source: Sendable {
        public var dataset: Dataset
        public var weight: Double

        public init(dataset: Dataset, weight: Double = 1) {
            precondition(weight > 0 && weight.isFinite, "a source's weight must be positive")
            self.dataset = dataset
            self.weight = weight
        }

        /// Images this source gives each epoch: round(weight × images), but at least one, so a
        /// tiny weight (or a small training part of the primary) never leaves a source out.
        public var imagesPerEpoch: Int {
            dataset.count == 0 ? 0 : max(1, Int((weight * Double(dataset.count)).rounded()))
        }
    }

    /// The primary first.
    public private(set) var sources: [Source]

    /// The primary dataset: the one validation and cross-validation draw from.
    public var primary: Dataset { sources[0].dataset }

    /// Images in each epoch.
    public var imagesPerEpoch: Int { sources.reduce(0) { $0 + $1.imagesPerEpoch } }

    /// `dataset` alone, each image once per epoch: training exactly as without a mixture.
    public init(_ dataset: Dataset) {
        sources = [Source(dataset: dataset)]
    }

    /// `primary` mixed with `others`, which must have its labels.
    public init(primary: Source, others: [Source] = []) {
        precondition(others.allSatisfy { $0.dataset.labels == primary.dataset.labels }, "every source needs the primary's labels")
        sources = [primary] + others
    }

    /// Datasets with their shares, the primary first. A count becomes a fixed class-stratified
    /// subset, drawn from `seed` and the dataset's position, used at weight 1.
    public init(_ parts: [(dataset: Dataset, share: DatasetShare)], seed: UInt64) {
        precondition(!parts.isEmpty, "a mixture needs a primary dataset")
        let sources = parts.enumerated().map { position, part in
            switch part.share {
            case let .weight(weight):
                return Source(dataset: part.dataset, weight: weight)
            case let .count(count):
                var stream = SeededGenerator(seed: seed).derived(16 + UInt64(position))
                let picked = stratifiedSample(targets: part.dataset.targets, count: count, seed: stream.next())
                return Source(dataset: part.dataset.subset(picked))
            }
        }
        self.init(primary: sources[0], others: Array(sources.dropFirst()))
    }

    /// The same mixture with the primary cut down to its images at `indices` (its training part).
    public func restrictingPrimary(to indices: [Int]) -> TrainingMixture {
        var copy = self
        copy.sources[0].dataset = primary.subset(indices)
        return copy
    }

    /// Every source's images in one dataset, the primary first, so the trainer indexes one array.
    var combined: Dataset {
        guard sources.count > 1 else { return primary }
        return Dataset(
            labels: primary.labels, images: Array(sources.map(\.dataset.images).joined()),
            targets: sources.flatMap(\.dataset.targets), paths: sources.flatMap(\.dataset.paths))
    }
}
