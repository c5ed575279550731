import Foundation

/// A request to stop training after the current step, set from elsewhere (a SIGINT handler)
/// and read by the trainer between steps.
public final class StopRequest: @unchecked Sendable {
    private let lock = NSLock()
    private var requested = false

    public init() {}

    public var isRequested: Bool { lock.withLock { requested } }

    public func request() { lock.withLock { requested = true } }
}
