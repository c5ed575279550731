import Dispatch
import Foundation

/// Decodes many PNG files, in parallel, straight into one byte buffer of 784 bytes per image.
///
/// No per-image array or file data outlives its own decoding, so loading N images peaks near
/// N × 784 bytes (about 80 MB for 100,000), not several times that.
enum ImageBatchDecoder {
    /// The images of the files that decoded, in input order, and the errors of the others
    /// (with their index in `paths`).
    static func decode(_ paths: [String]) -> (images: [UInt8], failures: [(index: Int, error: ImageError)]) {
        let size = Dataset.imageSize
        let errors = Slots<ImageError>(count: paths.count)
        let images = [UInt8](unsafeUninitializedCapacity: paths.count * size) { buffer, initialized in
            let output = SharedBytes(buffer: buffer)
            DispatchQueue.concurrentPerform(iterations: paths.count) { i in
                let slot = UnsafeMutableBufferPointer(rebasing: output.buffer[i * size..<(i + 1) * size])
                do throws(ImageError) {
                    let image = try PNGDecoder.decode(contentsOf: URL(fileURLWithPath: paths[i], isDirectory: false))
                    _ = slot.initialize(from: ImageNormalizer.normalize(image))
                } catch {
                    slot.initialize(repeating: 0)
                    errors.buffer[i] = error
                }
            }
            // Close the gaps the failed files left, keeping the order.
            var kept = 0
            for i in 0..<paths.count where errors.buffer[i] == nil {
                if kept != i {
                    (buffer.baseAddress! + kept * size).update(from: buffer.baseAddress! + i * size, count: size)
                }
                kept += 1
            }
            initialized = kept * size
        }
        let failures = (0..<paths.count).compactMap { i in errors.buffer[i].map { (i, $0) } }
        return (images, failures)
    }
}

/// Fixed slots that parallel workers fill, each at its own index (so no two touch the same memory).
final class Slots<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element?>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }

    deinit {
        _ = buffer.deinitialize()
        buffer.deallocate()
    }
}

/// A byte buffer owned by the caller, shared with parallel workers that each write their own range.
private struct SharedBytes: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<UInt8>
}
