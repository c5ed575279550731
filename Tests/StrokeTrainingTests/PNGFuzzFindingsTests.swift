import AllocationCounter
import Foundation
import Testing
@testable import StrokeTraining

/// Inputs the PNG fuzzer (Fuzz/, `make fuzz`) found, each of which crashed or exhausted memory.
@Suite struct PNGFuzzFindingsTests {
    private func decodeError(_ bytes: [UInt8]) -> ImageError? {
        do {
            _ = try PNGDecoder.decode(bytes, path: "fuzz.png")
            return nil
        } catch {
            return error
        }
    }

    /// A big-endian chunk header: length, then the type.
    private func chunkHeader(length: UInt32, type: String) -> [UInt8] {
        withUnsafeBytes(of: length.bigEndian, Array.init) + Array(type.utf8)
    }

    /// A 308-byte file whose tEXt chunk claims 1 951 551 059 bytes: libpng allocated that much
    /// before noticing the data was missing (the fuzzer's 2 GB memory limit stopped it).
    @Test func aChunkLongerThanTheFileIsTruncatedWithoutAllocatingItsLength() throws {
        let png = try TestPNG.bytes(width: 12, height: 40, colorType: .grayAlpha, bitDepth: 8, samples: Array(repeating: 128, count: 960))
        let ihdr = Array(png.prefix(8 + 25))  // signature, then IHDR: length, type, 13 bytes, CRC
        let bytes = ihdr + chunkHeader(length: 0x7452_4E53, type: "tEXt") + Array("Comment\0seed".utf8)
        _ = take_largest_allocation()
        #expect(decodeError(bytes) == .truncated(path: "fuzz.png"))
        if allocation_counting_supported() != 0 {
            #expect(take_largest_allocation() < 1 << 20, "nothing near the chunk's claimed length is allocated")
        }
    }

    /// An IHDR of 4 294 967 295 × 4 294 967 295: multiplying the two overflowed `Int`.
    @Test func hugeIHDRSizesAreTooLargeWithoutOverflowing() throws {
        var bytes = try TestPNG.bytes(width: 4, height: 4, colorType: .gray, bitDepth: 8, samples: Array(repeating: 0, count: 16))
        bytes.replaceSubrange(16..<24, with: repeatElement(0xFF, count: 8))
        #expect(decodeError(bytes) == .tooLarge(path: "fuzz.png", width: 0xFFFF_FFFF, height: 0xFFFF_FFFF))
    }
}
