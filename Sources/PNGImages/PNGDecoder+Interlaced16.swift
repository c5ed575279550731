import CPNG
import Foundation

/// Adam7-interlaced 16-bit files are read as 16-bit linear light and converted to 8 bits here:
/// libpng's own 16→8-bit step in the simplified reader loses the rows of earlier passes for
/// them (libpng issue #853, in Debian's 1.6.39 security update), which would train on
/// scrambled images without any error.
extension PNGDecoder {
    /// IHDR data starts at byte 16: width, height (4 each), bit depth (24), colour type,
    /// compression, filter, interlace method (28; 1 is Adam7).
    static func isInterlacedSixteenBit(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count > 28 && bytes[24] == 16 && bytes[28] == 1
    }

    /// Gray, or gray + alpha (straight, not premultiplied), 8 bits per sample as sRGB; nil
    /// when libpng fails (its message is in `image`).
    static func finishReadingLinear(_ image: inout png_image, hasAlpha: Bool) -> [UInt8]? {
        let channels = hasAlpha ? 2 : 1
        let count = Int(image.width) * Int(image.height)
        image.format = UInt32(PNG_FORMAT_FLAG_LINEAR) | (hasAlpha ? UInt32(PNG_FORMAT_FLAG_ALPHA) : 0)
        var linear = [UInt16](repeating: 0, count: count * channels)
        // The row stride of 16-bit formats counts samples, not bytes.
        let ok = linear.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, Int32(Int(image.width) * channels), nil) }
        guard ok != 0 else { return nil }
        guard hasAlpha else { return linear.map { sRGB(Double($0) / 65535) } }
        var out = [UInt8](repeating: 0, count: count * 2)
        for i in 0..<count {
            // Linear formats with alpha are premultiplied.
            let alpha = Double(linear[2 * i + 1]) / 65535
            out[2 * i] = alpha > 0 ? sRGB(Double(linear[2 * i]) / 65535 / alpha) : 0
            out[2 * i + 1] = UInt8((alpha * 255).rounded())
        }
        return out
    }

    /// Linear light 0…1 as an 8-bit sRGB value. libpng's simplified API takes sRGB as a pure
    /// 2.2 gamma (PNG_GAMMA_sRGB), so its inverse is used, not the piecewise sRGB curve: an
    /// image then reads the same interlaced or not.
    private static func sRGB(_ linear: Double) -> UInt8 {
        UInt8((pow(min(1, max(0, linear)), 1 / 2.2) * 255).rounded())
    }
}
