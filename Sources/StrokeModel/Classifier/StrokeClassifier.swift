import Foundation

/// The classifier the editor uses: a model file loaded once, then images or pen strokes in,
/// labels and probabilities out.
///
/// Safe to call from several threads at once: each call borrows a workspace (a forward pass
/// and its buffers) from a pool and gives it back, so after the first call on each thread
/// nothing is allocated per call. Strokes are drawn with the rasterizer parameters stored in
/// the model file, exactly as the training images were.
public final class StrokeClassifier: Sendable {
/// The model it runs: network, weights, labels, rasterizer parameters, provenance.
    public let model: ClassifierModel
    /// Calls whose shape confidence is below this are rejected (`label` is nil), as are calls
    /// whose top class is `other` (see `RejectionRule`).
    public let rejectionThreshold: Float
    /// Images per forward pass in batch calls. Small by default: a pass of four images keeps
    /// its activations in L2 and measured fastest (against 1 and 16, `strokes bench inference
    /// --batch-size`); batch calls of more images run several passes, split between
    /// `Compute.threads` workers.
    public let batchCapacity: Int
/// The class names, in output order.
    public var labels: [String] { model.labels }

    private let rasterizer: StrokeRasterizer
    /// 1 / the model's temperature: logits are scaled by it before the softmax.
    private let inverseTemperature: Float
    /// Single calls use one-image workspaces; batch calls larger ones (about 190 KB of
    /// activations and window rows per image: no single call should carry a batch's).
    private let single: WorkspacePool
    private let batch: WorkspacePool
    /// How the convolutions shape their sgemms, for single calls and batches alike (so the
    /// two give the same bits): timed on this machine, once (`ConvolutionTuning`).
    public let convolutionPlan: ConvolutionPlan

/// A classifier running `model`. A result is rejected (`label` nil) when its most probable
/// class is `other` or its shape confidence (see `RejectionRule`) is under `rejectionThreshold`: by default the threshold
/// the model file recommends, else 0. `batchCapacity` images go through the network together
/// in batch calls.
    public init(model: ClassifierModel, rejectionThreshold: Float? = nil, batchCapacity: Int = 4) {
        if let mismatch = Self.mismatch(in: model) { preconditionFailure(mismatch.reason) }
        self.model = model
        self.rejectionThreshold = rejectionThreshold ?? model.calibration.threshold ?? 0
        self.batchCapacity = max(1, batchCapacity)
        inverseTemperature = 1 / model.calibration.temperature
        rasterizer = StrokeRasterizer(parameters: model.rasterizer)
        // Each workspace copies the model's weights for itself (see `Workspace`).
        // Batches are measured at up to 8 images: every strategy works image by image.
        convolutionPlan = ConvolutionTuning.inferencePlan(for: model.architecture)
        single = WorkspacePool(weights: model.parameters, architecture: model.architecture, capacity: 1, plan: convolutionPlan)
        batch = WorkspacePool(
            weights: model.parameters, architecture: model.architecture, capacity: self.batchCapacity, plan: convolutionPlan)
    }

    /// Loads a model file (see `ModelFile.read` for the checks). A valid model file that this
    /// classifier cannot run (see `mismatch(in:)`) is refused with an error, not a crash.
    /// `rejectionThreshold` nil uses the file's recommended threshold.
    public convenience init(contentsOf url: URL, rejectionThreshold: Float? = nil) throws(ModelFileError) {
        let model = try ModelFile.read(from: url)
        if let mismatch = Self.mismatch(in: model) {
            throw .invalidMetadata(source: url.isFileURL ? url.relativePath : url.absoluteString, key: mismatch.key, reason: mismatch.reason)
        }
        self.init(model: model, rejectionThreshold: rejectionThreshold)
    }

    /// Why `init(model:)` cannot take `model`, with the metadata key at fault, or nil. Model
    /// files may describe other networks (several channels, or a rasterizer side that is not
    /// the input's), but this classifier draws strokes into one-channel images of the input's size.
    public static func mismatch(in model: ClassifierModel) -> (key: String, reason: String)? {
        let input = model.architecture.input, side = model.rasterizer.side
        if input.channels != 1 {
            return ("architecture", "the input has \(input.channels) channels; a stroke classifier reads one-channel images")
        }
        if input.height != side || input.width != side {
            return ("rasterizer", "strokes are drawn \(side)×\(side) but the network reads \(input.height)×\(input.width)")
        }
        return nil
    }

    /// Pixels per image (`side × side`).
    public var imageSize: Int { model.architecture.input.count }

    // MARK: single inputs

    /// An 8-bit image, white ink on black, `imageSize` bytes row by row.
    public func classify(image: [UInt8]) -> Classification {
        precondition(image.count == imageSize, "an image has \(imageSize) pixels")
        return single.with { w in
            image.withUnsafeBufferPointer { w.forward.setInput(bytes: $0.baseAddress!, count: 1, scale: model.input.scale) }
            return run(w, count: 1)[0]
        }
    }

