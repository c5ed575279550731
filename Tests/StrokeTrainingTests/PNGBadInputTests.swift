import Foundation
import Testing
@testable import StrokeTraining

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Damaged and hostile PNGs (docs/bad-inputs.md): each is refused with one error naming the
/// file, or, where the file is a valid if unusual PNG, read.
@Suite struct PNGBadInputTests {
    static let path = "/data/circle/bad.png"

    /// A valid 28×28 gray PNG from libpng, to damage.
    static func goodBytes() throws -> [UInt8] {
        try TestPNG.bytes(width: 28, height: 28, colorType: .gray, bitDepth: 8, samples: (0..<784).map { UInt16($0 % 256) })
    }

    static func error(_ bytes: [UInt8]) -> ImageError? {
        do {
            _ = try PNGDecoder.decode(bytes, path: path)
            return nil
        } catch {
            return error
        }
    }

    /// The offset of chunk `type`'s length field.
    static func chunk(_ type: String, in bytes: [UInt8]) throws -> Int {
        try #require((8..<bytes.count - 8).first { bytes[$0 + 4..<$0 + 8].elementsEqual(type.utf8) })
    }

    /// CRC-32 as PNG chunks use it (ISO 3309), so a test can forge a chunk libpng accepts.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Signature plus an IHDR chunk (with a correct CRC) declaring `width`×`height`, 8-bit gray.
    static func header(width: UInt32, height: UInt32) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        let chunk = Array("IHDR".utf8) + bigEndian(width) + bigEndian(height) + [8, 0, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + chunk + bigEndian(crc32(chunk[...]))
    }

    @Test func badCRCInTheImageDataIsCorrupt() throws {
        var bytes = try Self.goodBytes()
        let idat = try Self.chunk("IDAT", in: bytes)
        let length = bytes[idat..<idat + 4].reduce(0) { $0 << 8 | Int($1) }
        bytes[idat + 8 + length] ^= 0xFF  // first CRC byte; the data itself is intact
        let error = try #require(Self.error(bytes))
        guard case let .corrupt(path, reason) = error else {
            Issue.record("expected .corrupt, got \(error)")
            return
        }
        #expect(path == Self.path && reason.lowercased().contains("crc"), "\(reason)")
        #expect(error.description.hasPrefix("\(Self.path): ") && error.description.contains("re-export it or remove it"))
    }

    @Test func badCRCInTheHeaderIsCorrupt() throws {
        var bytes = try Self.goodBytes()
        bytes[29] ^= 0xFF  // IHDR's CRC: signature 8 + length 4 + type 4 + data 13
        guard case let .corrupt(path, reason)? = Self.error(bytes) else {
            Issue.record("expected .corrupt, got \(String(describing: Self.error(bytes)))")
            return
        }
        #expect(path == Self.path && reason.lowercased().contains("crc"), "\(reason)")
    }

    @Test(arguments: [10, 16, 22, 30, 33])
    func truncatedInTheHeaderIsTruncated(cut: Int) throws {
        #expect(Self.error(Array(try Self.goodBytes().prefix(cut))) == .truncated(path: Self.path))
    }

    @Test func truncatedInTheImageDataIsTruncated() throws {
        let bytes = try Self.goodBytes()
        let idat = try Self.chunk("IDAT", in: bytes)
        #expect(Self.error(Array(bytes.prefix(idat + 8 + 10))) == .truncated(path: Self.path))
    }

    /// A decompression bomb is a small file declaring a huge image: refused from the IHDR
    /// numbers alone. Nothing after the header is even present here, so the decision cannot
    /// come from libpng reading on (and no 10-gigapixel buffer can have been asked for).
    @Test func hugeDeclaredDimensionsAreRefusedFromTheHeaderAlone() {
        let bytes = Self.header(width: 100_000, height: 100_000)
        #expect(bytes.count == 33)
        let error = Self.error(bytes)
        #expect(error == .tooLarge(path: Self.path, width: 100_000, height: 100_000))
        #expect(error?.description.contains("100000×100000") == true && error?.description.contains("scale it down") == true)
    }

