import StrokeModel

/// What a model trains on: the primary dataset's training images and, optionally, other
/// datasets with the same labels (for example synthetic strokes added to real ones).
///
/// Each source has a weight: an epoch takes round(weight × its images) of it. Validation and
/// cross-validation hold out images of the `heldOutPool` only: the primary's, plus the `other`
/// strokes of other sources when the primary has none (generated scribbles beside real
/// strokes), so held-out figures come from the primary's images and can still say how many
/// unseen `other` strokes are rejected. Everything else the other sources give only trains.
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

    /// The images validation and cross-validation may hold out, the primary's first (see the
    /// type's comment); indices into it are what `restrictingPool(to:)` takes.
    public var heldOutPool: Dataset {
        let members = poolMembers
        guard members.count > primary.count else { return primary }
        var pool = primary
        for (source, index) in members.dropFirst(primary.count) {
            let dataset = sources[source].dataset
            pool.images += dataset.image(index)
            pool.targets.append(dataset.targets[index])
            pool.paths.append(dataset.paths[index])
        }
        return pool
    }

    /// The mixture's training part when the pool images at `indices` are the only ones of the
    /// pool it may train on: the primary cut down, and the other sources' pooled `other`
    /// images not at `indices` left out.
    public func restrictingPool(to indices: [Int]) -> TrainingMixture {
        let members = poolMembers
        var kept = Array(repeating: [Int](), count: sources.count)
        for index in indices { kept[members[index].source].append(members[index].index) }
        var copy = self
        for source in sources.indices where source == 0 || members.count > primary.count {
            let dataset = sources[source].dataset
            let pooled = Set(members.filter { $0.source == source }.map(\.index))
            let keep = source == 0 ? kept[0] : Set(kept[source]).union(dataset.targets.indices.filter { !pooled.contains($0) }).sorted()
            copy.sources[source].dataset = dataset.subset(keep)
        }
        return copy
    }

    /// (source, image) of each pool image, in pool order.
    private var poolMembers: [(source: Int, index: Int)] {
        var members = primary.targets.indices.map { (source: 0, index: $0) }
        guard let other = primary.labels.firstIndex(of: RejectionRule.otherLabel), !primary.targets.contains(other) else {
            return members
        }
        for source in sources.indices.dropFirst() {
            members += sources[source].dataset.targets.indices.filter { sources[source].dataset.targets[$0] == other }
                .map { (source: source, index: $0) }
        }
        return members
    }

    /// Every source's images in one dataset, the primary first, so the trainer indexes one array.
    var combined: Dataset {
        guard sources.count > 1 else { return primary }
        return Dataset(
            labels: primary.labels, images: Array(sources.map(\.dataset.images).joined()),
            targets: sources.flatMap(\.dataset.targets), paths: sources.flatMap(\.dataset.paths))
    }
}
