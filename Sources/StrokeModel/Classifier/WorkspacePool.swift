import Foundation

/// One thread's buffers for classifying: its own copy of the weights, a forward pass,
/// rasterized pixels (and the rasterizer's scratch) and probabilities.
///
/// Why a copy of the weights per workspace (860 KB for the reference network): two threads
/// classifying batches at once ran 10–20% slower reading one shared copy than each reading
/// its own, made by the thread that uses it (12 of 12 alternated runs; Benchmarks/NOTES.md).
final class Workspace {
    let parameters: ParameterBuffer
    let forward: ForwardPass
    let pixels: UnsafeMutableBufferPointer<UInt8>
    let distances: UnsafeMutableBufferPointer<Float>
    let probabilities: UnsafeMutablePointer<Float>
    private let arena = ScratchArena()

    init(weights: [[Float]], architecture: Architecture, capacity: Int, plan: ConvolutionPlan) {
        parameters = ParameterBuffer(architecture: architecture, values: weights)
        forward = ForwardPass(architecture: architecture, capacity: capacity, plan: plan)
        let pixelCount = capacity * architecture.input.count
        pixels = UnsafeMutableBufferPointer(start: arena.zeros(pixelCount, of: UInt8.self), count: pixelCount)
        distances = UnsafeMutableBufferPointer(start: arena.zeros(architecture.input.count), count: architecture.input.count)
        probabilities = arena.zeros(capacity * architecture.classCount, of: Float.self)
    }
}

/// Workspaces for concurrent callers: a call takes a free one (or makes one, the first time
/// a thread needs it) and puts it back, so steady use allocates nothing.
final class WorkspacePool: @unchecked Sendable {
    /// The model's weights, which each workspace copies.
    private let weights: [[Float]]
    private let architecture: Architecture
    private let capacity: Int
    private let plan: ConvolutionPlan
    private let lock = NSLock()
    private var free: [Workspace] = []

    init(weights: [[Float]], architecture: Architecture, capacity: Int, plan: ConvolutionPlan) {
        self.weights = weights
        self.architecture = architecture
        self.capacity = capacity
        self.plan = plan
        free.reserveCapacity(64)
    }

    func with<R>(_ body: (Workspace) -> R) -> R {
        let workspace = lock.withLock { free.popLast() } ?? Workspace(weights: weights, architecture: architecture, capacity: capacity, plan: plan)
        defer { lock.withLock { free.append(workspace) } }
        return body(workspace)
    }
}