    @Test func hugeDeclaredDimensionsInAWholeFileAreRefused() throws {
        // A real file whose IHDR (CRC fixed up) claims far more pixels than its data holds.
        let good = try Self.goodBytes()
        let bytes = Self.header(width: 100_000, height: 100_000) + good[33...]
        #expect(Self.error(bytes) == .tooLarge(path: Self.path, width: 100_000, height: 100_000))
        // Just inside the limit, a lie about the size is caught by libpng as missing data.
        let side = UInt32(Int(Double(PNGDecoder.maximumPixels).squareRoot()))
        let error = Self.error(Self.header(width: side, height: side) + good[33...])
        #expect(error == .truncated(path: Self.path) || { if case .corrupt? = error { true } else { false } }(), "\(String(describing: error))")
    }

    @Test func interlacedColourImagesDecode() throws {
        // Adam7 with every colour type the simplified reader converts: gray+alpha, RGBA 16-bit, palette.
        let gray = (0..<(9 * 7)).map { UInt16(($0 * 37) % 256) }
        let grayAlpha = try PNGDecoder.decode(
            try TestPNG.bytes(width: 9, height: 7, colorType: .grayAlpha, bitDepth: 8, samples: gray.flatMap { [$0, 255] }, interlaced: true),
            path: "ga.png")
        #expect(grayAlpha.pixels == gray.map { UInt8($0) })
        let rgba = try PNGDecoder.decode(
            try TestPNG.bytes(
                width: 9, height: 7, colorType: .rgba, bitDepth: 16, samples: gray.flatMap { [$0 * 257, $0 * 257, $0 * 257, 65535] },
                interlaced: true),
            path: "rgba.png")
        #expect(zip(rgba.pixels, gray).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "\(rgba.pixels) vs \(gray)")
        let palette = try PNGDecoder.decode(
            try TestPNG.bytes(
                width: 9, height: 7, colorType: .palette, bitDepth: 4, samples: gray.map { $0 % 2 },
                palette: [(0, 0, 0), (255, 255, 255)], interlaced: true),
            path: "palette.png")
        #expect(palette.pixels == gray.map { $0 % 2 == 1 ? 255 : 0 })
    }

    /// libpng's simplified reader scrambles the rows of interlaced 16-bit files when it scales
    /// them to 8 bits (libpng issue #853): they must read as the same image saved without interlacing.
    @Test(arguments: [TestColorType.gray, .grayAlpha, .rgb, .rgba])
    func interlacedSixteenBitReadsAsWithoutInterlacing(_ colorType: TestColorType) throws {
        var random = SeededGenerator(seed: 11)
        let (width, height) = (13, 11)
        let samples = (0..<(width * height * colorType.channels)).map { _ in UInt16(truncatingIfNeeded: random.next()) }
        func read(interlaced: Bool) throws -> [UInt8] {
            try PNGDecoder.decode(
                try TestPNG.bytes(width: width, height: height, colorType: colorType, bitDepth: 16, samples: samples, interlaced: interlaced),
                path: "16.png"
            ).pixels
        }
        let plain = try read(interlaced: false), interlaced = try read(interlaced: true)
        let worst = zip(plain, interlaced).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "largest difference \(worst): \(interlaced) vs \(plain)")
    }

    // MARK: files that cannot be read

    static func readError(_ url: URL) -> ImageError? {
        do {
            _ = try PNGDecoder.decode(contentsOf: url)
            return nil
        } catch {
            return error
        }
    }

    @Test func aFolderNamedLikeAPNGIsUnreadable() throws {
        let folder = try TemporaryFolder()
        let url = try folder.folder("looks.png")
        #expect(Self.readError(url) == .fileUnreadable(path: url.path, reason: "it is a folder, not a file"))
    }

    @Test func linksThatLoopOrLeadNowhereSaySo() throws {
        let folder = try TemporaryFolder()
        let loop = folder.url.appendingPathComponent("loop.png")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: "loop.png")
        #expect(Self.readError(loop) == .fileUnreadable(path: loop.path, reason: "it is a symbolic link that loops back on itself"))
        let dangling = folder.url.appendingPathComponent("dangling.png")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "gone.png")
        #expect(Self.readError(dangling) == .fileUnreadable(path: dangling.path, reason: "it is a link to gone.png, which does not exist"))
    }

    /// Root reads any file, so this runs only as another user; CommandLineTests covers it as root
    /// by running the command as `nobody`.
    @Test(.enabled(if: getuid() != 0, "root can read a file without read permission"))
    func aFileWithoutReadPermissionSaysSo() throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("locked.png")
        try Data(try Self.goodBytes()).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: url.path)
        #expect(Self.readError(url) == .fileUnreadable(path: url.path, reason: "permission denied"))
    }
}
