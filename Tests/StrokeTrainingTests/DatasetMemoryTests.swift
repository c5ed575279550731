import Foundation
import Testing
@testable import StrokeTraining

/// A dataset is kept as its images' bytes (784 each): no floats, no file data, no per-image
/// arrays. 100,000 images must take about 80 MB, not gigabytes.
@Suite struct DatasetMemoryTests {
    /// `count` 28×28 PNGs written by libpng, spread over three class folders.
    static func writeImages(_ count: Int, in folder: TemporaryFolder) throws {
        // A few distinct files, copied: encoding each one anew would dominate the run.
        let variants = try (0..<16).map { mark -> Data in
            var pixels = [UInt8](repeating: 0, count: 784)
            pixels[mark] = 255
            pixels[14 * 28 + 14] = 200
            return Data(try TestPNG.bytes(width: 28, height: 28, colorType: .gray, bitDepth: 8, samples: pixels.map(UInt16.init)))
        }
        for label in ["a", "b", "c"] { _ = try folder.folder(label) }
        for i in 0..<count {
            try variants[i % variants.count].write(to: folder.url.appendingPathComponent("\(["a", "b", "c"][i % 3])/\(i).png"))
        }
    }

    @Test func imagesAreStoredAsBytesWithoutSlack() throws {
        let folder = try TemporaryFolder()
        let count = 1500
        try Self.writeImages(count, in: folder)
        let train = try DatasetLoader.load(folder.url) { Issue.record("unexpected warning: \($0)") }.train
        #expect(train.count == count)
        #expect(train.images.count == count * Dataset.imageSize)
        // One exact allocation for all images, not a doubling buffer's leftover room.
        #expect(train.images.capacity - train.images.count < 4096, "capacity \(train.images.capacity)")
    }

    /// The full-size check, run by scripts/dataset-memory.sh (STROKES_MEMORY_IMAGES=100000):
    /// alone in its process, so the peak is the loader's.
    @Test(.enabled(if: PeakMemory.isAvailable && ProcessInfo.processInfo.environment["STROKES_MEMORY_IMAGES"] != nil))
    func loadingPeaksNearTheImageBytes() throws {
        let count = Int(ProcessInfo.processInfo.environment["STROKES_MEMORY_IMAGES"] ?? "") ?? 100_000
        let folder = try TemporaryFolder()
        try Self.writeImages(count, in: folder)
        PeakMemory.reset()
        let before = PeakMemory.resident
        let started = Date()
        let train = try DatasetLoader.load(folder.url) { Issue.record("unexpected warning: \($0)") }.train
        let seconds = Date().timeIntervalSince(started)
        let peak = PeakMemory.peak, growth = peak - before
        let imageBytes = count * Dataset.imageSize
        print("loaded \(train.count) images in \(String(format: "%.1f", seconds)) s: peak RSS \(peak / 1_000_000) MB, "
            + "\(growth / 1_000_000) MB above the \(before / 1_000_000) MB before loading, for \(imageBytes / 1_000_000) MB "
            + "of image bytes (\(growth / count) bytes per image)")
        #expect(train.count == count)
        // The bytes themselves, the paths and labels (~100 B each), and a little working memory.
        #expect(growth < imageBytes * 3 / 2 + 16_000_000, "peak grew by \(growth / 1_000_000) MB")
    }
}