    /// An image already scaled as the network reads it (pixel × input scale, 0…1).
    public func classify(image: [Float]) -> Classification {
        precondition(image.count == imageSize, "an image has \(imageSize) pixels")
        return single.with { w in
            image.withUnsafeBufferPointer { w.forward.input.update(from: $0.baseAddress!, count: imageSize) }
            return run(w, count: 1)[0]
        }
    }

    /// One pen stroke.
    public func classify(stroke: [StrokePoint]) -> Classification {
        // The stroke, seen as a drawing of one stroke without building an array.
        withUnsafePointer(to: stroke) { classify(drawing: UnsafeBufferPointer(start: $0, count: 1)) }
    }

    /// Several strokes drawn together, classified as one drawing.
    public func classify(strokes: [[StrokePoint]]) -> Classification {
        strokes.withUnsafeBufferPointer { classify(drawing: $0) }
    }

    private func classify(drawing: UnsafeBufferPointer<[StrokePoint]>) -> Classification {
        single.with { w in
            rasterizeInput(drawing, into: w, slot: 0)
            return run(w, count: 1)[0]
        }
    }

    // MARK: batches

    /// Many 8-bit images, in batches of `batchCapacity`.
    public func classify(images: [[UInt8]]) -> [Classification] {
        batched(images.count) { w, start, count in
            for slot in 0..<count {
                let image = images[start + slot]
                precondition(image.count == imageSize, "an image has \(imageSize) pixels")
                image.withUnsafeBufferPointer { bytes in
                    let input = w.forward.input + slot * imageSize
                    for i in 0..<imageSize { input[i] = Float(bytes[i]) * model.input.scale }
                }
            }
        }
    }

    /// Many drawings (each one or more strokes), in batches of `batchCapacity`.
    public func classify(drawings: [[[StrokePoint]]]) -> [Classification] {
        batched(drawings.count) { w, start, count in
            for slot in 0..<count {
                drawings[start + slot].withUnsafeBufferPointer { rasterizeInput($0, into: w, slot: slot) }
            }
        }
    }

    // MARK: internals

    /// Splits `total` inputs into forward batches of `batchCapacity` and runs them, with
    /// `Compute.threads` workers each taking a contiguous run of whole batches. Batch
    /// boundaries do not depend on the thread count, and OpenBLAS runs single-threaded in
    /// every worker, so results are the same bits at any thread count.
    private func batched(_ total: Int, fill: (Workspace, Int, Int) -> Void) -> [Classification] {
        let batches = (total + batchCapacity - 1) / batchCapacity
        let workers = min(Compute.threads, batches)
        return [Classification](unsafeUninitializedCapacity: total) { results, initialized in
            let out = results.baseAddress!
            Compute.dataParallel(workers) { worker in
                batch.with { w in
                    for index in (batches * worker / workers)..<(batches * (worker + 1) / workers) {
                        let start = index * batchCapacity
                        let count = min(batchCapacity, total - start)
                        fill(w, start, count)
                        for (slot, result) in run(w, count: count).enumerated() { (out + start + slot).initialize(to: result) }
                    }
                }
            }
            initialized = total
        }
    }

    private func rasterizeInput(_ strokes: UnsafeBufferPointer<[StrokePoint]>, into w: Workspace, slot: Int) {
        let pixels = UnsafeMutableBufferPointer(rebasing: w.pixels[(slot * imageSize)..<((slot + 1) * imageSize)])
        rasterizer.rasterize(strokes, into: pixels, distances: w.distances)
        let input = w.forward.input + slot * imageSize
        for i in 0..<imageSize { input[i] = Float(pixels[i]) * model.input.scale }
    }

    private func run(_ w: Workspace, count: Int) -> ClassificationBatch {
        let classes = model.architecture.classCount
        let logits = w.forward.run(parameters: w.parameters, count: count)
        // Temperature scaling: in place, the logits are not read again.
        if inverseTemperature != 1 { for i in 0..<(count * classes) { logits[i] *= inverseTemperature } }
        Softmax.run(logits, batch: count, classes: classes, output: w.probabilities)
        return ClassificationBatch(labels: model.labels, probabilities: w.probabilities, classes: classes,
                                   count: count, threshold: rejectionThreshold, otherIndex: model.otherIndex)
    }
}

/// The classifications of one forward batch, made on demand from the workspace's buffer.
struct ClassificationBatch: RandomAccessCollection {
    let labels: [String]
    let probabilities: UnsafeMutablePointer<Float>
    let classes: Int
    let count: Int
    let threshold: Float
    let otherIndex: Int?

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(index: Int) -> Classification {
        Classification(
            labels: labels, probabilities: UnsafeBufferPointer(start: probabilities + index * classes, count: classes),
            threshold: threshold, otherIndex: otherIndex)
    }
}
