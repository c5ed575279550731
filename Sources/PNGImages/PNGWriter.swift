import CPNG
import Foundation
import StrokeModel

/// Writes 8-bit gray PNGs with libpng's simplified API (no `longjmp` on errors).
public enum PNGWriter {
    public static func encode(_ image: GrayImage) throws(ImageError) -> [UInt8] {
        try encode(image, path: "in-memory PNG")
    }

    /// Encodes in memory, then replaces the file atomically: readers never see half a PNG.
    public static func write(_ image: GrayImage, to url: URL) throws(ImageError) {
        let bytes = try encode(image, path: url.path)
        do {
            try AtomicFile.write(bytes, to: url)
        } catch {
            throw .writeFailed(path: url.path, reason: error.localizedDescription)
        }
    }

    private static func encode(_ image: GrayImage, path: String) throws(ImageError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw .zeroSize(path: path) }
        // Stored (uncompressed) data plus headers always fits; libpng says if it needs more.
        var capacity = (image.width + 1) * image.height * 2 + 1024
        for _ in 0..<2 {
            var png = png_image()
            png.version = UInt32(PNG_IMAGE_VERSION)
            png.width = UInt32(image.width)
            png.height = UInt32(image.height)
            png.format = UInt32(PNG_FORMAT_GRAY)
            var size = capacity
            var out = [UInt8](repeating: 0, count: capacity)
            let ok = out.withUnsafeMutableBytes { memory in
                image.pixels.withUnsafeBytes { pixels in
                    png_image_write_to_memory(&png, memory.baseAddress, &size, 0, pixels.baseAddress, 0, nil)
                }
            }
            png_image_free(&png)
            if ok != 0 { return Array(out.prefix(size)) }
            guard size > capacity else {
                let message = withUnsafeBytes(of: png.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                throw .writeFailed(path: path, reason: "libpng: \(message)")
            }
            capacity = size
        }
        throw .writeFailed(path: path, reason: "libpng kept asking for a larger buffer")
    }
}
