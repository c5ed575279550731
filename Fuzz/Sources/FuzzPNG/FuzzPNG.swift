import FuzzDriver
import StrokeTraining

/// Any bytes through the PNG decoder (libpng's simplified API) and on into the 28×28 image the
/// dataset loader keeps: it must give an image or throw `ImageError`, never crash or leak
/// (LeakSanitizer checks each input, so libpng's error paths must free what they allocated).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    decode(bytes)
    // libpng rejects a chunk whose CRC is wrong before reading it, so nearly every mutation
    // would stop there; decode a copy with the CRCs made right as well, to reach the parsers.
    var fixed = Array(bytes)
    if fixChunkCRCs(&fixed) { fixed.withUnsafeBytes { decode($0) } }
    return 0
}

private func decode(_ bytes: UnsafeRawBufferPointer) {
    guard let image = try? PNGDecoder.decode(bytes, path: "fuzz.png") else { return }
    precondition(image.width > 0 && image.height > 0 && image.pixels.count == image.width * image.height)
    precondition(ImageNormalizer.normalize(image).count == ImageNormalizer.imageSize)
}

/// Rewrites the CRC of every whole chunk after the signature; true when any changed.
private func fixChunkCRCs(_ png: inout [UInt8]) -> Bool {
    var changed = false
    var offset = 8
    while offset + 12 <= png.count {
        let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        guard length <= png.count - offset - 12 else { break }
        let end = offset + 8 + length
        let crc = crc32(png[(offset + 4)..<end])
        for k in 0..<4 {
            let byte = UInt8(truncatingIfNeeded: crc >> (24 - 8 * k))
            if png[end + k] != byte { png[end + k] = byte; changed = true }
        }
        offset = end + 4
    }
    return changed
}

private let crcTable: [UInt32] = (0..<256).map { n in
    (0..<8).reduce(UInt32(n)) { c, _ in c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
}

private func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    ~bytes.reduce(~UInt32(0)) { c, byte in crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
}

@_cdecl("FuzzPNG_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
