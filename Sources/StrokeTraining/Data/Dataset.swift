/// Labelled 28×28 images kept as bytes (784 B each, white ink on black); converted to
/// floats per batch by the trainer.
public struct Dataset: Sendable, Equatable {
    public static let imageSize = ImageNormalizer.imageSize

    /// Class names, sorted; a target is an index into this list.
    public var labels: [String]
    /// `count × imageSize` bytes, image after image.
    public var images: [UInt8]
    public var targets: [Int]
    /// The file each image came from, for reports (e.g. listing misclassified files).
    public var paths: [String]

    public init(labels: [String], images: [UInt8], targets: [Int], paths: [String]) {
        precondition(images.count == targets.count * Self.imageSize, "\(Self.imageSize) bytes per image")
        precondition(paths.count == targets.count, "one path per image")
        precondition(targets.allSatisfy { labels.indices.contains($0) }, "targets index into labels")
        self.labels = labels
        self.images = images
        self.targets = targets
        self.paths = paths
    }

    public var count: Int { targets.count }
    public var imageSize: Int { Self.imageSize }

    /// Image `index`'s bytes without copying them.
    public func withImage<R, E: Error>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        precondition(targets.indices.contains(index), "image index \(index) out of range 0..<\(count)")
        let result = images.withUnsafeBufferPointer { all in
            Result { () throws(E) in
                try body(UnsafeBufferPointer(rebasing: all[index * Self.imageSize..<(index + 1) * Self.imageSize]))
            }
        }
        return try result.get()
    }

    /// A copy of image `index`'s bytes.
    public func image(_ index: Int) -> [UInt8] {
        Array(images[index * Self.imageSize..<(index + 1) * Self.imageSize])
    }

    /// The images at `indices`, in that order, with the same labels.
    public func subset(_ indices: [Int]) -> Dataset {
        var bytes = [UInt8]()
        bytes.reserveCapacity(indices.count * Self.imageSize)
        for i in indices { bytes.append(contentsOf: images[i * Self.imageSize..<(i + 1) * Self.imageSize]) }
        return Dataset(labels: labels, images: bytes, targets: indices.map { targets[$0] }, paths: indices.map { paths[$0] })
    }

    /// The same images under `labels`, which must hold every one of this dataset's labels
    /// (in any order): a dataset with some of the classes, such as corrected strokes, joins
    /// one with all of them. Nil when a label of this dataset is not in `labels`.
    public func relabeled(as labels: [String]) -> Dataset? {
        let positions = self.labels.map { labels.firstIndex(of: $0) }
        guard positions.allSatisfy({ $0 != nil }) else { return nil }
        return Dataset(labels: labels, images: images, targets: targets.map { positions[$0]! }, paths: paths)
    }

    /// These images followed by `other`'s, which has the same labels.
    public func merged(with other: Dataset) -> Dataset {
        precondition(other.labels == labels, "merged datasets need the same labels")
        return Dataset(labels: labels, images: images + other.images, targets: targets + other.targets, paths: paths + other.paths)
    }

    /// Images per class, in label order.
    public var classCounts: [Int] {
        var counts = [Int](repeating: 0, count: labels.count)
        for t in targets { counts[t] += 1 }
        return counts
    }
}
